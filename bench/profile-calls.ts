/**
 * Where a serve process's first call spends the time its warm calls do not: cuts each call's window out
 * of the process's V8 CPU profile (`--cpu-prof`; its timestamps are CLOCK_MONOTONIC µs, like
 * `process.hrtime`) and compares, per package / mcbridge folder (self time) and per execute phase
 * (inclusive time of the phase's function), the first call with the median warm call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallWindow } from './first-call.js';
import { median } from './stats.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** executeBatch's phases and the steps around it, by the name of the function that runs each */
const PHASES = [
  'executeBatch',
  'checkPhase',
  'planWrites',
  'snapshotPhase',
  'runSegments',
  'settleTransaction',
  'verifyApplied',
  'addSuggestions',
  'recordUndo',
  'tally',
  'hintPhase',
  'renderBatchText',
  'compactBatch',
];

/** the package (or mcbridge folder, or V8 pseudo-frame) a frame belongs to */
function bucketOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName || '(anonymous native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/dist\/([^/]+)\//.exec(url);
  if (own) return `mcbridge/${own[1]}`;
  if (url.startsWith('node:')) return 'node (internal)';
  return url;
}

type Tally = Map<string, number>;

interface Cut {
  buckets: Tally;
  functions: Tally;
  phases: Tally;
  busyMs: number;
}

function cut(profile: CpuProfile, window: CallWindow): Cut {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const buckets: Tally = new Map();
  const functions: Tally = new Map();
  const phases: Tally = new Map();
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < window.startUs || t > window.endUs) continue;
    // a sample after the process was descheduled (a busy machine) would carry the wait: count 2 ms at most
    const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, 2000) / 1000;
    const node = byId.get(profile.samples[i]!)!;
    const bucket = bucketOf(node);
    if (bucket === '(idle)') continue;
    busy += dt;
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
    const fn = `${node.callFrame.functionName || '(anonymous)'} (${bucket})`;
    functions.set(fn, (functions.get(fn) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id)!.callFrame.functionName;
      if (PHASES.includes(name) && !seen.has(name)) {
        seen.add(name);
        phases.set(name, (phases.get(name) ?? 0) + dt);
      }
    }
  }
  return { buckets, functions, phases, busyMs: busy };
}

function table(title: string, first: Tally, warm: Tally[], limit: number): string {
  const keys = new Set([...first.keys(), ...warm.flatMap((w) => [...w.keys()])]);
  const rows = [...keys]
    .map((k) => {
      const f = first.get(k) ?? 0;
      const w = median(warm.map((m) => m.get(k) ?? 0));
      return { k, f, w };
    })
    .sort((a, b) => b.f - b.w - (a.f - a.w))
    .slice(0, limit);
  const lines = rows.map(
    (r) => `| ${r.k} | ${r.f.toFixed(0)} | ${r.w.toFixed(0)} | ${(r.f - r.w).toFixed(0)} |`,
  );
  return `\n| ${title} | first ms | warm ms (median) | extra ms |\n|---|---|---|---|\n${lines.join('\n')}\n`;
}

const medianTally = (tallies: Tally[]): Tally => {
  const keys = new Set(tallies.flatMap((t) => [...t.keys()]));
  return new Map([...keys].map((k) => [k, median(tallies.map((t) => t.get(k) ?? 0))]));
};

const addInto = (sum: Tally, t: Tally): void => {
  for (const [k, v] of t) sum.set(k, (sum.get(k) ?? 0) + v);
};

type Kind = 'buckets' | 'functions' | 'phases';
const TABLES: Array<[Kind, string, number]> = [
  ['buckets', 'self time by package / folder', 15],
  ['functions', 'self time by function', 25],
  ['phases', 'inclusive time by phase', PHASES.length],
];

/**
 * A markdown summary: all serve processes summed (first calls against their median warm calls), then each
 * process; the largest differences first → warm come first.
 */
export function summariseProfiles(
  dir: string,
  processes: Array<{ pid: number | null; windows: CallWindow[] }>,
): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const sums = { first: new Map<Kind, Tally>(), warm: new Map<Kind, Tally>() };
  for (const [kind] of TABLES) {
    sums.first.set(kind, new Map());
    sums.warm.set(kind, new Map());
  }
  let busy = { first: 0, warm: 0 };
  let each = '';
  for (const { pid, windows } of processes) {
    const file = files.find((f) => f.split('.')[3] === String(pid));
    if (!file) {
      each += `\nno profile for serve process ${pid}\n`;
      continue;
    }
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const first = cut(
      profile,
      windows.find((w) => w.kind === 'first')!,
    );
    const warm = windows.filter((w) => w.kind === 'warm').map((w) => cut(profile, w));
    const warmBusy = median(warm.map((w) => w.busyMs));
    busy = { first: busy.first + first.busyMs, warm: busy.warm + warmBusy };
    const wall = windows.map((w) => `${w.kind} ${w.ms.toFixed(0)} ms`).join(', ');
    each += `\n### serve process ${pid} (${file})\n${wall}; busy CPU: first ${first.busyMs.toFixed(0)} ms, warm ${warmBusy.toFixed(0)} ms\n`;
    for (const [kind, title, limit] of TABLES) {
      each += table(
        title,
        first[kind],
        warm.map((w) => w[kind]),
        limit,
      );
      addInto(sums.first.get(kind)!, first[kind]);
      addInto(sums.warm.get(kind)!, medianTally(warm.map((w) => w[kind])));
    }
  }
  let out = `\n### all ${processes.length} serve processes, summed\nbusy main-thread CPU: first calls ${busy.first.toFixed(0)} ms, warm calls ${busy.warm.toFixed(0)} ms\n`;
  for (const [kind, title, limit] of TABLES)
    out += table(title, sums.first.get(kind)!, [sums.warm.get(kind)!], limit);
  return out + each;
}
