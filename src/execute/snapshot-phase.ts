/**
 * Phase "snapshot": read the blocks the batch can write before it runs — required for a transactional
 * batch (it refuses when that is impossible), best effort for undo. When undo cannot have a snapshot, the
 * reason is kept so that the batch's result and the undo history can say so instead of staying silent.
 */
import { takeSnapshot, type Snapshot, SnapshotError } from '../batch/snapshot.js';
import { checkSnapshotSize, transactionBoxes } from '../batch/transaction.js';
import { UNDO_MAX_BLOCKS } from '../batch/undo.js';
import { boxOfWrite } from '../commands/block-box.js';
import { volumeOf } from '../vocabulary/blocks/box.js';
import type { Box } from '../vocabulary/blocks/box.js';
import type { CommandChannel } from '../connection/channel.js';
import { type PlannedWrites } from './verify-batch.js';
import { channelBlockSource, noBlockReads, prepareReads } from '../connection/block-reads.js';

export interface BatchSnapshot {
  snapshot?: Snapshot;
  /** why undo has no snapshot of a batch that writes blocks */
  undoProblem?: string;
}

export async function snapshotPhase(
  channel: CommandChannel,
  commands: readonly string[],
  plan: PlannedWrites,
  sendable: ReadonlySet<number>,
  options: { transactional?: boolean; undo?: unknown },
  /** where the world before the batch is read (default: the channel) */
  source = channelBlockSource(channel),
): Promise<BatchSnapshot> {
  if (options.transactional) {
    const boxes = transactionBoxes(commands, plan.byCommand, sendable);
    checkSnapshotSize(boxes);
    if (!source || boxes.length === 0) return {};
    if (channel.prepareRead) await prepareReads(channel, boxes);
    return { snapshot: takeSnapshot(source, boxes) };
  }
  if (!options.undo) return {};
  const writing = [...sendable].filter((i) => (plan.byCommand[i]?.length ?? 0) > 0);
  if (writing.length === 0) return {};
  const unknown = writing.filter((i) => plan.byCommand[i]!.some((w) => w.unresolved));
  if (unknown.length) {
    return {
      undoProblem: `the blocks that ${unknown.map((i) => `#${i + 1}`).join(', ')} write were not known before the batch ran (relative coordinates or selectors without a known position)`,
    };
  }
  if (!source) return { undoProblem: `${noBlockReads(channel)}, so nothing could be snapshotted` };
  const boxes: Box[] = writing.flatMap((i) => plan.byCommand[i]!.flatMap(boxOfWrite));
  const size = boxes.reduce((n, b) => n + volumeOf(b), 0);
  if (size > UNDO_MAX_BLOCKS) {
    return {
      undoProblem: `the batch can write ${size.toLocaleString('en-US')} blocks, more than undo keeps (${UNDO_MAX_BLOCKS.toLocaleString('en-US')})`,
    };
  }
  // the bridge reads its player's world on request; local channels read at once
  if (channel.prepareRead) await prepareReads(channel, boxes);
  try {
    return { snapshot: takeSnapshot(source, boxes) };
  } catch (err) {
    if (!(err instanceof SnapshotError)) throw err;
    return {
      undoProblem: `the bot could not read the blocks before the batch (${err.message.replace(/^cannot snapshot /, '')}): it stands too far away — move it near the area (tp @s …) before building there`,
    };
  }
}
