/**
 * Undo's core: put back the newest recorded batches of a connection from their snapshots and read them
 * back. It never guesses: at a batch that was not recorded it stops (unless told to pass it), and an entry
 * whose restore does not read back as the snapshot stays in the history.
 */
import { channelBlockSource } from '../connection/block-reads.js';
import type { ConnectionSession } from '../connection/session.js';
import type { UndoLastResult } from '../results/undo.js';
import { restoreSnapshot } from './transaction.js';
import type { UndoHistory } from './undo.js';

/** Undoes up to `steps` recorded batches, newest first; the caller holds the session's queue. */
export async function undoSteps(
  session: ConnectionSession,
  history: UndoHistory,
  steps: number,
  pastUnrecorded: boolean,
): Promise<UndoLastResult> {
  const out: UndoLastResult = { undone: [], passed: [], remaining: 0 };
  while (out.undone.length < steps) {
    const entry = history.peek();
    if (!entry) break;
    if (entry.kind === 'not_recorded') {
      const marker = { label: entry.label, at: entry.at, reason: entry.reason };
      if (!pastUnrecorded) {
        out.refused = marker;
        break;
      }
      history.pop();
      out.passed.push(marker);
      continue;
    }
    history.pop();
    const report = await restoreSnapshot(session, entry.snapshot, channelBlockSource(session.channel));
    const blocks = entry.snapshot.states.size;
    const restore = {
      label: entry.label,
      at: entry.at,
      commands: report.commands,
      status: report.status,
      blocks,
      restoredCount: report.status === 'not_checked' ? 0 : blocks - report.notRestoredCount,
      notRestoredCount: report.notRestoredCount,
      mismatches: report.mismatches,
    };
    const done = report.status === 'verified' || (report.status === 'not_checked' && report.failed === 0);
    if (!done) {
      // nothing is used up: calling again (with the area loaded) puts the rest back
      history.putBack(entry);
      out.failed = restore;
      break;
    }
    out.undone.push(restore);
  }
  out.remaining = history.size;
  return out;
}
