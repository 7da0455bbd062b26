/**
 * The text of a batch result, rendered from the structured object. Many clients show a model only this
 * text, so it carries the status, each failure with its fix, and every next step as a ready call.
 */
import type { BlockPos } from '../vocabulary/blocks/box.js';
import type { NextStep, WorldRead } from './action-hints.js';
import type { BatchResult, CommandResult } from './schema.js';
import { isUnchanged, UNCHANGED, UNCHANGED_MEANS } from './unchanged.js';
import { readBackAsWritten } from './verification.js';

const MAX_ROWS = 40;
/** a call longer than this is cut in the text; structuredContent.actionHints has it whole */
const MAX_CALL_CHARS = 600;

const callOf = (s: NextStep) => `${s.suggestedTool} ${JSON.stringify(s.suggestedArgs ?? {})}`;

/** Whether a step's call is too long to be quoted whole in the text. */
export const callTooLong = (s: NextStep): boolean =>
  s.suggestedTool !== undefined && callOf(s).length > MAX_CALL_CHARS;

/**
 * One line per next step: the exact call, what it does, and whether the build needs it. `keptAs`: the batch
 * is kept under this id, and an execute_commands call too long to quote is given by reference to it (the
 * call `execute_commands {"resend":{batchId, step}}` runs the step's own arguments).
 */
export function renderNextSteps(steps: readonly NextStep[], keptAs?: string): string[] {
  return steps.map((s, k) => {
    const need = s.optional ? 'optional' : 'required';
    if (!s.suggestedTool) return `next (${need}): ${s.description}`;
    let call = callOf(s);
    if (call.length > MAX_CALL_CHARS) {
      call =
        keptAs !== undefined && s.suggestedTool === 'execute_commands'
          ? `execute_commands ${JSON.stringify({ resend: { batchId: keptAs, step: k + 1 } })} (runs the call of actionHints.nextSteps[${k}], too long to quote here)`
          : `${call.slice(0, MAX_CALL_CHARS - 1)}… (whole call in actionHints)`;
    }
    return `next (${need}): ${call} — ${s.description}`;
  });
}

/** the same message with other numbers (coordinates, counts) */
const shape = (summary: string) => summary.replace(/-?\d+(\.\d+)?/g, '#');

/** Most runs a grouped line names; the rest are counted. */
const MAX_RUNS = 12;

/**
 * The numbers of exactly these commands (numbered from 1), consecutive ones as runs: `#1–#4, #6–#7`. Never a
 * range that takes in a command the group does not hold.
 */
export const commandNumbers = (group: readonly CommandResult[]): string =>
  numberRuns(group.map((r) => r.index));

/** `commandNumbers` for indexes into a batch (numbered from 1 in the text). */
export const numberRuns = (indexes: readonly number[]): string => {
  const runs: Array<[number, number]> = [];
  for (const n of indexes.map((i) => i + 1).sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else if (!last || n !== last[1]) runs.push([n, n]);
  }
  const named = runs.slice(0, MAX_RUNS).map(([a, b]) => (a === b ? `#${a}` : `#${a}–#${b}`));
  const rest = runs.slice(MAX_RUNS).reduce((n, [a, b]) => n + b - a + 1, 0);
  return named.join(', ') + (rest ? ` and ${rest} more` : '');
};

/**
 * Results with the same status and the same kind of message (numbers aside) are one line naming exactly their
 * commands (`#1–#7 rejected_by_game: That position is not loaded`, `#1–#4, #6–#7 applied (6): Changed the block
 * at 3, 4, 5 …`); an applied command whose blocks the world does not show stands on its own line.
 */
