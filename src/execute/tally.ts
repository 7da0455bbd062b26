/**
 * The batch result: counts from the per-command results (rolled-back commands count as neither applied nor
 * failed; a command whose world already matched is unchanged, not failed).
 */
import type { Capabilities } from '../connection/probe.js';
import { isUnchanged } from '../results/unchanged.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import type { CheckBatchResult } from '../safety/check.js';
import { batchHint } from './hint.js';

const FAILED = new Set(['rejected_by_game', 'execution_error', 'timed_out', 'rejected_by_safety']);

export function tally(
  results: CommandResult[],
  caps: Capabilities,
  parts: {
    startedAt: number;
    safety: CheckBatchResult;
    transaction: BatchResult['transaction'];
    undo: BatchResult['undo'];
  },
): BatchResult {
  const count = (f: (r: CommandResult) => boolean) => results.filter(f).length;
  const rolledBack = count((r) => r.status === 'rolled_back');
  const unchanged = count(isUnchanged);
  const { safety, transaction, undo } = parts;
  const batch: BatchResult = {
    totalCommands: results.length,
    acceptedCount: count((r) => r.accepted),
    appliedCount: count((r) => r.status === 'applied'),
    failedCount: count((r) => FAILED.has(r.status) && !isUnchanged(r)),
    ...(unchanged ? { unchangedCount: unchanged } : {}),
    unknownCount: count((r) => r.status === 'unknown'),
    skippedCount: count((r) => r.status === 'skipped'),
    ...(rolledBack ? { rolledBackCount: rolledBack } : {}),
    executionTimeMs: performance.now() - parts.startedAt,
    captureStrategy: caps.strategy,
    results,
    chatMessages: results.flatMap((r) => r.chatMessages),
    hint: '',
    ...(transaction ? { transaction } : {}),
    ...(undo ? { undo } : {}),
    ...(safety.blockedWholeBatch || safety.unsafeRequestIgnored
      ? {
          safety: {
            blockedWholeBatch: safety.blockedWholeBatch,
            unsafeRequestIgnored: safety.unsafeRequestIgnored,
          },
        }
      : {}),
  };
  batch.hint = batchHint(batch, caps);
  return batch;
}
