/**
 * `npm run bench:install`: what installing mcbridge costs a user, written into docs/performance.md between the
 * `install` markers. The tarball as `npm pack` makes it; its install into an empty folder with scripts on, once
 * with an empty npm cache (a user's first `npx -y mcbridge`, everything downloaded from the npm registry) and
 * once more into another empty folder with the cache that install filled; the installed size and its largest
 * packages; the live viewer's add-on (its install and size); the first picture each way: `mcbridge render` of
 * the built-in world from the package alone, and the live viewer's page with its scripts served (the page
 * draws in the browser from there); the desktop bundle made from the second install, as `npm run mcpb` makes it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFigures } from './doc-tables.js';
import { copyForPacking, installTarball, packBundle, packTarball, stageBundle } from '../scripts/mcpb.js';

// sizes are the files' own sizes in MB of 10^6 bytes (du counts whole disk blocks and says more)
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The largest installed packages of a node_modules folder (scoped ones counted per package). */
function largest(modules: string, count: number): string {
  const sizes: Array<[string, number]> = [];
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@'))
      for (const sub of readdirSync(join(modules, name)))
        sizes.push([`${name}/${sub}`, sizeOf(join(modules, name, sub))]);
    else sizes.push([name, sizeOf(join(modules, name))]);
  }
  return sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${mb(size)}`)
    .join(', ');
}

/** Milliseconds from starting `bin args…` to its first stdout line matching `ready`, then `after` on it. */
async function untilLine(
  bin: string,
  args: string[],
  cwd: string,
  ready: RegExp,
  after: (match: RegExpExecArray) => Promise<void>,
): Promise<number> {
  const start = performance.now();
  const child = spawn(bin, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const match = await new Promise<RegExpExecArray>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = ready.exec(out);
        if (m) resolve(m);
      });
      child.once('exit', (code) => reject(new Error(`${bin} ${args.join(' ')} exited with ${code}`)));
    });
    await after(match);
    return performance.now() - start;
  } finally {
    child.kill('SIGINT');
  }
}

async function main(): Promise<void> {
  const load = loadavg()[0]!;
  const work = mkdtempSync(join(tmpdir(), 'mcbridge-bench-install-'));
  try {
    const tarball = packTarball(work, copyForPacking(join(work, 'source')));
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');

    // the first install: npm's cache empty, every package fetched from the registry
    const cache = join(work, 'npm-cache');
    const first = join(work, 'first');
    const coldMs = timed(() => installTarball(tarball, first, ['--cache', cache]));
    const second = join(work, 'second');
    const warmMs = timed(() => installTarball(tarball, second, ['--cache', cache]));
    const modules = join(first, 'node_modules');
    const installed = sizeOf(modules);
    const packages = readdirSync(modules).filter((n) => !n.startsWith('.')).length;
    const heaviest = largest(modules, 4);

    const bin = join(first, 'node_modules', '.bin', 'mcbridge');
    const renderMs = timed(() =>
      execFileSync(
        bin,
        ['render', '--embedded', '--from', '-4,-62,-4', '--to', '4,-58,4', '--out', join(work, 'first.png')],
        { cwd: first, stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    );

    // the live viewer's add-on, into the same folder
    const addonMs = timed(() =>
      execFileSync(
        'npm',
        ['install', '--no-audit', '--no-fund', '--cache', cache, 'prismarine-viewer@1.33.0'],
        {
          cwd: first,
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
    const withAddon = sizeOf(modules);
    const viewerMs = await untilLine(
      bin,
      ['world', '--viewer-port', '0'],
      first,
      /viewer: (\S+)/,
      async (m) => {
        for (const file of ['', 'index.js', 'worker.js']) {
          const res = await fetch(`${m[1]}${file}`);
          if (!res.ok) throw new Error(`the viewer answered ${res.status} for /${file}`);
          await res.arrayBuffer();
        }
      },
    );

    // the desktop bundle, made from the second install as `npm run mcpb` makes it
    const bundle = join(work, 'mcbridge.mcpb');
    await stageBundle(second);
    const bundleMs = timed(() => packBundle(second, bundle));
    const unpacked = sizeOf(second);

    writeFigures(
      'install',
      [
        ['tarball (npm pack)', `${mb(statSync(tarball).size)}, ${listing.length} files`],
        ['first install (npm cache empty: everything from the npm registry)', seconds(coldMs)],
        ['install again into an empty folder (npm cache filled)', seconds(warmMs)],
        ['installed size (node_modules)', `${mb(installed)} in ${packages} packages`],
        ['largest installed packages', heaviest],
        [
          'first picture from the package alone (`mcbridge render --embedded`, world start included)',
          seconds(renderMs),
        ],
        ['the live viewer add-on (`npm install prismarine-viewer@1.33.0`, same cache)', seconds(addonMs)],
        ['installed size with the add-on', `${mb(withAddon)} (+${mb(withAddon - installed)})`],
        [
          'desktop bundle (mcbridge.mcpb, from the second install)',
          `${mb(statSync(bundle).size)} (${mb(unpacked)} unpacked); mcpb pack ${seconds(bundleMs)}`,
        ],
        [
          'live viewer ready (`mcbridge world --viewer-port 0` to its page, index.js and worker.js served)',
          seconds(viewerMs),
        ],
      ],
      load,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
