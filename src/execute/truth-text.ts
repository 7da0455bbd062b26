/**
 * Lines of the batch text that keep the conversation true: the rollback headline (first line, so that no
 * one reads "applied" further down and builds on it), whether undo can put the batch back, and where the
 * bot stands after it moved. Rendered from the structured result; render.ts places them.
 */
import type { BatchResult } from '../results/schema.js';

const MAX_POSITIONS = 10;

const quote = (command: string) => `\`${command.length > 60 ? `${command.slice(0, 57)}...` : command}\``;

/** First line of a rolled-back batch; undefined when nothing was rolled back. */
export function rollbackHeadline(batch: BatchResult): string | undefined {
  const t = batch.transaction;
  if (!t?.rolledBack) return undefined;
  const causes = (t.causes ?? [])
    .map((i) => batch.results[i])
    .filter((r) => r !== undefined)
    .map((r) => `#${r.index + 1} ${quote(r.command)} ${r.status}: ${r.summary}`);
  const caused = causes.length ? causes.join('; ') : (t.reason ?? 'a command failed');
  const restore = t.restore;
  const left = restore ? (restore.notRestoredCount ?? restore.mismatches.length) : 0;
  if (left > 0) {
    return `ROLLED BACK INCOMPLETELY: the transaction failed (${caused}) and ${left} block(s) could NOT be put back: ${notRestored(batch)}. Inspect them with get_blocks_in_area, fix the failed command(s), then resend the WHOLE batch (all ${batch.totalCommands} commands).`;
  }
  const unchecked = restore?.status === 'not_checked' ? ' (the restore could not be read back)' : '';
  return `ROLLED BACK: nothing changed${unchecked} — caused by ${caused}. Fix ${causes.length === 1 ? 'that command' : 'those commands'} and resend the WHOLE batch (all ${batch.totalCommands} commands); resending only the failed ones would build half of it.`;
}

/** The positions a restore did not put back, listed exactly (the first MAX_POSITIONS, then a count). */
export function notRestored(batch: BatchResult): string {
  const restore = batch.transaction?.restore;
  if (!restore) return '';
  return listMismatches(restore.mismatches, restore.notRestoredCount ?? restore.mismatches.length);
}

export function listMismatches(
  mismatches: ReadonlyArray<{ x: number; y: number; z: number; expected: string; actual: string }>,
  total: number,
): string {
  const shown = mismatches
    .slice(0, MAX_POSITIONS)
    .map((m) => `${m.x} ${m.y} ${m.z} (should be ${m.expected}, is ${m.actual})`);
  const more = total - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more (structuredContent lists up to 100)` : '');
}

/** Whether undo_last can take this batch back. */
export function undoLine(batch: BatchResult): string | undefined {
  const u = batch.undo;
  if (!u) return undefined;
  if (u.status === 'recorded')
    return `undo: recorded${u.reason ? ` (${u.reason})` : ''} — undo_last puts these blocks back`;
  return `undo: not recorded — ${u.reason ?? 'no reason given'}`;
}

/** Where the bot stands after each command that moved it. */
export function positionLines(batch: BatchResult): string[] {
  return batch.results
    .filter((r) => r.botPosition)
    .map((r) => {
      const p = r.botPosition!;
      return `#${r.index + 1} moved the bot: it now stands at ${p.x} ${p.y} ${p.z} (block ${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)})`;
    });
}
