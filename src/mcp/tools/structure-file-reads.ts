/**
 * A structure file as the server will place it, for every view of the file: the structure resource (its
 * summary, palette and picture), list_structures, compare_structure and place_structure read the same
 * upgraded states (structures/upgrade: data fixers, then neighbour shapes), never the file's old names. The
 * upgrade of a file on its own is computed once per file, version and modification and kept for the next
 * view; one that reads the world at the structure's edge (place_structure unturned) is not kept, since the
 * world changes.
 */
import { stat } from 'node:fs/promises';
import type { StructureFiles } from '../../structures/files.js';
import type { Structure } from '../../structures/store.js';
import { type UpgradeReport, type UpgradeTarget, upgradeStructure } from '../../structures/upgrade/index.js';
import type { ConnectionTarget } from '../../connection/target.js';
import { FALLBACK_VERSION } from '../../suggest/registries.js';

export interface UpgradedFile {
  structure: Structure;
  report: UpgradeReport;
}

/** upgraded files kept, the most recently used, holding at most KEPT_BLOCKS blocks together */
const KEPT = 8;
const KEPT_BLOCKS = 1 << 22;
const kept = new Map<string, UpgradedFile>();
let keptBlocks = 0;

/**
 * The file upgraded for `target` alone (no world around it), from the cache when the file on disk is the
 * one read last time; `read` gives the file as written (the caller's own read, when it has one).
 */
export async function upgradedFile(
  files: StructureFiles,
  file: string,
  target: UpgradeTarget,
  read: () => Promise<Structure> = () => files.read(file),
): Promise<UpgradedFile> {
  const { path } = await files.resolve(file, 'read');
  const info = await stat(path);
  const key = `${target.version}\0${target.dataVersion}\0${path}\0${info.mtimeMs}\0${info.size}`;
  const hit = kept.get(key);
  if (hit) {
    // the most recently used last, so that the oldest goes first
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const upgraded = upgradeStructure(await read(), target);
  const blocks = upgraded.structure.blocks.length;
  if (blocks > KEPT_BLOCKS) return upgraded;
  kept.set(key, upgraded);
  keptBlocks += blocks;
  while (kept.size > KEPT || keptBlocks > KEPT_BLOCKS) {
    const [oldest, file] = kept.entries().next().value!;
    kept.delete(oldest);
    keptBlocks -= file.structure.blocks.length;
  }
  return upgraded;
}

/**
 * The version a view reads a file for: the connected server's, else the embedded world's (said in `note`,
 * since the server the file is placed on may read it otherwise).
 */
export function viewVersion(target: ConnectionTarget): { version: string; note?: string } {
  const version = target.peek()?.channel.version;
  if (version) return { version };
  return {
    version: FALLBACK_VERSION,
    note: `no server connected: read as ${FALLBACK_VERSION} reads it (the embedded world's version)`,
  };
}
