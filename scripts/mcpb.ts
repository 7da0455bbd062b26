/**
 * `npm run mcpb`: the desktop bundle, mcbridge.mcpb at the repository's root, made with @anthropic-ai/mcpb
 * (manifest_version 0.3). It holds the npm package exactly as a user installs it (the tarball of
 * scripts/package-tree.ts, its pruned dependency tree inside, installed with its scripts on into a fresh
 * folder), a small launcher that turns the user's settings into `mcbridge serve` flags
 * (scripts/mcpb-launch.mjs, as server/index.mjs) and the manifest.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackage } from './package-tree.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE = join(ROOT, 'mcbridge.mcpb');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackageJson {
  name: string;
  version: string;
  description: string;
  license: string;
  keywords: string[];
  homepage: string;
  repository: { url: string };
  bugs: { url: string };
  engines: { node: string };
}

export const packageJson = (): PackageJson =>
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

/**
 * The npm package's tarball, made in `dir` (scripts/package-tree.ts: built, its pruned dependency tree inside);
 * its path. `source` is the repository, or a copy of the files packing needs (copyForPacking).
 */
export function packTarball(dir: string, source = ROOT): string {
  return packPackage(dir, source);
}

/**
 * A copy of what `npm pack` reads and builds from (sources, build configuration, the package's texts), with
 * the repository's node_modules linked in: packing there builds into the copy, leaving the repository's dist/
 * alone while other processes run it.
 */
export function copyForPacking(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const path of [
    'package.json',
    'package-lock.json',
    'README.md',
    'LICENSE',
    'tsconfig.json',
    'tsconfig.build.json',
    'src',
    'scripts',
  ])
    cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * Installs a tarball into an empty folder as a user would, scripts on, from the
 * npm registry (through npm's cache when it holds them).
 */
export function installTarball(tarball: string, dir: string, npmOptions: string[] = []): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  execFileSync(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', ...npmOptions, tarball], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The tools a client lists, from the server itself (in memory, no world). */
export async function listTools(): Promise<Array<{ name: string; description: string }>> {
  const { Client } = await import('@modelcontextprotocol/client');
  const { InMemoryTransport } = await import('@modelcontextprotocol/server');
  const { UndoRegistry } = await import('../src/batch/undo.js');
  const { Targets } = await import('../src/connection/targets.js');
  const { JobManager } = await import('../src/jobs/manager.js');
  const { createServer } = await import('../src/mcp/server.js');
  const { defaultSafetyConfig } = await import('../src/safety/config.js');
  const { logger } = await import('../src/vocabulary/logger.js');
  const log = logger.child({}, { level: 'silent' });
  const targets = new Targets([]);
  const jobsDir = mkdtempSync(join(tmpdir(), 'mcbridge-mcpb-jobs-'));
  const jobs = new JobManager({
    targets,
    undo: new UndoRegistry(),
    safety: defaultSafetyConfig,
    log,
    dir: jobsDir,
    autoResume: false,
  });
  const server = createServer({ targets, log, safety: defaultSafetyConfig, jobs });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'mcpb', version: '0' });
  await client.connect(a);
  const { tools } = await client.listTools();
  await client.close();
  await jobs.close();
  rmSync(jobsDir, { recursive: true, force: true });
  // the first sentence of each description: the manifest lists tools for people choosing a bundle
  return tools.map((t) => ({
    name: t.name,
    description: (t.description ?? '').split(/(?<=\.)\s/)[0]!.trim(),
  }));
}

