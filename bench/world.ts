/**
 * Bench section "the embedded world's footprint": start time (wall clock, and the world's own CPU time, which
 * a busy machine disturbs less), its RSS at rest, with one and two bots, and after 2,000 commands, and where
 * that memory is (V8 heap spaces, memory outside the heap, loaded packages). Each figure is the median of
 * RUNS fresh worlds. `npm run bench -- --world` runs only this section. Figures, not assertions.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import mineflayer, { type Bot } from 'mineflayer';
import type { startWorld as StartWorld, WorldHandle, WorldMemory } from '../src/world/index.js';
import { mixedCommands } from './commands.js';
import { median } from './stats.js';

type Record = (name: string, value: string) => void;

const RUNS = 3;
const COMMANDS = 2000;
const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** user + system CPU time the process has used so far, in ms (/proc/<pid>/stat fields 14 and 15) */
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
};

async function joinBot(world: WorldHandle, username: string): Promise<Bot> {
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username,
    version: world.version,
    auth: 'offline',
    physicsEnabled: false,
  });
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve());
    bot.once('kicked', (reason) => reject(new Error(`${username} kicked: ${JSON.stringify(reason)}`)));
  });
  return bot;
}

/** Sends the mixed commands as a bare bot would and waits for the marker line that follows them. */
async function runCommands(bot: Bot): Promise<void> {
  const p = bot.entity.position;
  const origin = { x: Math.floor(p.x) + 2, y: Math.floor(p.y), z: Math.floor(p.z) + 2 };
  const end = new Promise<void>((resolve) => {
    const onMessage = (m: { json: unknown }) => {
      if ((m.json as { translate?: string } | undefined)?.translate !== 'bench.world.end') return;
      bot.off('message', onMessage);
      resolve();
    };
    bot.on('message', onMessage);
  });
  for (const command of mixedCommands(COMMANDS, origin, 1)) bot.chat(`/${command}`);
  bot.chat('/tellraw @s {"translate":"bench.world.end"}');
  await end;
}

interface Run {
  readyMs: number;
  readyCpuMs: number;
  rest: number;
  oneBot: number;
  twoBots: number;
  afterCommands: number;
  cpuPer1000: number;
  memory: WorldMemory;
}

async function oneRun(startWorld: typeof StartWorld): Promise<Run> {
  const t = performance.now();
  const world = await startWorld({ ops: ['WorldBench0', 'WorldBench1'] });
  const readyMs = performance.now() - t;
  const bots: Bot[] = [];
  try {
    const readyCpuMs = cpuMs(world.pid);
    // RSS settles within a moment of each step; half a second keeps the runs comparable
    await sleep(500);
    const rest = rssMb(world.pid);
    bots.push(await joinBot(world, 'WorldBench0'));
    await sleep(1000);
    const oneBot = rssMb(world.pid);
    bots.push(await joinBot(world, 'WorldBench1'));
    await sleep(1000);
    const twoBots = rssMb(world.pid);
    const cpu0 = cpuMs(world.pid);
    await runCommands(bots[0]!);
    const cpuPer1000 = ((cpuMs(world.pid) - cpu0) * 1000) / COMMANDS;
    await sleep(500);
    const afterCommands = rssMb(world.pid);
    const memory = await world.memory();
    return { readyMs, readyCpuMs, rest, oneBot, twoBots, afterCommands, cpuPer1000, memory };
  } finally {
    for (const bot of bots) bot.quit();
    await world.stop();
  }
}

export async function measureWorldFootprint(startWorld: typeof StartWorld, record: Record): Promise<void> {
  const runs: Run[] = [];
  for (let k = 0; k < RUNS; k++) runs.push(await oneRun(startWorld));
  // the world is forked from this process's node: under `npm run`, node_modules/.bin's Node 22 (a dev
  // dependency) comes first on PATH, and its world takes ~10 MB more than Node 20's
  record('world footprint: Node running the world', `${process.version} (${process.execPath})`);
  const fig = (pick: (r: Run) => number, unit: string, digits = 0) =>
    `${median(runs.map(pick)).toFixed(digits)} ${unit} (runs: ${runs.map((r) => pick(r).toFixed(digits)).join(', ')})`;
  record(
    `world footprint: ready, wall clock (median of ${RUNS} starts)`,
    fig((r) => r.readyMs, 'ms'),
  );
  record(
    'world footprint: ready, CPU time of the world process',
    fig((r) => r.readyCpuMs, 'ms'),
  );
  record(
    'world footprint: RSS at rest, no player',
    fig((r) => r.rest, 'MB'),
  );
  record(
    'world footprint: RSS with one bot',
    fig((r) => r.oneBot, 'MB'),
  );
  record(
    'world footprint: RSS with two bots',
    fig((r) => r.twoBots, 'MB'),
  );
  record(
    `world footprint: RSS after ${COMMANDS} mixed commands`,
    fig((r) => r.afterCommands, 'MB'),
  );
  record(
    'world footprint: world CPU time per 1000 mixed commands',
    fig((r) => r.cpuPer1000, 'ms'),
  );
  const m = runs[runs.length - 1]!.memory;
  const space = (name: string) => ((m.spaces[name] ?? 0) / MB).toFixed(1);
  record(
    'world footprint: where (last run, after the commands)',
    `heap ${(m.heapUsed / MB).toFixed(1)} MB used of ${(m.heapTotal / MB).toFixed(1)} MB ` +
      `(new space ${space('new_space')}, old ${space('old_space')}, code ${space('code_space')}, ` +
      `large objects ${space('large_object_space')}); outside the heap ${(m.external / MB).toFixed(1)} MB; ` +
      `${m.packages.length} CommonJS packages loaded`,
  );
}
