/**
 * How `mcbridge serve` keeps its heap small without paying for it in speed: it runs all day beside a chat
 * client, often several MCP servers at once, and V8's defaults are tuned for throughput, not for that.
 *
 * - The old generation grows by 15 % past what survived the last full collection, not by V8's dynamic factor
 *   (up to 4 × on a machine with memory to spare). Without it, serve's RSS rose in a saw-tooth to twice its
 *   resting size during a long conversation (the soak in bench/soak.ts). At 30 % it crept past 200 MB over
 *   60 calls of 1,000 commands (201–207 MB in three soaks), where 10–15 % stayed at 187–192 MB at the same
 *   rate; before the young generation was capped, 10 % brought a full collection with almost every such call.
 * - The young generation may grow while calls come, to 8 MiB (both semi-spaces) and no further, and is given
 *   back after some seconds without work. V8's defaults let it reach 2 × 16 MB on Node 20 and 2 × 64 MB on
 *   Node 24, and keep it; held at its starting 2 × 1 MB, what a call keeps until its answer was copied out of
 *   the small semi-space again and again, and the collector took half of serve's CPU. At 16 MiB serve's RSS
 *   peaked at 188–205 MB over nine soaks; at 8 MiB at 177–184 MB, for the same CPU per warm call (86 against
 *   89 ms per 1,000 setblocks, medians of 60 calls in six processes a side, alternating).
 * - While serve starts (loading its modules, rehearsing the execute path, connecting) the young generation
 *   stays at its start, until serve says its start is over (`startupOver`), which collects the start's garbage
 *   in one full collection. Starting runs in long tasks, which the steering between tasks cannot hold: on Node
 *   24 loading the modules alone took it to 2 × 32 MB and the rehearsal to 2 × 64 MB, and serve's RSS reached
 *   217 MB in its first seconds, until the rest gave it back.
 * - Young-generation collections run on serve's own thread (`--no-parallel-scavenge`). V8 hands parts of each
 *   to helper threads, as many as the cores and the young generation's size allow; next to a Minecraft server
 *   on the same cores, the helpers wait their turn behind the server's threads, or take the server's turn,
 *   while serve waits for them. On two cores, with the embedded world beside it (Node 24, 1,000 mixed commands
 *   a call, four runs of 12 warm calls a side, alternating), a warm call took 153–168 ms against 163–177 ms,
 *   and V8's helper threads spent 26–32 ms of CPU per call against 39–43 ms.
 *
 * - What a call left in the old generation is collected between calls, not during the next one: a call keeps
 *   its commands, results and lines until it answers, long enough for them to move to the old generation, where
 *   they are garbage once the answer is written. With the growth at 15 %, V8 ran a full collection in the
 *   middle of nearly every call of 1,000 commands (its marking and final pause on serve's main thread, while
 *   the server's replies waited to be read); on Node 24 V8 began its marking some 6 MB past the last
 *   collection, before its limit. So once a call is answered and none runs, a full collection runs after
 *   COLLECT_AFTER_MS if the old generation grew by a quarter of those 15 % since the last collection between
 *   calls (`callStarted`; at half, a call of 1,000 setblocks sometimes fell short and the next one paid V8's),
 *   and that collection gives the next call twice the room: a host's next call comes seconds later, while
 *   its model writes it, and its garbage is collected after it in turn. Calls that come back to back leave no
 *   time between them; V8 then collects during them, at 15 %, as before. A collection while no call runs
 *   also drops the hidden class of any object no one holds then, and with it the code V8 compiled against
 *   that class: the command parser's reader is kept alive for it (src/commands/reader.ts), and serve rehearses
 *   the execute path once more after the collection, until a call starts (serve-warm-up.ts).
 *
 * All of it goes through V8 flags read at the moment they are used, so setting them from inside the process
 * works; main.ts does it before any other module loads. A shebang would not reach hosts that start
 * `node …/dist/cli/main.js serve` themselves, and NODE_OPTIONS refuses these flags. (`--max-semi-space-size`
 * is read only when the heap is set up, hence a growth factor steered after each collection instead.)
 * `MCBRIDGE_HEAP=v8-default` leaves V8's own settings, for comparison; the soak bench measures both.
 */
import { setFlagsFromString, getHeapSpaceStatistics } from 'node:v8';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

/** how much the old generation may grow past what survived the last full collection before V8 collects it */
export const OLD_GENERATION_GROWTH_PERCENT = 15;

export const LEAN_HEAP_FLAGS = [
  `--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`,
  '--no-parallel-scavenge',
  'young-generation-cap',
  'collect-between-calls',
] as const;

/** the most the young generation (both semi-spaces) may grow to while calls come, in MiB */
export const YOUNG_GENERATION_CAP_MB = 8;

