/**
 * minecraft-data, pruned to the tables mcbridge reads (scripts/package-tree.ts runs this on the package's own
 * copy at pack time). minecraft-data carries every Java and Bedrock version (430 MB); its `dataPaths.json` names,
 * per version and table, the folder that holds it — newer versions point at older folders (1.21.4's `windows`
 * is pc/1.16.1's, its `attributes` pc/1.17's) — and its `data.js`, generated from dataPaths.json by its own
 * `bin/generate_data.js`, loads each table lazily. So the files kept are exactly those dataPaths.json reaches
 * for the kept versions, plus the `common` folders its index.js reads when it loads (pc/common and
 * bedrock/common: protocolVersions, versions, legacy); the other versions leave dataPaths.json and data.js is
 * generated again, so minecraft-data answers `null` for them (an unknown version) instead of failing on a
 * missing file. A version is kept when it is a release of OLDEST_SPOKEN_VERSION's protocol or newer (the bot's range:
 * src/connection/spoken-versions.ts), or when a module loads it by name (EXTRA_VERSIONS).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OLDEST_SPOKEN_VERSION } from '../src/connection/spoken-versions.js';

/**
 * Versions loaded by name whatever server the bot joins: prismarine-viewer's mesher, which render_area and the
 * MCP Apps view run from the package's assets (viewer/lib/models.js: `require('minecraft-data')('1.16.2').tints`
 * when it loads).
 */
export const EXTRA_VERSIONS = ['1.16.2'];

type DataPaths = Record<'pc' | 'bedrock', Record<string, Record<string, string>>>;
interface ProtocolVersion {
  minecraftVersion: string;
  version: number;
  usesNetty: boolean;
}

/**
 * The pc versions of dataPaths.json that are kept: releases that share or follow OLDEST_SPOKEN_VERSION's protocol
 * (1.20 speaks 1.20.1's), and EXTRA_VERSIONS.
 */
export function keptVersions(dataDir: string): string[] {
  const paths = JSON.parse(readFileSync(join(dataDir, 'dataPaths.json'), 'utf8')) as DataPaths;
  const rows = JSON.parse(
    readFileSync(join(dataDir, 'pc', 'common', 'protocolVersions.json'), 'utf8'),
  ) as ProtocolVersion[];
  const protocol = new Map(rows.filter((r) => r.usesNetty).map((r) => [r.minecraftVersion, r.version]));
  const oldest = protocol.get(OLDEST_SPOKEN_VERSION);
  if (oldest === undefined)
    throw new Error(`minecraft-data does not know ${OLDEST_SPOKEN_VERSION} (OLDEST_SPOKEN_VERSION)`);
  const release = (v: string) => /^\d+(\.\d+)+$/.test(v);
  return Object.keys(paths.pc).filter(
    (v) => EXTRA_VERSIONS.includes(v) || (release(v) && (protocol.get(v) ?? -Infinity) >= oldest),
  );
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** Removes every file under `dir` that `keep` does not hold (paths relative to `root`); empty folders too. */
function removeUnkept(root: string, dir: string, keep: Set<string>): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (keep.has(rel)) continue;
    if (statSync(path).isDirectory()) {
      // a kept folder (common) stays whole; one that holds a kept file is walked
      if ([...keep].some((k) => k.startsWith(`${rel}/`))) removeUnkept(root, path, keep);
      else rmSync(path, { recursive: true });
    } else rmSync(path);
  }
}

/**
 * Prunes the minecraft-data package at `packageDir` in place; returns the bytes before and after and the
 * versions kept.
 */
export function pruneMinecraftData(packageDir: string): {
  before: number;
  after: number;
  versions: string[];
} {
  const before = sizeOf(packageDir);
  const dataDir = join(packageDir, 'minecraft-data', 'data');
  const paths = JSON.parse(readFileSync(join(dataDir, 'dataPaths.json'), 'utf8')) as DataPaths;
  const versions = keptVersions(dataDir);
  const keep = new Set(['dataPaths.json', 'pc/common', 'bedrock/common']);
  for (const version of versions)
    for (const [table, folder] of Object.entries(paths.pc[version]!))
      // a table is `<table>.json`, or another file named after it (proto.yml): generate_data.js looks the same way
      for (const file of readdirSync(join(dataDir, folder)))
        if (file.startsWith(`${table}.`)) keep.add(`${folder}/${file}`);
  removeUnkept(dataDir, dataDir, keep);
  const pruned: DataPaths = {
    pc: Object.fromEntries(versions.map((v) => [v, paths.pc[v]!])),
    bedrock: {},
  };
  writeFileSync(join(dataDir, 'dataPaths.json'), `${JSON.stringify(pruned, null, 2)}\n`);
  // data.js again, by minecraft-data's own generator, from the pruned dataPaths.json
  execFileSync(process.execPath, [join(packageDir, 'bin', 'generate_data.js')], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { before, after: sizeOf(packageDir), versions };
}
