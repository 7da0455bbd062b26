/**
 * What `serve` warms while it connects (src/execute/warm-up.ts): the execute path rehearsed offline — at
 * once when the version is known up front, else as soon as a connection says it — then each new bot
 * connection's round trips and its wait for the chunks of its view, which hold its queue and stop a
 * rehearsal still under way: warming delays the first answer only by connecting and receiving the view
 * (warmConnection's bounds). Failures and timings go to the log (stderr), never to a tool's
 * answer. The promise it returns settles once all of it is over, warmed or given up: serve's start is over.
 */
import type { ConnectionSession } from '../connection/session.js';
import type { Targets } from '../connection/targets.js';
import { type Rehearsal, warmConnection } from '../execute/warm-up.js';
import type { Logger } from '../vocabulary/logger.js';
import { warmUpExecuteCommands } from '../mcp/tools/execute-commands.js';
import type { SafetyConfig } from '../safety/config.js';

/**
 * Rounds of the offline rehearsal (500 commands each) while connecting. V8 optimises a function once it
 * has run often enough; after one round most of the per-command path (capture, outcome rules, command
 * parsing, the output schema) was still only reaching that count during the first real call, and compiling
 * it then. In `npm run bench:first-call` (5 fresh processes, twice each): first/warm 1.39–1.51× with one
 * round, 1.02–1.21× with four, for about 0.2 s more from start to connected-and-warm. The connection's own
 * warm-up stops the rounds still to come (warmConnection), so this never holds the first answer back.
 */
const REHEARSAL_ROUNDS = 4;

export function startWarmUp(options: {
  targets: Targets;
  safety: SafetyConfig;
  /** the version the connections will speak, when known before connecting (--version, --embedded) */
  knownVersion: string | undefined;
  log: Logger;
}): Promise<void> {
  const { targets, safety, knownVersion, log } = options;
  const rehearsals = new Map<string, Rehearsal>();
  const rehearse = (version: string): Rehearsal => {
    const known = rehearsals.get(version);
    if (known) return known;
    const t = performance.now();
    const abort = new AbortController();
    const done = warmUpExecuteCommands({ version, safety, signal: abort.signal }, REHEARSAL_ROUNDS).then(
      (answer) =>
        log.debug(
          { version, ms: Math.round(performance.now() - t), finished: answer !== undefined },
          'warm-up: execute path rehearsed',
        ),
      (err: unknown) => log.warn({ err }, 'warm-up failed'),
    );
    const rehearsal = { done, stop: () => abort.abort() };
    rehearsals.set(version, rehearsal);
    return rehearsal;
  };
  const known = knownVersion
    ? new Promise<void>((resolve) =>
        setImmediate(() => void rehearse(knownVersion).done.then(() => resolve())),
      )
    : Promise.resolve();
  const warm = async (session: ConnectionSession) => {
    const t = performance.now();
    await warmConnection(session, rehearse(session.channel.version));
    log.debug({ ms: Math.round(performance.now() - t) }, 'warm-up: connection warmed');
  };
  // connect in the background so the first tool call is fast; failures are reported by the tools
  const connections = targets
    .all()
    .filter((target) => target.description.backend !== 'bridge')
    .map((target) =>
      target
        .get()
        .then((session) => warm(session).catch((err: unknown) => log.warn({ err }, 'warm-up failed')))
        .catch((err: unknown) =>
          log.warn({ err, connection: target.description.name }, 'initial connection failed; will retry'),
        ),
    );
  // each one logs its own failure and never rejects
  return Promise.all([known, ...connections]).then(() => undefined);
}

/**
 * Rounds of the offline rehearsal after each collection between calls (lean-heap.ts). That collection drops
 * the hidden classes no live object has once a call is answered (its results, lines, parsed commands, the
 * output schema's copies), and with them V8's inline caches and the code compiled against them: each call
 * began in colder code than the one before it had ended in. One round, while no call runs, builds them again.
 * Measured (Node 24, 1,000 mixed commands a call, alternating): serve's main thread spent 58–63 ms of CPU per
 * warm call with it against 65–76 ms without (three stdio runs of 12 calls a side), and 63–67 against 69–71 ms
 * with the MCP server in the measuring process (three runs of 16 a side).
 */
const REWARM_ROUNDS = 1;

/**
 * The rehearsal again after each collection between calls (`collected`), for each version `versions` gives
 * (the live connections'), stopped as soon as a call starts (`callStarting`): a call that comes meanwhile waits
 * only for the step under way (checking the round's commands, or one stand-in reply: milliseconds). A version
 * the rehearsal cannot run is warned of once and left out after. `collected` resolves once the round is over,
 * finished or not, and logs it.
 */
export function rewarmBetweenCalls(options: {
  versions: () => Iterable<string>;
  safety: SafetyConfig;
  log: Logger;
}): { collected: () => Promise<{ finished: boolean }>; callStarting: () => void } {
  const { versions, safety, log } = options;
  let running: AbortController | undefined;
  // a version the rehearsal cannot run (its stand-in lines or registries missing) is said once, then left out
  const failing = new Set<string>();
  /** true once every version had its whole round; false when stopped or one failed */
  const rehearse = async (rehearsed: string[], signal: AbortSignal): Promise<boolean> => {
    let whole = true;
    for (const version of rehearsed) {
      try {
        if ((await warmUpExecuteCommands({ version, safety, signal }, REWARM_ROUNDS)) === undefined)
          return false;
      } catch (err) {
        failing.add(version);
        log.warn({ err, version }, 'warm-up between calls failed for this version; not tried again');
        whole = false;
      }
    }
    return whole;
  };
  return {
    collected: async () => {
      running?.abort();
      const abort = new AbortController();
      running = abort;
      const t = performance.now();
      const rehearsed = [...new Set(versions())].filter((version) => !failing.has(version));
      const finished = await rehearse(rehearsed, abort.signal);
      if (running === abort) running = undefined;
      log.debug(
        { versions: rehearsed, ms: Math.round(performance.now() - t), finished },
        'warm-up: rehearsed between calls',
      );
      return { finished };
    },
    callStarting: () => {
      running?.abort();
      running = undefined;
    },
  };
}
