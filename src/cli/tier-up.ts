/**
 * How soon V8 optimises serve's code. V8 optimises a function once it has run often enough: with Maglev
 * (V8 12 and newer, Node 22 and newer) after 400 runs of it, and never sooner than 500 runs after the shapes
 * its feedback had seen last changed (`--invocation-count-for-maglev`, `--minimum-invocations-after-ic-update`;
 * V8's src/flags/flag-definitions.h). Those counts suit the hot loops of a web page. Much of serve's code runs
 * once per tool call (the MCP request and answer, a batch's phases, the hints, the answer's text), and a call
 * of one command shows it other shapes than a call of a thousand: at V8's counts that code was still in the
 * interpreter or the baseline tier after hundreds of calls, and a one-setblock call spent half again as much
 * CPU as it needed. Both counts at 60 let it reach Maglev after tens of calls; TurboFan's count is left alone.
 * docs/performance.md has the figures (`npm run bench`, the stdio section, against `MCBRIDGE_TIER_UP=v8-default`).
 *
 * Like the heap settings (lean-heap.ts), these flags are read when V8 uses them, so main.ts sets them before
 * any other module loads. V8 11 (Node 20) has no Maglev tiering and reads `--invocation-count-for-maglev` as
 * something else: nothing is set there.
 */
import { setFlagsFromString } from 'node:v8';

/** runs of a function before Maglev optimises it, and after its feedback last changed */
export const EARLY_TIER_UP_RUNS = 60;

export const EARLY_TIER_UP_FLAGS = [
  `--invocation-count-for-maglev=${EARLY_TIER_UP_RUNS}`,
  `--minimum-invocations-after-ic-update=${EARLY_TIER_UP_RUNS}`,
] as const;

/** the first V8 whose tiering reads these flags as Maglev's (Node 22's is 12.4) */
const FIRST_V8_WITH_MAGLEV_TIERING = 12;

/**
 * Sets the early tier-up flags unless `MCBRIDGE_TIER_UP=v8-default` or V8 is older than 12; returns the
 * flags set.
 */
export function useEarlyTierUp(
  env: NodeJS.ProcessEnv = process.env,
  v8Version: string = process.versions.v8,
): readonly string[] {
  if (env['MCBRIDGE_TIER_UP'] === 'v8-default') return [];
  if (Number(v8Version.split('.')[0]) < FIRST_V8_WITH_MAGLEV_TIERING) return [];
  for (const flag of EARLY_TIER_UP_FLAGS) setFlagsFromString(flag);
  return EARLY_TIER_UP_FLAGS;
}
