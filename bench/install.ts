/**
 * `npm run bench:install`: what installing mcbridge costs a user, written into docs/performance.md between the
 * `install` markers. The first start as a host makes it: `npx -y -p <tarball> mcbridge serve --embedded` with an
 * empty npm cache, timed by an MCP client to the answer to `initialize` and to a first applied command, then the
 * same start again with the cache that filled (what a user meets every day). The tarball as `npm run package`
 * makes it (scripts/package-tree.ts); its install into an empty folder with scripts on, once
 * with an empty npm cache (a user's first `npx -y mcbridge`, everything downloaded from the npm registry) and
 * once more into another empty folder with the cache that install filled; the installed size and its largest
 * packages; the live viewer's add-on (its install and size); the first picture each way: `mcbridge render` of
 * the built-in world from the package alone, and the live viewer's page with its scripts served (the page
 * draws in the browser from there); the desktop bundle made from the second install, as `npm run mcpb` makes it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { writeFigures } from './doc-tables.js';
import { serveTarball } from './local-registry.js';
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

/** Every package of a node_modules folder, nested ones included (a bundled tree lives inside its package). */
function packagesIn(modules: string): Array<[name: string, dir: string]> {
  const found: Array<[string, string]> = [];
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const dirs = name.startsWith('@')
      ? readdirSync(join(modules, name)).map((sub) => [`${name}/${sub}`, join(modules, name, sub)] as const)
      : [[name, join(modules, name)] as const];
    for (const [full, dir] of dirs) {
      found.push([full, dir]);
      if (existsSync(join(dir, 'node_modules'))) found.push(...packagesIn(join(dir, 'node_modules')));
    }
  }
  return found;
}

/** The largest installed packages, each without the packages inside it. */
function largest(packages: Array<[string, string]>, count: number): string {
  const own = (dir: string) =>
    readdirSync(dir)
      .filter((n) => n !== 'node_modules')
      .reduce((sum, n) => sum + sizeOf(join(dir, n)), 0);
  return packages
    .map(([name, dir]): [string, number] => [name, own(dir)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${mb(size)}`)
    .join(', ');
}

/**
 * A host's start of `npx -y <args>` with the npm cache `cache` (and `env`), from an empty folder: milliseconds
 * to the answer to `initialize` and to a first command applied (`setblock`).
 */
async function npxStart(
  args: string[],
  cache: string,
  work: string,
  env: Record<string, string> = {},
): Promise<{ init: number; applied: number }> {
  const cwd = mkdtempSync(join(work, 'host-'));
  const transport = new StdioClientTransport({
    command: 'npx',
    args: ['-y', ...args],
    cwd,
    stderr: 'ignore',
    env: {
      ...(process.env as Record<string, string>),
      npm_config_cache: cache,
      npm_config_update_notifier: 'false',
      MCBRIDGE_JOBS_DIR: join(cwd, 'jobs'),
      MCBRIDGE_STRUCTURES_DIR: join(cwd, 'structures'),
      ...env,
    },
  });
  const client = new Client({ name: 'bench-first-start', version: '0' });
  const start = performance.now();
  try {
    await client.connect(transport, { timeout: 600_000 });
    const init = performance.now() - start;
    const result = (await client.callTool(
      { name: 'execute_commands', arguments: { commands: ['setblock ~2 ~ ~2 minecraft:oak_planks'] } },
      { timeout: 600_000 },
    )) as CallToolResult;
    const status = (result.structuredContent as { results?: Array<{ status: string }> } | undefined)
      ?.results?.[0]?.status;
    if (status !== 'applied') throw new Error(`the first command answered ${status ?? 'no result'}`);
    return { init, applied: performance.now() - start };
  } finally {
    await client.close();
  }
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

    // the first start as a host makes it, npm's cache empty; then again with the cache that filled
    const serve = ['mcbridge', 'serve', '--embedded'];
    const npxCache = join(work, 'npx-cache');
    mkdirSync(npxCache);
    const coldStart = await npxStart(['-p', tarball, ...serve], npxCache, work);
    const warmStart = await npxStart(['-p', tarball, ...serve], npxCache, work);
    // and as `npx -y mcbridge` from a registry: the tarball served on loopback as the npm registry serves it
    const registry = await serveTarball(tarball);
    const registryCache = join(work, 'registry-cache');
    mkdirSync(registryCache);
    const fromRegistry = { npm_config_registry: registry.url };
    const coldRegistry = await npxStart(serve, registryCache, work, fromRegistry);
    const warmRegistry = await npxStart(serve, registryCache, work, fromRegistry);
    await registry.close();

    // the first install: npm's cache empty, every package fetched from the registry
    const cache = join(work, 'npm-cache');
    const first = join(work, 'first');
    const coldMs = timed(() => installTarball(tarball, first, ['--cache', cache]));
    const second = join(work, 'second');
    const warmMs = timed(() => installTarball(tarball, second, ['--cache', cache]));
    const modules = join(first, 'node_modules');
    const installed = sizeOf(modules);
    const packages = packagesIn(modules);
    const heaviest = largest(packages, 4);

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
        ['tarball (npm run package)', `${mb(statSync(tarball).size)}, ${listing.length} files`],
        [
          'first start, npm cache empty (`npx -y -p <tarball> mcbridge serve --embedded`): initialize answered',
          seconds(coldStart.init),
        ],
        ['first start, npm cache empty: first command applied', seconds(coldStart.applied)],
        ['next start, npm cache filled: initialize answered', seconds(warmStart.init)],
        ['next start, npm cache filled: first command applied', seconds(warmStart.applied)],
        [
          '`npx -y mcbridge serve --embedded` from a registry on loopback, npm cache empty: initialize / first command applied',
          `${seconds(coldRegistry.init)} / ${seconds(coldRegistry.applied)}`,
        ],
        [
          'the same, npm cache filled: initialize / first command applied',
          `${seconds(warmRegistry.init)} / ${seconds(warmRegistry.applied)}`,
        ],
        ['`npm install <tarball>` into an empty folder, npm cache empty', seconds(coldMs)],
        ['the same into another empty folder, npm cache filled', seconds(warmMs)],
        ['installed size (node_modules)', `${mb(installed)} in ${packages.length} packages`],
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
