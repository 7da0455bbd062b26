/**
 * Transactional batches: snapshot every block the batch can write, and put it back if any command fails.
 * Only commands whose effects are block writes at known positions can be undone.
 */
import { captureFenced } from '../capture/fenced.js';
import { captureSerial } from '../capture/serial.js';
import { boxOfWrite } from '../commands/block-box.js';
import type { BlockWrite } from '../commands/block-write.js';
import type { Box } from '../vocabulary/blocks/box.js';
import { parseCommand } from '../commands/parse.js';
import { classifyOutcome } from '../outcome/classify.js';
import { NO_WORLD_CHANGE } from '../outcome/silent.js';
import type { CapturedCommand } from '../capture/captured.js';
import type { ConnectionSession } from '../connection/session.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { prepareReads } from '../connection/block-reads.js';
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import { differences, restoreCommands, type Snapshot, stateNow } from './snapshot.js';

/** Largest snapshot a transactional batch may take (unique positions). */
export const TRANSACTION_MAX_BLOCKS = 65_536;

const BLOCK_WRITERS = new Set(['setblock', 'fill', 'clone']);

export class TransactionRefusedError extends McbridgeError {
  override name = 'TransactionRefusedError' as const;
}

/** The boxes a transactional batch may write; throws naming every command that cannot be undone. */
export function transactionBoxes(
  commands: readonly string[],
  writes: readonly BlockWrite[][],
  sendable: ReadonlySet<number>,
): Box[] {
  const problems: string[] = [];
  const boxes: Box[] = [];
  commands.forEach((command, i) => {
    if (!sendable.has(i)) return;
    const parsed = parseCommand(command);
    const name = parsed.effectiveName;
    if (NO_WORLD_CHANGE.has(name)) return;
    if (!BLOCK_WRITERS.has(name)) {
      problems.push(`#${i + 1} ${name} (its effects cannot be undone)`);
      return;
    }
    const own = writes[i] ?? [];
    if (own.length === 0 || own.some((w) => w.unresolved)) {
      problems.push(`#${i + 1} ${name} (the blocks it writes are not known before it runs)`);
      return;
    }
    for (const w of own) boxes.push(...boxOfWrite(w));
  });
  if (problems.length) {
    throw new TransactionRefusedError(
      `transactional batch refused, nothing was sent: ${problems.join('; ')}`,
      {
        remedy: 'send those commands in a separate, non-transactional batch',
      },
    );
  }
  return boxes;
}

export function checkSnapshotSize(boxes: Box[]): void {
  const seen = new Set<string>();
  for (const b of boxes) {
    const volume = (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1);
    if (volume > TRANSACTION_MAX_BLOCKS) fail(volume);
    for (let x = b.min.x; x <= b.max.x; x++)
      for (let y = b.min.y; y <= b.max.y; y++)
        for (let z = b.min.z; z <= b.max.z; z++) {
          seen.add(`${x},${y},${z}`);
          if (seen.size > TRANSACTION_MAX_BLOCKS) fail(seen.size);
        }
  }
  function fail(n: number): never {
    throw new TransactionRefusedError(
      `transactional batch refused, nothing was sent: it can write more than ${TRANSACTION_MAX_BLOCKS.toLocaleString('en-US')} blocks (${n.toLocaleString('en-US')}+), too many to snapshot`,
      { remedy: 'split it into smaller transactional batches' },
    );
  }
}

export interface RestoreReport {
  /** commands sent to put the blocks back */
  commands: number;
  /** of those, how many the server refused or left unclear (noChange is fine) */
  failed: number;
  status: 'verified' | 'mismatch' | 'not_checked';
  /** how many snapshot positions still differ after the restore */
  notRestoredCount: number;
  /** the first MAX_LISTED of them */
  mismatches: Array<{ x: number; y: number; z: number; expected: string; actual: string }>;
}

/** Positions of an incomplete restore listed one by one; the count says how many there are in all. */
export const MAX_LISTED = 100;

/** Sends the restore commands through the session's capture (the caller holds the session's queue). */
export async function restoreSnapshot(
  session: ConnectionSession,
  snapshot: Snapshot,
  source: BlockSource | undefined,
): Promise<RestoreReport> {
  const commands = restoreCommands(snapshot, source);
  const capture = session.capabilities.strategy === 'fenced' ? captureFenced : captureSerial;
  // restores share the connection's packet budget and command throttle like any batch
  const captured = await capture(session.channel, commands, session.pacer ? { budget: session.pacer } : {});
  const failed = captured.filter((c) => restoreFailed(session, c)).length;
  if (!source)
    return { commands: commands.length, failed, status: 'not_checked', notRestoredCount: 0, mismatches: [] };
  await prepareReads(session.channel, snapshot.boxes);
  let mismatches = differences(snapshot, source, Infinity);
  for (let attempt = 0; attempt < 5 && mismatches.length && session.channel.connected; attempt++) {
    // vanilla sends block changes at the end of the tick: read again only what still differed
    await new Promise((r) => setTimeout(r, 50));
    await prepareReads(session.channel, snapshot.boxes);
    mismatches = stillDifferent(mismatches, source);
  }
  return {
    commands: commands.length,
    failed,
    status: mismatches.length ? 'mismatch' : 'verified',
    notRestoredCount: mismatches.length,
    mismatches: mismatches.slice(0, MAX_LISTED),
  };
}

function stillDifferent(
  mismatches: ReturnType<typeof differences>,
  source: BlockSource,
): ReturnType<typeof differences> {
  return mismatches.flatMap((m) => {
    const actual = stateNow(source, m);
    return actual === m.expected ? [] : [{ ...m, actual }];
  });
}

/**
 * A restore command failed when it got no reply in order, or when the outcome rules say the game refused
 * or broke it. "Already there" (noChange) is a success for a restore, and silence is judged by the
 * read-back that follows, not here.
 */
function restoreFailed(session: ConnectionSession, c: CapturedCommand): boolean {
  // `answered`: its group's fence never came, but its own line did, and says what it did
  if (!(c.end === 'fenced' || c.end === 'quiet' || c.end === 'answered')) return true;
  const caps = session.capabilities;
  const outcome = classifyOutcome({
    command: c.command,
    messages: c.lines,
    feedbackEnabled: caps.feedbackEnabled !== false,
    version: session.channel.version,
    ...(caps.keyedFeedback ? {} : { plainText: { colourMeaningful: caps.colourMeaningful } }),
  });
  if (outcome.status === 'execution_error') return true;
  return outcome.status === 'rejected_by_game' && outcome.detail?.noChange !== true;
}