/**
 * Applies the lean-heap settings unless `MCBRIDGE_HEAP=v8-default`; returns the settings applied. For the
 * bench's comparison of settings, `MCBRIDGE_HEAP` may also name other V8 heap flags (`--heap-growing-percent=…`,
 * `--semi-space-growth-factor=…`, `--no-parallel-scavenge`, space-separated), `young-generation-cap` or
 * `young-generation-cap=<MiB>`, and `shrink-at-rest` and `collect-between-calls`, applied the same way instead.
 */
export function useLeanHeap(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const setting = env['MCBRIDGE_HEAP'];
  if (setting === 'v8-default') return [];
  const flags: readonly string[] = setting?.startsWith('--') ? heapFlags(setting) : LEAN_HEAP_FLAGS;
  for (const flag of flags) if (flag.startsWith('--')) setFlagsFromString(flag);
  const cap = flags.find((f) => f.startsWith('young-generation-cap'));
  if (cap) {
    capYoungGeneration(Number(cap.split('=')[1] ?? YOUNG_GENERATION_CAP_MB) * 2 ** 20);
    shrinkAtRest();
  }
  if (flags.includes('shrink-at-rest')) shrinkAtRest();
  if (flags.includes('collect-between-calls')) {
    const growth = /^--heap-growing-percent=(\d+)$/.exec(
      flags.find((f) => f.startsWith('--heap-growing')) ?? '',
    );
    betweenCalls ??= { growth: Number(growth?.[1] ?? OLD_GENERATION_GROWTH_PERCENT) / 100, settled: 0 };
  }
  return flags;
}

/** only the heap-sizing settings this module knows; anything else is ignored */
const heapFlags = (setting: string): string[] =>
  setting
    .split(/\s+/)
    .filter(
      (f) =>
        /^--(heap-growing-percent|semi-space-growth-factor)=\d+$/.test(f) ||
        f === '--no-parallel-scavenge' ||
        /^young-generation-cap(=\d+)?$/.test(f) ||
        f === 'shrink-at-rest' ||
        f === 'collect-between-calls',
    );

let capping: PerformanceObserver | undefined;
/** serve is starting: the young generation stays where it is (see startupOver) */
let starting = true;
let steerYoungGeneration: (() => void) | undefined;

/**
 * serve's start is over (its warm-up done, or given up): from now on the young generation may grow while calls
 * come. Until then it stays at its start, however long the tasks that start it. What the start left behind is
 * collected at once, in one full collection: held small, the young generation promoted the start's garbage to
 * the old one, and without it the first calls paid a full collection and ran slower than the next ones
 * (docs/performance.md). Called again, it does nothing.
 */
export function startupOver(): void {
  if (!starting) return;
  starting = false;
  if (!steerYoungGeneration) return;
  collectGarbage()();
  if (betweenCalls) betweenCalls.settled = oldGenerationUsed();
  steerYoungGeneration();
}

let gcFunction: ((options?: { type: string; flavor?: string }) => void) | undefined;
/** V8's gc(), exposed for this module alone */
function collectGarbage(): (options?: { type: string; flavor?: string }) => void {
  if (!gcFunction) {
    setFlagsFromString('--expose-gc');
    gcFunction = runInNewContext('gc') as (options?: { type: string; flavor?: string }) => void;
  }
  return gcFunction;
}

const toMb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** the young generation's size (both semi-spaces), in MiB, as V8 reports it: for serve's debug log */
export const youngGenerationMb = (): number => toMb(newSpaceSize());

/**
 * Once serve's start is over, lets the young generation double while calls keep most of what they allocate, up
 * to `capBytes` (until then the factor stays 1: see startupOver): V8 grows it
 * after a scavenge by `--semi-space-growth-factor` (read when it grows), so after every collection the factor
 * is set to 2 while one more doubling stays within the cap and to 1 once it would not. The observer runs
 * between tasks, after the collection that grew it, and a doubling needs as many bytes to survive as the young
 * generation holds: serve's tasks are short, so the cap is passed by one doubling at most (measured: Node 20
 * stays at the cap, Node 24 reaches twice it). Only a single task that keeps several young generations' worth
 * could take it further; the factor is turned down after it, and the rest gives it back (shrinkAtRest).
 */
function capYoungGeneration(capBytes: number): void {
  if (capping) return;
  let factor = 0;
  const steer = () => {
    const next = !starting && newSpaceSize() * 2 <= capBytes ? 2 : 1;
    if (next === factor) return;
    factor = next;
    setFlagsFromString(`--semi-space-growth-factor=${next}`);
  };
  steer();
  steerYoungGeneration = steer;
  capping = new PerformanceObserver(steer);
  capping.observe({ entryTypes: ['gc'] });
}

