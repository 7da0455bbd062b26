/**
 * Completion values for prompt arguments and resource templates: names the companion knows (structures,
 * build jobs, connections) and block ids from the registries of the connected server's version.
 */
import { createRequire } from 'node:module';
import type { Targets } from '../connection/targets.js';

const require = createRequire(import.meta.url);
/** at most this many values in one answer (MCP's own limit is 100) */
const LIMIT = 100;

/** Candidates that start with what was typed first, then those that contain it; case-insensitive. */
export function completeFrom(candidates: readonly string[], typed: string): string[] {
  const needle = typed.toLowerCase();
  const starts = candidates.filter((c) => c.toLowerCase().startsWith(needle));
  const contains = candidates.filter(
    (c) => !c.toLowerCase().startsWith(needle) && c.toLowerCase().includes(needle),
  );
  return [...starts, ...contains].slice(0, LIMIT);
}

const blockIdsByVersion = new Map<string, string[]>();

/** Every block id of `version` (`minecraft:oak_planks`…), from minecraft-data. */
export function blockIds(version: string): string[] {
  let ids = blockIdsByVersion.get(version);
  if (!ids) {
    const data = require('minecraft-data')(version) as { blocksArray: Array<{ name: string }> } | undefined;
    ids = (data?.blocksArray ?? []).map((b) => `minecraft:${b.name}`).sort();
    blockIdsByVersion.set(version, ids);
  }
  return ids;
}

/** The default connection's version (1.21.4, the embedded world's, until one is connected). */
export function serverVersion(targets: Targets): string {
  try {
    return targets.get().peek()?.channel.version ?? '1.21.4';
  } catch {
    // no connection configured: the embedded world's version
    return '1.21.4';
  }
}

/** Block ids of the default connection's server. */
export function completeBlockId(targets: Targets, typed: string): string[] {
  const bare = blockIds(serverVersion(targets)).map((id) => id.slice('minecraft:'.length));
  return completeFrom(bare, typed.replace(/^minecraft:/, '')).map((name) => `minecraft:${name}`);
}
