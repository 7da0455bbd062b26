/**
 * Phase "record undo": every batch that changed the world leaves either its snapshot or a marker saying
 * why undo cannot put it back — never nothing, so undo_last cannot reach past it to an older batch.
 */
import type { Snapshot } from '../batch/snapshot.js';
import { NO_WORLD_CHANGE } from '../outcome/silent.js';
import type { UndoHistory } from '../batch/undo.js';
import type { BlockWrite } from '../commands/block-write.js';
import { type ParsedCommand, parseCommand } from '../commands/parse.js';
import type { BatchResult, CommandResult } from '../results/schema.js';

// a teleport of the bot only moves the bot
const MOVES_ONLY = new Set(['tp', 'teleport']);

export type UndoOutcome = NonNullable<BatchResult['undo']>;

export function recordUndo(
  history: UndoHistory,
  commands: readonly string[],
  results: readonly CommandResult[],
  writes: readonly BlockWrite[][],
  basis: { snapshot?: Snapshot; undoProblem?: string },
  /** a transaction put the batch back: completely (nothing changed) or not (some blocks still differ) */
  rollback: 'none' | 'complete' | 'incomplete',
  /** the safety check's parse, reused */
  parsed: ReadonlyArray<ParsedCommand | undefined> = [],
): UndoOutcome {
  const nameOf = (r: CommandResult) => (parsed[r.index] ?? parseCommand(r.command)).effectiveName;
  if (rollback === 'complete')
    return { status: 'not_recorded', reason: 'rolled back: the batch changed nothing' };
  if (rollback === 'incomplete') {
    // blocks still differ: keep the snapshot, so undo_last can try the restore again
    if (!basis.snapshot) {
      const reason = 'the rollback left blocks changed, and no snapshot of them was taken';
      history.push({ kind: 'not_recorded', label: describe(commands), at: new Date().toISOString(), reason });
      return { status: 'not_recorded', reason };
    }
    history.push({
      kind: 'recorded',
      label: describe(commands),
      at: new Date().toISOString(),
      snapshot: basis.snapshot,
    });
    return {
      status: 'recorded',
      reason: 'the rollback left blocks changed: undo_last tries the restore again',
    };
  }
  const ran = results.filter((r) => r.status === 'applied' || (r.status === 'unknown' && r.accepted));
  const changing = ran.filter((r) => {
    const name = nameOf(r);
    return !NO_WORLD_CHANGE.has(name) && !MOVES_ONLY.has(name);
  });
  if (changing.length === 0) {
    const moved = ran.some((r) => MOVES_ONLY.has(nameOf(r)));
    return {
      status: 'not_recorded',
      reason: moved
        ? 'nothing to undo: the batch only moved the bot'
        : 'nothing to undo: no command changed the world',
    };
  }
  const label = describe(commands);
  const at = new Date().toISOString();
  const other = changing.filter((r) => (writes[r.index]?.length ?? 0) === 0);
  const blockWriters = changing.length - other.length;
  if (blockWriters === 0 || !basis.snapshot) {
    const reason =
      blockWriters === 0
        ? `its commands (${names(other, nameOf)}) write no blocks, and undo only puts blocks back`
        : (basis.undoProblem ?? 'no snapshot of its blocks was taken');
    history.push({ kind: 'not_recorded', label, at, reason });
    return { status: 'not_recorded', reason };
  }
  history.push({ kind: 'recorded', label, at, snapshot: basis.snapshot });
  return other.length
    ? { status: 'recorded', reason: `blocks only: undo cannot take back ${names(other, nameOf)}` }
    : { status: 'recorded' };
}

const names = (rs: readonly CommandResult[], nameOf: (r: CommandResult) => string) =>
  rs
    .slice(0, 5)
    .map((r) => `#${r.index + 1} ${nameOf(r)}`)
    .join(', ') + (rs.length > 5 ? ` and ${rs.length - 5} more` : '');

const describe = (commands: readonly string[]) =>
  `${commands.length} command${commands.length === 1 ? '' : 's'}: ${commands[0]?.slice(0, 60) ?? ''}${commands.length > 1 ? ' …' : ''}`;
