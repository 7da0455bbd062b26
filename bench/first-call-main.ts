/**
 * `npm run bench:first-call` — only the first-call section of `npm run bench`, on worlds of its own: serve's
 * (warmed first by an uncounted serve process, so that what warms up is mcbridge, not the world) and the bare
 * client's. Figures, not assertions.
 * `--processes <n>` fresh serve processes (default 3), `--big-calls` only the first big calls of fresh
 * `serve --embedded` processes (bench/first-big-calls.ts). With `--profile <dir>` every serve process writes a V8 CPU profile there, and the first and warm calls
 * are cut out of it by `bench/profile-calls.ts` (where the first call's extra time goes). With `--json`
 * the last line is the figures and targets as JSON: `npm run bench` runs this section so, in a process of
 * its own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mixedCommands } from './commands.js';
import { measureFirstBigCalls } from './first-big-calls.js';
import { type CallWindow, measureFirstCallAndCeiling } from './first-call.js';
import { summariseProfiles } from './profile-calls.js';
import { measuredTargets } from './targets.js';

type Calls = Array<{ pid: number | null; windows: CallWindow[] }>;

async function main() {
  // `--summarise <dir>`: only read the profiles of an earlier run again
  const again = process.argv.indexOf('--summarise');
  if (again >= 0) {
    const dir = resolve(process.argv[again + 1] ?? 'first-call-profiles');
    const calls = JSON.parse(readFileSync(join(dir, 'calls.json'), 'utf8')) as Calls;
    process.stdout.write(summariseProfiles(dir, calls));
    return;
  }
  const at = process.argv.indexOf('--profile');
  const profileDir = at >= 0 ? resolve(process.argv[at + 1] ?? 'first-call-profiles') : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const n = process.argv.indexOf('--processes');
  const count = n >= 0 ? Number(process.argv[n + 1]) : undefined;
  const dist = new URL('../dist/world/index.js', import.meta.url).href;
  const { startWorld } = (await import(dist)) as typeof import('../src/world/index.js');
  const world = await startWorld({});
  // the warm calls' bare client runs in a world of its own, of the same kind (bench/first-call.ts)
  const bareWorld = await startWorld({});
  const processes: Calls = [];
  const json = process.argv.includes('--json');
  const figures: Array<[string, string]> = [];
  const record = (name: string, value: string) => {
    figures.push([name, value]);
    if (!json) process.stdout.write(`${name}: ${value}\n`);
  };
  try {
    if (!process.argv.includes('--big-calls'))
      await measureFirstCallAndCeiling(world, bareWorld, mixedCommands, record, {
        ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
        onProcess: (pid, windows) => processes.push({ pid, windows }),
        ...(count ? { processes: count } : {}),
        warmWorld: true,
      });
    // fresh `serve --embedded` processes, each with a world of its own; the bare client stays on this one
    await measureFirstBigCalls(world, record, count);
  } finally {
    await world.stop();
    await bareWorld.stop();
  }
  if (json) process.stdout.write(`${JSON.stringify({ figures, targets: measuredTargets() })}\n`);
  if (!profileDir) return;
  writeFileSync(join(profileDir, 'calls.json'), JSON.stringify(processes));
  process.stdout.write(summariseProfiles(profileDir, processes));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