export function renderResultLines(
  results: readonly CommandResult[],
  maxRows = MAX_ROWS,
  /** where a reader finds the lines left out */
  moreAt = 'every result is in structuredContent.results',
): string[] {
  const rows: string[] = [];
  const groups = new Map<string, CommandResult[]>();
  const order: Array<CommandResult | CommandResult[]> = [];
  for (const r of results) {
    if (r.status === 'applied' && r.verification?.status === 'mismatch') {
      order.push(r);
      continue;
    }
    // applied writes that could not be read back are summed up apart from those that were
    const key = `${r.status} ${isUnchanged(r)} ${notReadBack(r) ?? ''} ${shape(r.summary)}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else {
      const fresh = [r];
      groups.set(key, fresh);
      order.push(fresh);
    }
  }
  for (const item of order) {
    if (!Array.isArray(item)) rows.push(resultLine(item));
    else {
      const first = item[0]!;
      const unread = notReadBack(first);
      const what = isUnchanged(first)
        ? `${UNCHANGED} (${UNCHANGED_MEANS})`
        : first.status !== 'applied'
          ? first.status
          : unread
            ? `applied, not read back (${unread})`
            : 'applied';
      const count = item.length > 1 ? ` (${item.length})` : '';
      // the numbers in the others' messages differ: the first stands for them
      const more = item.some((r) => r.summary !== first.summary) ? ' …' : '';
      rows.push(`${commandNumbers(item)} ${what}${count}: ${first.summary}${more}`);
    }
  }
  if (rows.length <= maxRows) return rows;
  return [...rows.slice(0, maxRows), `… ${rows.length - maxRows} more lines: ${moreAt}`];
}

/**
 * Why an applied command's blocks were not all read back, or undefined when they were (or it wrote none).
 * The server confirmed the command; this says what mcbridge could not check in the world itself.
 */
function notReadBack(r: CommandResult): string | undefined {
  const v = r.verification;
  if (r.status !== 'applied' || !v || readBackAsWritten(v) || v.status === 'mismatch') return undefined;
  if (v.status === 'unloaded')
    return `${v.unloaded ?? 'some'} position(s) in chunks the bot has not loaded; move it near them and check with get_blocks_in_area`;
  const unjudged = v.notChecked ? `${v.notChecked} position(s) not judged` : 'not checked';
  return `${unjudged}${v.reason ? `: ${v.reason}` : ''}; check with get_blocks_in_area`;
}

function resultLine(r: CommandResult): string {
  const v = r.verification;
  if (v?.status !== 'mismatch') return `#${r.index + 1} ${r.status}: ${r.summary}`;
  const first = v.mismatches[0];
  const where = first
    ? `: at ${first.x} ${first.y} ${first.z} expected ${first.expected}, found ${first.actual}`
    : '';
  return `#${r.index + 1} applied, but the world differs at ${v.checked - v.matched} of ${v.checked} blocks${where}`;
}

/** how many applied commands the world confirmed: the compact answer leaves their verification out */
function verifiedNote(batch: BatchResult): string {
  const verified = batch.results.filter((r) => readBackAsWritten(r.verification)).length;
  return verified ? ` (${verified} read back from the world as written)` : '';
}

/**
 * `page`: the answer lists only some results; the text says how to read the rest. `keptAs`: the batch is kept
 * under this id (ResultPages), so that a next step too long to quote is given by reference.
 */
export function renderBatchText(
  batch: BatchResult,
  page?: { listed: number; batchId: string },
  keptAs?: string,
): string {
  // "already there" changed nothing and needs nothing: counted apart, never as failed
  const unchanged = batch.unchangedCount ? `${batch.unchangedCount} ${UNCHANGED} (${UNCHANGED_MEANS}), ` : '';
  // a rolled-back batch changed nothing: that comes first, before any count
  const headline = rollbackHeadline(batch);
  const lines = [
    ...(headline ? [headline] : []),
    `${batch.appliedCount}/${batch.totalCommands} applied${verifiedNote(batch)}, ${batch.rolledBackCount ? `${batch.rolledBackCount} rolled back, ` : ''}${unchanged}${batch.failedCount} failed, ${batch.unknownCount} unknown (${Math.round(batch.executionTimeMs)} ms, ${batch.captureStrategy} capture)`,
    ...(headline ? [] : [batch.hint]),
    ...positionLines(batch),
  ];
  const undo = undoLine(batch);
  if (undo) lines.push(undo);
  const moreAt = page
    ? `get_batch_results ${JSON.stringify({ batchId: page.batchId })}`
    : 'every result is in structuredContent.results';
  lines.push(
    ...renderResultLines(batch.results, MAX_ROWS, moreAt),
    ...renderNextSteps(batch.actionHints?.nextSteps ?? [], keptAs ?? page?.batchId),
  );
  for (const note of batch.actionHints?.moduleHints ?? []) lines.push(`note: ${note}`);
  const read = batch.actionHints?.worldRead;
  if (read) lines.push(worldReadLine(read));
  if (page) {
    lines.push(
      `structuredContent lists ${page.listed} of ${batch.totalCommands} results; every result: get_batch_results ${JSON.stringify({ batchId: page.batchId })}`,
    );
  }
  return lines.join('\n');
}

const listedVolume = (boxes: ReadonlyArray<{ min: BlockPos; max: BlockPos }>) =>
  boxes.reduce((n, b) => n + (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1), 0);

/** What the hints above were drawn from: the box of the world they read, or why they read none. */
function worldReadLine(read: WorldRead): string {
  if (read.status === 'not_read')
    return `hints read no world (${read.reason}): they say nothing about rooms, doors, windows or light`;
  const { min, max } = read.box;
  const parts = (read.unread ?? []).map((b) => `x ${b.min.x}..${b.max.x} z ${b.min.z}..${b.max.z}`);
  const where = parts.length
    ? ` (chunks not loaded: ${parts.join('; ')}${read.unreadable > listedVolume(read.unread ?? []) ? '; and more' : ''})`
    : '';
  const unread = read.unreadable
    ? `; ${read.unreadable} of its blocks could not be read${where}: the hints could not judge what needed them and say nothing of it`
    : '';
  return `hints read the world in (${min.x},${min.y},${min.z})–(${max.x},${max.y},${max.z}) (${read.blocks} blocks) after the batch${unread}`;
}

// The lines that keep the conversation true: the rollback headline (first line, so that no one reads
// "applied" further down and builds on it), whether undo can put the batch back, and where the bot stands
// after it moved.

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
      return `#${r.index + 1} moved the bot: it is now at ${p.x} ${p.y} ${p.z} (block ${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)})`;
    });
}