let resting: NodeJS.Timeout | undefined;
const REST_TICK_MS = 1000;
/** seconds with the event loop less than 5 % busy before the young generation is given back */
const REST_TICKS = 3;
const newSpaceSize = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

/**
 * After REST_TICKS quiet seconds, the young generation is given back: one full collection that asks V8 to
 * reduce memory (it shrinks the young generation at once on Node 24; Node 20 takes no such request), then a
 * young-generation collection each quiet second until it is back at its start (V8 shrinks it at a collection
 * that finds the allocation rate of the last seconds low).
 */
function shrinkAtRest(): void {
  if (resting) return;
  const gc = collectGarbage();
  const floor = newSpaceSize();
  let elu = performance.eventLoopUtilization();
  let idle = 0;
  resting = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, elu).utilization;
    elu = now;
    idle = busy < 0.05 ? idle + 1 : 0;
    if (process.env['MCBRIDGE_HEAP_DEBUG'])
      process.stderr.write(
        `rest tick busy=${busy.toFixed(3)} idle=${idle} new=${newSpaceSize()} floor=${floor}\n`,
      );
    if (idle < REST_TICKS || newSpaceSize() <= floor) return;
    gc(idle === REST_TICKS ? { type: 'major', flavor: 'last-resort' } : { type: 'minor' });
  }, REST_TICK_MS).unref();
}

/** how long after a call's answer, with no call running, the collection between calls waits */
export const COLLECT_AFTER_MS = 25;

/** the share of the growth V8 allows that calls may leave before the collection between calls runs */
export const COLLECT_PAST_SHARE = 1 / 4;

/** the old generation (every space but the young one) in use, in bytes */
const oldGenerationUsed = (): number =>
  getHeapSpaceStatistics().reduce(
    (sum, s) => (s.space_name === 'new_space' ? sum : sum + s.space_used_size),
    0,
  );

/**
 * The growth V8 allows, and the old generation in use after the last full collection that ran between calls
 * (or at the start's end): V8's own collections during a call are not counted, since what the call held then
 * is garbage once it is answered.
 */
let betweenCalls: { growth: number; settled: number } | undefined;
let callsRunning = 0;
let collecting: NodeJS.Timeout | undefined;

let checkListener: ((check: CheckBetweenCalls) => void) | undefined;

/** one look at the old generation after the last running call was answered */
export type CheckBetweenCalls =
  /** what the calls left was collected: how much that freed and what is in use after it, MiB */
  | { collected: true; freedMb: number; oldGenerationMb: number }
  /** too little to collect: how much the old generation grew since the last collection between calls, and the bar */
  | { collected: false; grownMb: number; barMb: number };

/** tells `listener` of each look between calls, collected or not (serve's debug and trace log) */
export function whenCheckedBetweenCalls(listener: (check: CheckBetweenCalls) => void): void {
  checkListener = listener;
}

/**
 * A call (an MCP tools/call, from its request to its answer) is starting: returns what to call once it is
 * answered. When the last running call is answered, what the calls left in the old generation is collected
 * COLLECT_AFTER_MS later, unless another call has started by then or they left little (less than a quarter of
 * the growth V8 allows before collecting by itself, which small calls take many calls to reach). Does nothing
 * until serve's start is over, or when the lean heap is off.
 */
export function callStarted(): () => void {
  callsRunning++;
  if (collecting) clearTimeout(collecting);
  collecting = undefined;
  let answered = false;
  return () => {
    if (answered) return;
    answered = true;
    callsRunning--;
    if (callsRunning > 0 || !betweenCalls || starting) return;
    collecting = setTimeout(collectIfWorthIt, COLLECT_AFTER_MS).unref();
  };
}

function collectIfWorthIt(): void {
  collecting = undefined;
  if (!betweenCalls || callsRunning > 0) return;
  const { growth, settled } = betweenCalls;
  const before = oldGenerationUsed();
  const bar = settled * growth * COLLECT_PAST_SHARE;
  if (before - settled < bar) {
    checkListener?.({ collected: false, grownMb: toMb(before - settled), barMb: toMb(bar) });
    return;
  }
  // V8 reads the growth as the collection sets the next limit: twice the room after this one, the set growth
  // after V8's own
  setFlagsFromString(`--heap-growing-percent=${Math.round(growth * 200)}`);
  // gc() with no options: Node 20's V8 runs a young-generation collection for { type: 'major' }
  collectGarbage()();
  setFlagsFromString(`--heap-growing-percent=${Math.round(growth * 100)}`);
  const after = oldGenerationUsed();
  betweenCalls.settled = after;
  checkListener?.({ collected: true, freedMb: toMb(before - after), oldGenerationMb: toMb(after) });
}
