/**
 * `npm run package`: the npm package as users install it, its dependencies inside it. A plain `npm pack` of the
 * repository would leave npm to fetch ~200 packages at install time, among them minecraft-data's every Java and
 * Bedrock version (430 MB, of which mcbridge reads ~60). Instead this stages the package in a folder of its own:
 * the built files (`files`: dist/ and assets/, made by the repository's prepack), package.json with every
 * dependency in `bundleDependencies`, and the production dependency tree installed there from package-lock.json
 * (`npm ci --omit=dev --omit=optional`, so the versions are the lockfile's, whatever moved on the registry, and
 * without optional dependencies, which packages work without by contract: rxjs, 1,300 files, comes only as
 * one); prunes that tree (minecraft-data to what dataPaths.json reaches for the versions mcbridge speaks:
 * prune-minecraft-data.ts; the dependencies' test, documentation and example folders, readmes and source
 * maps); then packs the folder. Unpacking time goes with the number of files. Installing
 * the tarball is then one download and one unpacking: npm fetches nothing else and runs no dependency's code.
 * The package has no install scripts, so none is lost by bundling; docs/development.md says why a bundled tree
 * rather than a bundler.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pruneMinecraftData } from './prune-minecraft-data.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Folders of a dependency that nothing loads at run time (any depth inside node_modules). */
const UNUSED_FOLDERS = new Set([
  'test',
  'tests',
  '__tests__',
  'doc',
  'docs',
  'example',
  'examples',
  'benchmark',
  'benchmarks',
  '.github',
  'coverage',
]);

interface SourcePackageJson {
  dependencies: Record<string, string>;
  files: string[];
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

/** Files of a dependency written for people, not programs (its licence stays). */
const READING = /^(readme|changelog|history|changes)(\.(md|markdown|txt))?$/i;

/** Removes the unused folders, source maps and readmes under a node_modules folder; the bytes removed. */
export function pruneUnused(dir: string): number {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && UNUSED_FOLDERS.has(entry.name)) {
      removed += sizeOf(path);
      rmSync(path, { recursive: true });
    } else if (entry.isDirectory()) removed += pruneUnused(path);
    else if (entry.isFile() && (entry.name.endsWith('.map') || READING.test(entry.name))) {
      removed += statSync(path).size;
      rmSync(path);
    }
  }
  return removed;
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/**
 * The staged package in `stage` (created), from `source`'s built files, package.json and package-lock.json: its
 * production dependencies installed and pruned, ready for `npm pack`.
 */
export function stagePackage(source: string, stage: string): void {
  mkdirSync(stage, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as SourcePackageJson;
  for (const path of [
    ...pkg.files.filter((f) => !f.startsWith('!')),
    'README.md',
    'LICENSE',
    'package-lock.json',
  ])
    cpSync(join(source, path), join(stage, path), { recursive: true });
  // no scripts: the files are built, and a user's install runs none
  delete pkg.scripts;
  pkg['bundleDependencies'] = Object.keys(pkg.dependencies);
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  execFileSync(
    NPM,
    [
      'ci',
      '--omit=dev',
      '--omit=optional',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    {
      cwd: stage,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // package-lock.json describes the repository's tree with its dev dependencies; a user's install writes its own
  rmSync(join(stage, 'package-lock.json'));
  const modules = join(stage, 'node_modules');
  rmSync(join(modules, '.package-lock.json'), { force: true });
  const data = pruneMinecraftData(join(modules, 'minecraft-data'));
  const unused = pruneUnused(modules);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  process.stderr.write(
    `mcbridge: minecraft-data ${mb(data.before)} → ${mb(data.after)} (${data.versions.length} Java versions kept: ${data.versions[0]}, ${data.versions[1]} … ${data.versions.at(-1)}); ${mb(unused)} of tests, docs, examples, readmes and source maps left out\n`,
  );
}

/**
 * The package's tarball, made in `dir` from `source` (the repository, or copyForPacking's copy of it): the
 * repository's prepack builds dist/ and assets/ there, then stagePackage and `npm pack` of the stage.
 */
export function packPackage(dir: string, source = ROOT): string {
  execFileSync(NPM, ['run', '-s', 'prepack'], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
  const stage = mkdtempSync(join(tmpdir(), 'mcbridge-package-'));
  stagePackage(source, stage);
  const out = execFileSync(NPM, ['pack', '--json', '--pack-destination', dir], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 256 * 1024 * 1024,
  });
  rmSync(stage, { recursive: true, force: true });
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as [{ filename: string }];
  return join(dir, filename);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tarball = packPackage(ROOT);
  process.stderr.write(
    `mcbridge: ${tarball} written (${(statSync(tarball).size / 1e6).toFixed(0)} MB); publish it with \`npm publish ${tarball}\`\n`,
  );
}
