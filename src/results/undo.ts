/**
 * The answer of undo_last: its shape (what was put back and read back, what failed, where it stopped) and
 * its text — what was put back, what was not, and what to do about it.
 */
import { z } from 'zod';
import { listMismatches } from './text.js';

const Mismatch = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  expected: z.string(),
  actual: z.string(),
});

const Restore = z.object({
  label: z.string(),
  at: z.string(),
  /** restore commands sent */
  commands: z.number().int(),
  /** verified: read back as before; not_checked: sent, but the blocks cannot be read; mismatch: see below */
  status: z.enum(['verified', 'mismatch', 'not_checked']),
  /** blocks of the batch's snapshot */
  blocks: z.number().int(),
  /** of those, how many read back as they were before the batch */
  restoredCount: z.number().int(),
  notRestoredCount: z.number().int(),
  /** the blocks not put back (the first 100) */
  mismatches: z.array(Mismatch),
});

const Unrecorded = z.object({ label: z.string(), at: z.string(), reason: z.string() });

export const UndoLastOutput = z.object({
  /** batches put back and read back, newest first (their entries are used up) */
  undone: z.array(Restore),
  /** a batch whose restore did not verify: its entry is kept, undo_last can be called again */
  failed: Restore.optional(),
  /** stopped here: the next batch back was not recorded for undo (nothing was changed for it) */
  refused: Unrecorded.optional(),
  /** not-recorded batches passed over because past_unrecorded was true */
  passed: z.array(Unrecorded),
  /** entries (recorded or not) still in the history */
  remaining: z.number().int(),
});
export type UndoLastResult = z.infer<typeof UndoLastOutput>;

/** The text of an undo_last result. */
export function renderUndoText(out: UndoLastResult): string {
  const lines: string[] = [];
  if (out.failed) {
    const f = out.failed;
    lines.push(
      `NOT UNDONE: restoring ${f.label} (${f.at}) did not read back as before — ${f.restoredCount} of ${f.blocks} block(s) are as they were, ${f.notRestoredCount} are NOT: ${listMismatches(f.mismatches, f.notRestoredCount)}. The undo entry is kept: move the bot near those blocks (they must be loaded, e.g. tp @s there) and call undo_last again.`,
    );
  }
  if (out.refused && out.undone.length === 0 && !out.failed) {
    const r = out.refused;
    lines.push(
      `NOT UNDONE: the last batch (${r.label}, ${r.at}) was not recorded for undo: ${r.reason}. Nothing was changed. undo_last cannot put that batch back; repair it with execute_commands. To undo the batch before it anyway (leaving this one as it is), call undo_last with past_unrecorded: true.`,
    );
  }
  for (const p of out.passed)
    lines.push(`passed over (not recorded, left as it is): ${p.label} — ${p.reason}`);
  for (const u of out.undone) {
    lines.push(
      u.status === 'verified'
        ? `undid ${u.label}: ${u.blocks} block(s) put back and read back (${u.commands} restore commands)`
        : `restored ${u.label}: the server accepted all ${u.commands} restore commands, but this connection cannot read blocks back to check`,
    );
  }
  if (out.refused && (out.undone.length > 0 || out.failed)) {
    lines.push(
      `stopped at ${out.refused.label}: not recorded for undo (${out.refused.reason}); call undo_last with past_unrecorded: true to go past it`,
    );
  }
  lines.push(`${out.remaining} undo entr${out.remaining === 1 ? 'y' : 'ies'} left`);
  return lines.join('\n');
}
