/**
 * place_structure's report of the file's air: how many of the world's blocks the file's air replaced, by the
 * server's own counts (vanilla's FillCommand counts the positions BlockInput.place changed; a setblock
 * changes one or fails), or with skipAir, how many positions it left as the world had them.
 */
import type { CommandResult } from '../../results/schema.js';
import { writesAir } from '../../structures/parts.js';
import { z } from 'zod';

/** How many of the world's blocks the plan's air replaced, by the server's own counts. */
export interface AirReplaced {
  /** blocks the server said the air commands changed */
  replaced: number;
  /** air commands whose answer gave no count (silent, unknown, not sent) */
  uncounted: number;
}

export function airReplaced(results: readonly CommandResult[]): AirReplaced | undefined {
  let replaced = 0;
  let uncounted = 0;
  let any = false;
  for (const r of results) {
    if (!writesAir(r.command)) continue;
    any = true;
    const key = r.detail?.key;
    // vanilla's fill counts the positions whose block changed; setblock changes one or fails
    if (r.status === 'applied' && key === 'commands.fill.success' && r.detail?.args?.[0] !== undefined)
      replaced += Number(r.detail.args[0]);
    else if (r.status === 'applied' && key === 'commands.setblock.success') replaced += 1;
    else if (r.detail?.noChange !== true) uncounted++;
  }
  return any ? { replaced, uncounted } : undefined;
}

export const AirSchema = z
  .object({
    replaced: z
      .number()
      .int()
      .describe('blocks of the world the file’s air replaced, as the server counted them'),
    uncounted: z
      .number()
      .int()
      .describe(
        'air commands whose answer gave no count (silent, unknown or not sent): replaced is at least',
      ),
    kept: z
      .number()
      .int()
      .optional()
      .describe('skipAir: positions where the file has air and the world was left as it is'),
  })
  .optional()
  .describe('the file’s air: what it replaced in the world, or (skipAir) where it left the world alone');

/** The air report of a placement: counted from the answers, or the positions skipAir left alone. */
export function airReport(
  results: readonly CommandResult[],
  skipAir: boolean,
  airPositions: number,
): z.infer<typeof AirSchema> {
  if (skipAir) return airPositions > 0 ? { replaced: 0, uncounted: 0, kept: airPositions } : undefined;
  return airReplaced(results);
}

export function airLine(air: NonNullable<z.infer<typeof AirSchema>>): string {
  if (air.kept !== undefined)
    return `skipAir: where the file has air (${air.kept} positions) the world was left as it is; compare_structure counts those positions where the world's block is not air.`;
  const count =
    air.uncounted > 0
      ? `at least ${air.replaced} of the world's blocks (${air.uncounted} air command(s) gave no count)`
      : `${air.replaced} of the world's block${air.replaced === 1 ? '' : 's'}`;
  return `The file's air replaced ${count}, as the server counted them${air.replaced > 0 || air.uncounted > 0 ? '; to keep the world where the file has air, undo_last and place again with skipAir: true' : ''}.`;
}
