/** Valid block ids close to a mistyped one, from minecraft-data's block list for the server's version. */
import { createRequire } from 'node:module';
import { nearest } from '../suggest/nearest.js';
import { bare } from './blocks.js';

const require = createRequire(import.meta.url);

/** The version used when the caller does not know the server's. */
export const DEFAULT_MC_VERSION = '1.21.4';

const namesByVersion = new Map<string, readonly string[]>();

const blockNames = (version: string): readonly string[] => {
  const cached = namesByVersion.get(version);
  if (cached) return cached;
  const load = require('minecraft-data') as (v: string) => { blocksArray: Array<{ name: string }> } | null;
  const data = load(version) ?? load(DEFAULT_MC_VERSION);
  const names = data ? data.blocksArray.map((b) => b.name) : [];
  namesByVersion.set(version, names);
  return names;
};

export { editDistance } from '../suggest/nearest.js';

/**
 * Up to `max` block ids (without namespace) nearest to `wrong`: a known slip alone, else by edit distance,
 * closest first, ties by name; only those within a third of the word's length (at least 2 edits).
 */
const closeCache = new Map<string, string[]>();
const CLOSE_CACHE_SIZE = 256;

export const closeBlockIds = (wrong: string, version = DEFAULT_MC_VERSION, max = 5): string[] => {
  // a batch often repeats one typo hundreds of times: each distance scan is ~1,000 names
  const key = `${version}\u0000${max}\u0000${wrong}`;
  const cached = closeCache.get(key);
  if (cached) return cached;
  const found = scanCloseBlockIds(wrong, version, max);
  if (closeCache.size >= CLOSE_CACHE_SIZE) closeCache.delete(closeCache.keys().next().value!);
  closeCache.set(key, found);
  return found;
};

// known slips first (oak_plank → oak_planks), then edit distance: the same order as "did you mean"
const scanCloseBlockIds = (wrong: string, version: string, max: number): string[] =>
  nearest(bare(wrong.toLowerCase()), blockNames(version), max);
