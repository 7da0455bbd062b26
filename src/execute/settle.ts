/**
 * Phase "settle transaction": when a command of a transactional batch failed, put the snapshot back and
 * say so in every result — a command whose blocks were put back is `rolled_back`, not `applied`.
 */
import type { Snapshot } from '../batch/snapshot.js';
import { type RestoreReport, restoreSnapshot } from '../batch/transaction.js';
import { boxOfWrite } from '../commands/block-box.js';
import type { BlockWrite } from '../commands/block-write.js';
import type { ConnectionSession } from '../connection/session.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { isUnchanged } from '../results/unchanged.js';
import { channelBlockSource } from '../connection/block-reads.js';

const ROLLBACK_ON = new Set(['rejected_by_game', 'execution_error', 'timed_out']);

export type Transaction = NonNullable<BatchResult['transaction']>;

export async function settleTransaction(
  session: ConnectionSession,
  results: CommandResult[],
  writes: readonly BlockWrite[][],
  snapshot: Snapshot | undefined,
): Promise<Transaction> {
  // an unchanged command (the world already matched) left the world as asked: never a cause
  const causes = results.filter((r) => ROLLBACK_ON.has(r.status) && !isUnchanged(r));
  // no snapshot: the batch wrote no blocks, so there is nothing to put back
  if (causes.length === 0 || !snapshot) return { rolledBack: false };
  const reason = causes.map((r) => `#${r.index + 1} ${r.status}: ${r.summary}`).join('; ');
  const report = await restoreSnapshot(session, snapshot, channelBlockSource(session.channel));
  for (const r of results) markRolledBack(r, writes[r.index] ?? [], report);
  return {
    rolledBack: true,
    reason,
    causes: causes.map((r) => r.index),
    restore: report,
  };
}

/** A command that ran (or may have) had its blocks put back: what it did no longer stands. */
function markRolledBack(r: CommandResult, writes: readonly BlockWrite[], report: RestoreReport): void {
  const ran = r.status === 'applied' || (r.status === 'unknown' && r.accepted);
  if (!ran) return;
  const left = stillChanged(writes, report);
  // more blocks were left changed than are listed: a command with none listed may still have some
  const unlisted = left === 0 && report.notRestoredCount > report.mismatches.length;
  r.status = 'rolled_back';
  // blocks of this command that the restore did not put back: its effect may partly stand
  r.applied = left > 0 || unlisted || report.status === 'not_checked' ? null : false;
  r.summary =
    left > 0
      ? `Rolled back, but ${left} of its blocks were not put back (see transaction.restore.mismatches); was: ${r.summary}`
      : unlisted
        ? `Rolled back, but the restore left ${report.notRestoredCount} blocks changed and lists only ${report.mismatches.length}: some of this command's may be among the rest — check with get_blocks_in_area; was: ${r.summary}`
        : report.status === 'not_checked'
          ? `Rolled back: the transaction sent its blocks back but could not read them to check; was: ${r.summary}`
          : `Rolled back: the transaction put its blocks back; was: ${r.summary}`;
  delete r.verification;
}

function stillChanged(writes: readonly BlockWrite[], report: RestoreReport): number {
  if (report.notRestoredCount === 0) return 0;
  const boxes = writes.flatMap(boxOfWrite);
  return report.mismatches.filter((m) =>
    boxes.some(
      (b) =>
        m.x >= b.min.x &&
        m.x <= b.max.x &&
        m.y >= b.min.y &&
        m.y <= b.max.y &&
        m.z >= b.min.z &&
        m.z <= b.max.z,
    ),
  ).length;
}