/** The manifest (MCPB manifest_version 0.3): the launcher under `${__dirname}`, the user's settings as flags. */
export function manifest(pkg: PackageJson, tools: Array<{ name: string; description: string }>): object {
  const arg = (name: string) => `--${name}=\${user_config.${name}}`;
  return {
    manifest_version: '0.3',
    name: pkg.name,
    display_name: 'mcbridge (Minecraft)',
    version: pkg.version,
    description: pkg.description,
    long_description:
      'An MCP server that runs Minecraft Java chat commands on a real server through a bot, and answers for each ' +
      'command with the lines the server sent back for it and what they mean (applied, rejected, failed…), ' +
      'checks the blocks it wrote, can undo, render and journal long builds. With "Use the built-in world" it ' +
      'starts a private Minecraft 1.21.4 world of its own, with nothing else to install.',
    author: { name: 'mcbridge maintainers', url: pkg.homepage },
    repository: { type: 'git', url: pkg.repository.url.replace(/^git\+/, '') },
    homepage: pkg.homepage,
    documentation: pkg.homepage,
    support: pkg.bugs.url,
    license: pkg.license,
    keywords: pkg.keywords,
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: {
        command: 'node',
        args: [
          '${__dirname}/server/index.mjs',
          arg('embedded'),
          arg('host'),
          arg('port'),
          arg('username'),
          arg('microsoft_sign_in'),
        ],
        env: {},
      },
    },
    tools,
    compatibility: {
      platforms: ['darwin', 'win32', 'linux'],
      runtimes: { node: pkg.engines.node },
    },
    user_config: {
      embedded: {
        type: 'boolean',
        title: 'Use the built-in world',
        description:
          "Start a private Minecraft 1.21.4 world of mcbridge's own and build there (the host and port below are then not used). Turn it off to connect to your own server.",
        default: true,
        required: false,
      },
      host: {
        type: 'string',
        title: 'Server host',
        description: 'Your Minecraft Java server (or the computer with your LAN world).',
        default: '127.0.0.1',
        required: false,
      },
      port: {
        type: 'number',
        title: 'Server port',
        description: "Your server's port; a LAN world's port is in the game's chat when you open it to LAN.",
        default: 25565,
        min: 1,
        max: 65535,
        required: false,
      },
      username: {
        type: 'string',
        title: 'Bot name',
        description:
          "The name the bot joins with (make it an operator on your server: op <name>); with Microsoft sign-in, the account's e-mail address.",
        default: 'mcbridge',
        required: false,
      },
      microsoft_sign_in: {
        type: 'boolean',
        title: 'Sign in with Microsoft',
        description:
          'For online-mode servers and LAN worlds: the bot signs in with the Microsoft account above (the first tool call answers with a URL and a code to enter). Off: offline mode (online-mode=false).',
        default: false,
        required: false,
      },
    },
  };
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** Lays out the bundle's folder from an install of the tarball (installTarball's folder, changed in place). */
export async function stageBundle(installDir: string): Promise<void> {
  mkdirSync(join(installDir, 'server'), { recursive: true });
  copyFileSync(join(ROOT, 'scripts', 'mcpb-launch.mjs'), join(installDir, 'server', 'index.mjs'));
  // the launcher imports ../dist/cli/main.js: the installed package's dist, linked beside it
  const launcher = readFileSync(join(installDir, 'server', 'index.mjs'), 'utf8').replace(
    "'../dist/cli/main.js'",
    "'../node_modules/mcbridge/dist/cli/main.js'",
  );
  writeFileSync(join(installDir, 'server', 'index.mjs'), launcher);
  rmSync(join(installDir, 'package.json'));
  rmSync(join(installDir, 'package-lock.json'), { force: true });
  const pkg = JSON.parse(
    readFileSync(join(installDir, 'node_modules', 'mcbridge', 'package.json'), 'utf8'),
  ) as PackageJson;
  writeFileSync(
    join(installDir, 'manifest.json'),
    `${JSON.stringify(manifest(pkg, await listTools()), null, 2)}\n`,
  );
}

/** `mcpb pack` of a staged folder into `out`. */
export function packBundle(stageDir: string, out: string): void {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'mcpb'), ['pack', stageDir, out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'mcbridge-mcpb-'));
  try {
    const tarball = packTarball(work);
    const stage = join(work, 'bundle');
    installTarball(tarball, stage);
    await stageBundle(stage);
    packBundle(stage, BUNDLE);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
    process.stderr.write(
      `mcbridge: ${BUNDLE} written: ${mb(statSync(BUNDLE).size)} (${mb(sizeOf(stage))} unpacked)\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
