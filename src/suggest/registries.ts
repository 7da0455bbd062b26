/**
 * The ids a server of a given version knows, from minecraft-data (the game's own registries, extracted
 * per version): blocks with their states, items, entity types, and the vanilla command tree.
 */
import { createRequire } from 'node:module';
import { type CommandNode, fromMinecraftData, type MinecraftDataNode } from './tree.js';

const require = createRequire(import.meta.url);

/** The version used when the server's is unknown to minecraft-data. */
export const FALLBACK_VERSION = '1.21.4';

export interface BlockStateInfo {
  name: string;
  type: string;
  values?: string[];
}

interface McData {
  blocksArray: Array<{ name: string; states?: BlockStateInfo[] }>;
  itemsArray: Array<{ name: string }>;
  entitiesArray: Array<{ name: string }>;
  commands?: { root?: MinecraftDataNode };
}

export interface Registries {
  version: string;
  blocks: readonly string[];
  items: readonly string[];
  entities: readonly string[];
  states(block: string): BlockStateInfo[] | undefined;
  /** vanilla's command tree for the version, when minecraft-data has one */
  commands?: CommandNode;
}

const cache = new Map<string, Registries>();

export function registries(version: string): Registries {
  const cached = cache.get(version);
  if (cached) return cached;
  const load = require('minecraft-data') as (v: string) => McData | null;
  const data = load(version) ?? load(FALLBACK_VERSION)!;
  const byName = new Map(data.blocksArray.map((b) => [b.name, b.states ?? []]));
  const root = data.commands?.root;
  const out: Registries = {
    version,
    blocks: data.blocksArray.map((b) => b.name),
    items: data.itemsArray.map((i) => i.name),
    entities: data.entitiesArray.map((e) => e.name),
    states: (block) => byName.get(bareId(block)),
    ...(root ? { commands: fromMinecraftData(root) } : {}),
  };
  cache.set(version, out);
  return out;
}

/** `minecraft:oak_door[facing=north]` → `oak_door` */
export const bareId = (id: string): string =>
  id
    .toLowerCase()
    .replace(/^minecraft:/, '')
    .replace(/[[{].*$/, '');
