/**
 * The package as users get it: the tarball of scripts/package-tree.ts (built, its dependencies bundled and
 * pruned), installed into an empty folder with install scripts on, then `mcbridge serve --embedded` from that
 * folder over stdio with a command applied, a picture drawn, and minecraft-data loaded for every version the
 * bot speaks from what was pruned; then the desktop bundle made from that same install (scripts/mcpb.ts), unpacked and started as a
 * desktop host starts it. The install reaches only the npm registry, through npm's cache when it holds the
 * packages (`--prefer-offline`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { getMcpConfigForManifest } from '@anthropic-ai/mcpb';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';
import { botVersionRange, fullySpokenLatest } from '../../src/connection/server-version.js';
import { OLDEST_SPOKEN_VERSION } from '../../src/connection/spoken-versions.js';
import { EXTRA_VERSIONS } from '../../scripts/prune-minecraft-data.js';
import {
  copyForPacking,
  installTarball,
  packBundle,
  packTarball,
  ROOT,
  stageBundle,
} from '../../scripts/mcpb.js';

const work = mkdtempSync(join(tmpdir(), 'mcbridge-ship-'));
const install = join(work, 'install');
let tarball: string;

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** An MCP client on a stdio server; `execute_commands` of one setblock, and that command's status. */
async function applyOneCommand(transport: StdioClientTransport, client: Client): Promise<string[]> {
  await client.connect(transport);
  const result = (await client.callTool(
    { name: 'execute_commands', arguments: { commands: ['setblock ~2 ~ ~2 minecraft:oak_planks'] } },
    { timeout: 120_000 },
  )) as CallToolResult;
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as unknown as BatchResult).results.map((r) => r.status);
}

const env = (extra: Record<string, string> = {}) =>
  ({
    ...process.env,
    MCBRIDGE_LOG_LEVEL: 'warn',
    MCBRIDGE_JOBS_DIR: mkdtempSync(join(work, 'jobs-')),
    MCBRIDGE_STRUCTURES_DIR: mkdtempSync(join(work, 'structures-')),
    ...extra,
  }) as Record<string, string>;

