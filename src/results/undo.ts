/**
 * The answer of undo_last: its shape (what was changed back, what already matched, what failed, where it
 * stopped, and what the history still holds) and its text — what was put back, what was not, what undo can
 * still reach and what to do about it.
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
  /** blocks of the batch's snapshot (every block it could have written) */
  blocks: z.number().int(),
  /** of those, how many read back as they were before the batch */
  restoredCount: z.number().int(),
  notRestoredCount: z.number().int(),
  /** blocks that differed from the snapshot and were put back (absent when blocks cannot be read) */
  changedBack: z.number().int().optional(),
  /** blocks that were already as before the batch (it did not change them, or they were changed back since) */
  alreadyMatched: z.number().int().optional(),
  /** the blocks not put back (the first 100) */
  mismatches: z.array(Mismatch),
  /** a batch built part by part far away: undo moved the bot over each part; where it stands now */
  botPosition: z.object({ x: z.number(), y: z.number(), z: z.number() }).optional(),
});

const Unrecorded = z.object({ label: z.string(), at: z.string(), reason: z.string() });

/** One entry of the undo history, newest first. */
export const UndoEntryView = z.object({
  label: z.string(),
  at: z.string(),
  /** undo_last (without past_unrecorded) would put this one back now */
  undoable: z.boolean(),
  /**
   * a change undo did not record (a build job, a batch it could not snapshot): undo_last stops here, since
   * undoing an older batch could overwrite blocks this change wrote; past_unrecorded: true goes past it
   */
  barrier: z.boolean(),
  /** a barrier: why undo cannot put it back */
  reason: z.string().optional(),
  /** recorded, but a not-recorded entry (this label) stands in front of it: only past_unrecorded reaches it */
  behind: z.string().optional(),
});
export type UndoEntryView = z.infer<typeof UndoEntryView>;

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
  /** of those, how many undo_last can put back now (recorded, with no not-recorded entry in front) */
  undoableNow: z.number().int(),
  /** of those, how many are barriers (they take none of the places kept for recorded batches) */
  barriers: z.number().int(),
  /** every entry still in the history, newest first */
  entries: z.array(UndoEntryView),
});
export type UndoLastResult = z.infer<typeof UndoLastOutput>;

const blocksDone = (u: z.infer<typeof Restore>) =>
  u.changedBack !== undefined
    ? `changed back ${u.changedBack} block(s), ${u.alreadyMatched ?? 0} already matched (of the ${u.blocks} its commands could write), read back`
    : `${u.blocks} block(s) put back and read back`;

/** The text of an undo_last result. */
export function renderUndoText(out: UndoLastResult): string {
  const lines: string[] = [];
  if (out.failed) {
    const f = out.failed;
    lines.push(
      `NOT UNDONE: restoring ${f.label} (${f.at}) did not read back as before — ${f.restoredCount} of ${f.blocks} block(s) are as they were, ${f.notRestoredCount} are NOT: ${listMismatches(f.mismatches, f.notRestoredCount)}. The undo entry is kept: ${f.botPosition ? 'call undo_last again (it moves the bot over each part of the batch itself)' : 'move the bot near those blocks (they must be loaded, e.g. tp @s there) and call undo_last again'}.`,
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
        ? `undid ${u.label}: ${blocksDone(u)} (${u.commands} restore commands)${movedTo(u.botPosition)}`
        : `restored ${u.label}: the server accepted all ${u.commands} restore commands, but this connection cannot read blocks back to check`,
    );
  }
  if (out.refused && (out.undone.length > 0 || out.failed)) {
    lines.push(
      `stopped at ${out.refused.label}: not recorded for undo (${out.refused.reason}); call undo_last with past_unrecorded: true to go past it`,
    );
  }
  lines.push(...historyLines(out));
  return lines.join('\n');
}

const movedTo = (p: { x: number; y: number; z: number } | undefined) =>
  p ? `; the bot was moved over each part of it and stands at ${p.x} ${p.y} ${p.z}` : '';

/** What the history holds, newest first: each entry, whether undo_last reaches it now, and why not. */
export function historyLines(
  out: Pick<UndoLastResult, 'remaining' | 'undoableNow' | 'barriers' | 'entries'>,
): string[] {
  const barriers = out.barriers
    ? ` and ${out.barriers} barrier${out.barriers === 1 ? '' : 's'} (changes undo did not record; they take none of the places kept for recorded batches)`
    : '';
  const recorded = out.remaining - out.barriers;
  const head = `${out.remaining} undo entr${out.remaining === 1 ? 'y' : 'ies'} left: ${recorded} recorded batch${recorded === 1 ? '' : 'es'}${barriers}; ${out.undoableNow} undoable now${out.entries.length ? ' (newest first):' : ''}`;
  return [
    head,
    ...out.entries.map((e, i) => {
      const what = e.undoable
        ? 'undoable'
        : e.barrier
          ? `BARRIER, undo stops here — not recorded, undo cannot put it back: ${e.reason ?? 'no snapshot'}. Undoing a batch before it could overwrite what it wrote: only undo_last with past_unrecorded: true goes past it, leaving its blocks`
          : `recorded, behind ${e.behind ?? 'a barrier'}: only undo_last with past_unrecorded: true reaches it`;
      return `${i + 1}. ${e.label} (${e.at}) — ${what}`;
    }),
  ];
}
