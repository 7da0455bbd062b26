/**
 * `place feature|jigsaw|structure|template` of vanilla 1.21.4 (server/commands/PlaceCommand.java):
 * template in place-template.ts (mcbridge's saved structures), the worldgen ones in place-worldgen.ts.
 */
import { readLiteral } from '../command-arguments.js';
import type { CommandContext } from '../context.js';
import { placeTemplate } from './place-template.js';
import { placeFeature, placeJigsaw, placeStructure } from './place-worldgen.js';
export async function place(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  const kind = readLiteral(reader, ['feature', 'jigsaw', 'structure', 'template'] as const);
  if (kind === 'feature') return placeFeature(ctx);
  if (kind === 'jigsaw') return placeJigsaw(ctx);
  if (kind === 'structure') return placeStructure(ctx);
  return placeTemplate(ctx);
}