beforeAll(() => {
  tarball = packTarball(work, copyForPacking(join(work, 'source')));
  installTarball(tarball, install);
}, 900_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

test('the tarball installs with its scripts and carries everything mcbridge reads, in at most 200 MB', () => {
  const pkg = join(install, 'node_modules', 'mcbridge');
  const viewer = join(pkg, 'assets', 'prismarine-viewer');
  for (const file of [
    'dist/cli/main.js',
    'LICENSE',
    'README.md',
    // render_area's textures and the MCP Apps view's page script, atlas, block states and mesher
    'assets/prismarine-viewer/public/textures/1.21.4/blocks/oak_planks.png',
    'assets/prismarine-viewer/public/textures/1.21.4/blocks_models.json',
    'assets/prismarine-viewer/public/index.js',
    'assets/prismarine-viewer/public/textures/1.21.4.png',
    'assets/prismarine-viewer/public/blocksStates/1.21.4.json',
    'assets/prismarine-viewer/viewer/lib/models.js',
  ])
    expect(existsSync(join(pkg, file)), file).toBe(true);
  // the live viewer is an add-on: neither its package nor its 61 MB worker comes with mcbridge
  expect(existsSync(join(install, 'node_modules', 'prismarine-viewer'))).toBe(false);
  expect(existsSync(join(pkg, 'node_modules', 'prismarine-viewer'))).toBe(false);
  expect(existsSync(join(viewer, 'public', 'worker.js'))).toBe(false);
  expect(existsSync(join(install, 'node_modules', '.bin', 'mcbridge'))).toBe(true);
  // every dependency comes inside the tarball: npm installed nothing beside mcbridge
  expect(readdirSync(join(install, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['mcbridge']);
  expect(sizeOf(join(install, 'node_modules'))).toBeLessThanOrEqual(200e6);
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(manifest['mcpName']).toBe(
    (JSON.parse(readFileSync(join(ROOT, 'server.json'), 'utf8')) as { name: string }).name,
  );
  // the published package runs nothing at install (and its bundled tree was installed with scripts off)
  for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
    expect(manifest['scripts'] ?? {}).not.toHaveProperty(script);
});

test('the installed mcbridge serves --embedded over stdio and a command applies', async () => {
  const transport = new StdioClientTransport({
    command: join(install, 'node_modules', '.bin', 'mcbridge'),
    args: ['serve', '--embedded', '--username', 'Shipped'],
    cwd: install,
    stderr: 'pipe',
    env: env(),
  });
  const client = new Client({ name: 'ship', version: '0' });
  try {
    expect(await applyOneCommand(transport, client)).toEqual(['applied']);
  } finally {
    await client.close();
  }
});

/** Every minecraft-data package of the installed tree (one, unless a dependency needed another version). */
function minecraftDataCopies(modules: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(modules)) {
    const dir = join(modules, name);
    if (name.startsWith('@')) found.push(...minecraftDataCopies(dir));
    else if (name === 'minecraft-data') found.push(dir);
    if (existsSync(join(dir, 'node_modules'))) found.push(...minecraftDataCopies(join(dir, 'node_modules')));
  }
  return found;
}

test('every version the bot speaks loads all of its minecraft-data tables from the pruned install', () => {
  const copies = minecraftDataCopies(join(install, 'node_modules'));
  expect(copies.length).toBeGreaterThan(0);
  expect(botVersionRange().oldest.name).toBe(OLDEST_SPOKEN_VERSION);
  for (const copy of copies) {
    const load = createRequire(join(copy, 'package.json'));
    type Md = ((v: string) => { version: { minecraftVersion: string } } | null) & {
      versions: { pc: Array<{ minecraftVersion: string; version: number; releaseType: string }> };
      versionsByMinecraftVersion: { pc: Record<string, { majorVersion: string }> };
    };
    const md = load('./index.js') as Md;
    const tables = load('./data.js') as { pc: Record<string, Record<string, unknown>> };
    const oldest = md.versions.pc.find((r) => r.minecraftVersion === OLDEST_SPOKEN_VERSION)!.version;
    const spoken = md.versions.pc
      .filter((r) => r.releaseType === 'release' && r.version >= oldest)
      .filter((r) => r.version <= fullySpokenLatest().protocol)
      .map((r) => r.minecraftVersion);
    expect(spoken).toContain('1.21.4');
    expect(spoken).toContain(fullySpokenLatest().name);
    for (const version of [...spoken, ...EXTRA_VERSIONS]) {
      const data = md(version);
      expect(data, `${copy}: ${version}`).not.toBeNull();
      // every table of the version's entry, read: a pruned file would throw here
      // the entry data.js holds for it, found as minecraft-data's toMajor finds it
      const key = version in tables.pc ? version : md.versionsByMinecraftVersion.pc[version]!.majorVersion;
      const entry = tables.pc[key]!;
      expect(entry, `${copy}: ${version} → ${key}`).toBeDefined();
      for (const table of Object.keys(entry))
        expect(entry[table], `${copy}: ${version} ${table}`).toBeDefined();
    }
    // what was pruned answers as an unknown version, not as a missing file
    expect(md('1.12.2')).toBeNull();
    expect(md('bedrock_1.21.0')).toBeNull();
  }
});

test('the installed mcbridge draws a picture of the built-in world (render --embedded)', () => {
  const out = join(work, 'render.png');
  execFileSync(
    join(install, 'node_modules', '.bin', 'mcbridge'),
    ['render', '--embedded', '--from', '-4,-62,-4', '--to', '4,-58,4', '--out', out],
    { cwd: install, env: env(), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const png = readFileSync(out);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(1000);
});

test('the live viewer, an add-on, is refused from the package alone with the command that adds it', () => {
  let stderr = '';
  try {
    execFileSync(
      join(install, 'node_modules', '.bin', 'mcbridge'),
      ['serve', '--embedded', '--viewer-port', '0'],
      { cwd: install, env: env(), stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
  } catch (err) {
    stderr = (err as { stderr: string }).stderr;
    expect((err as { status: number }).status).toBe(1);
  }
  expect(stderr).toContain('the live viewer needs prismarine-viewer@1.33.0, which is not installed here');
  expect(stderr).toContain('npm install prismarine-viewer@1.33.0');
});

test('the desktop bundle unpacks and starts as a desktop host starts it: tools listed, a command applied', async () => {
  // the bundle is made from this install, as `npm run mcpb` makes it from its own
  await stageBundle(install);
  const bundle = join(work, 'mcbridge.mcpb');
  packBundle(install, bundle);
  expect(statSync(bundle).size).toBeLessThanOrEqual(20e6);
  const unpacked = join(work, 'unpacked');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'mcpb'), ['unpack', bundle, unpacked], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as {
    manifest_version: string;
    server: { type: string; entry_point: string };
    tools: Array<{ name: string }>;
    user_config: Record<string, { default: string | number | boolean }>;
  };
  expect(manifest.manifest_version).toBe('0.3');
  expect(manifest.server.type).toBe('node');
  expect(existsSync(join(unpacked, manifest.server.entry_point))).toBe(true);
  expect(Object.keys(manifest.user_config).sort()).toEqual(
    ['embedded', 'host', 'microsoft_sign_in', 'port', 'username'].sort(),
  );
  // what a host does, with @anthropic-ai/mcpb's own substitution: ${__dirname} is the unpacked folder, each
  // ${user_config.X} the user's value (none given here: the manifest's defaults, the built-in world)
  const config = await getMcpConfigForManifest({
    manifest: manifest as unknown as Parameters<typeof getMcpConfigForManifest>[0]['manifest'],
    extensionPath: unpacked,
    systemDirs: {},
    userConfig: {},
    pathSeparator: sep,
  });
  expect(config!.args).toContain(`${unpacked}/server/index.mjs`);
  expect(config!.args!.join(' ')).not.toContain('${');
  const transport = new StdioClientTransport({
    // a desktop host runs `node` with its own Node; here the Node that runs the tests
    command: config!.command === 'node' ? process.execPath : config!.command,
    args: config!.args!,
    cwd: unpacked,
    stderr: 'pipe',
    env: env(config!.env),
  });
  const client = new Client({ name: 'desktop-host', version: '0' });
  try {
    const statuses = await applyOneCommand(transport, client);
    const { tools } = await client.listTools();
    expect(manifest.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    expect(statuses).toEqual(['applied']);
  } finally {
    await client.close();
  }
});
