/**
 * Warm-up, so that the first real call is as fast as the next ones. A call right after start pays for V8
 * compiling and optimising every function on its path, lazily built tables (the suggestion registries and
 * command tree from minecraft-data, language tables, zod's schema compilation) and the packet codecs.
 * Two parts:
 * - `rehearseExecute`, while the bot connects: the real executeBatch on a stand-in channel that answers
 *   offline (rehearsal.ts). Nothing is sent anywhere; it has its own session, queue and undo history; it
 *   stops when the connection is warm, finished or not.
 * - `warmConnection`, once connected: harmless round trips (`tellraw @s`, seen only by the bot) through
 *   mineflayer's chat parsing and the packet codecs — never on the bridge (they would reach a person's chat)
 *   and never under a packet limit — then, until the bot holds the chunks of its view the server is still
 *   streaming (at most VIEW_WAIT.maxMs), nothing, and one block read.
 * Errors are the caller's to log (stderr); nothing here writes to stdout.
 */
import type { BatchItem } from '../batch/plan.js';
import { takeSnapshot } from '../batch/snapshot.js';
import { UndoHistory } from '../batch/undo.js';
import { captureFenced } from '../capture/fenced.js';
import { ConnectionSession } from '../connection/session.js';
import type { BatchResult } from '../results/schema.js';
import { checkBatch } from '../safety/check.js';
import { defaultSafetyConfig, type SafetyConfig } from '../safety/config.js';
import { registries } from '../suggest/registries.js';
import { executeBatch } from './execute-batch.js';
import { RehearsalChannel, type RehearsalLine, rehearsalBatch } from './rehearsal.js';
import { channelBlockSource } from '../connection/block-reads.js';

const DEFAULT_VERSION = '1.21.4';
/** where the stand-in bot stands (the embedded world's superflat: ground at -61) */
const ORIGIN = { x: 0, y: -60, z: 0 };

const POSITION = { x: ORIGIN.x + 0.5, y: ORIGIN.y, z: ORIGIN.z + 0.5, yaw: 0, pitch: 0 };

export interface RehearseOptions {
  /** the server's version when known (default 1.21.4, the embedded world's) */
  version?: string;
  /** the operator's policy, so that its own checks are the ones compiled */
  safety?: SafetyConfig;
  /** stops the rehearsal early (what is left of it is not sent anyway: nothing is) */
  signal?: AbortSignal;
}

/** A rehearsal under way: `stop` ends it early, `done` settles once it has wound down. */
export interface Rehearsal {
  done: Promise<unknown>;
  stop(): void;
}

/**
 * A made-up batch (half the largest call: a full 1000 gained nothing measurable and cost CPU while
 * connecting), less what the operator's policy refuses: one refusal can block a whole batch, and then
 * nothing past the check would run.
 */
export function rehearsalLines(options: RehearseOptions = {}, size = 500): RehearsalLine[] {
  const lines = rehearsalBatch(size, ORIGIN);
  const { verdicts } = checkBatch(
    lines.map((l) => l.command),
    {
      config: options.safety ?? defaultSafetyConfig,
      validateSafety: true,
      version: options.version ?? DEFAULT_VERSION,
      executor: POSITION,
    },
  );
  const allowed = lines.filter((_, i) => verdicts[i]?.allowed || verdicts[i]?.rule === 'batch_blocked');
  return allowed.length > 0 ? allowed : lines;
}

/** Runs the real execute path on `lines` against the stand-in channel; returns the batch result. */
export async function rehearseExecute(
  lines: readonly RehearsalLine[],
  items: readonly BatchItem[] = lines.map((l) => l.command),
  options: RehearseOptions = {},
): Promise<BatchResult> {
  const version = options.version ?? DEFAULT_VERSION;
  const channel = new RehearsalChannel({
    version,
    username: 'mcbridge_rehearsal',
    lines,
    position: POSITION,
    // minecraft-data's vanilla tree, built once per version (suggestions use the same table)
    commandTree: () => registries(version).commands,
  });
  const session = await ConnectionSession.open(channel);
  return executeBatch(session, items, {
    ...(options.safety ? { safety: options.safety } : {}),
    undo: new UndoHistory(),
    target: 'rehearsal',
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** Harmless round trips a bot makes right after connecting, as many as the largest call: replies go to the bot alone. */
const WARM_ROUND_TRIPS = 1000;

/** `tellraw @s` lines shaped like vanilla's feedback (successes, red failures, the parse-error context line). */
const warmReplies = (): string[] =>
  rehearsalBatch(WARM_ROUND_TRIPS, ORIGIN).map(
    (l, i) => `tellraw @s ${JSON.stringify(l.replies[i % l.replies.length])}`,
  );

/**
 * How long the warm-up waits for the chunks of the bot's view: a join's stream takes a second or two (the
 * embedded world's view, at the pace mineflayer acknowledges), a server that stops sending is given up on
 * after a quiet second, and no server holds the first call back more than five.
 */
export const VIEW_WAIT = { quietMs: 1_000, maxMs: 5_000 };

/**
 * Holds the connection's queue while the round trips run; then stops `rehearsal` (the offline part, under
 * way since the process started) if it has not finished, so that a call never shares the CPU with a
 * rehearsal; then waits, within VIEW_WAIT, until the bot holds the chunks of its view. Right after a join
 * the server streams them, and the bot decompresses and reads each one: a first call made meanwhile shares
 * both processes' CPU with that stream (with the embedded world, its rounds of 1,000 setblocks ran during
 * the whole stream), and the blocks it reads may not have arrived. So the first answer may wait for the
 * view, a second or two after connecting, and no longer than VIEW_WAIT.maxMs.
 */
export async function warmConnection(
  session: ConnectionSession,
  rehearsal?: Rehearsal,
  viewWait = VIEW_WAIT,
): Promise<void> {
  const { channel } = session;
  if (channel.backend === 'bridge') return;
  await session.exclusive(async () => {
    // under a packet limit (Paper, or a server whose brand we do not know) the window is worth more than a
    // faster first call: round trips only where the budget knows there is no limit
    const unlimited = session.budget?.limit().limit === null && session.throttle?.limit().paced !== true;
    if (session.capabilities.strategy === 'fenced' && channel.connected && unlimited) {
      await captureFenced(channel, warmReplies(), {});
    }
    // the round trips above mostly wait for the server: a rehearsal still under way used that time
    rehearsal?.stop();
    await rehearsal?.done.catch(() => undefined);
    await channel.awaitView?.(viewWait);
    const source = channelBlockSource(channel);
    const p = channel.executorPosition();
    if (!source || !p) return;
    const at = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
    try {
      takeSnapshot(source, [
        { min: { x: at.x - 8, y: at.y - 2, z: at.z - 8 }, max: { x: at.x + 7, y: at.y + 5, z: at.z + 7 } },
      ]);
    } catch {
      // an unloaded chunk around the bot: nothing to warm there
    }
  });
}
