/**
 * Biome arguments of vanilla 1.21.4 (net/minecraft/commands/arguments/ResourceArgument.java and
 * ResourceOrTagArgument.java over minecraft:worldgen/biome): unknown ids and tags fail while parsing,
 * with the cursor after the id.
 */
import type { BiomeRegistry } from './biomes.js';
import { readResourceLocation } from './brigadier.js';
import type { StringReader } from './reader.js';

const REGISTRY = 'minecraft:worldgen/biome';

/** ResourceArgument: a biome's id in the registry */
export function readBiome(reader: StringReader, registry: BiomeRegistry): number {
  const id = readResourceLocation(reader);
  const biome = id.startsWith('minecraft:') ? registry.id(id) : undefined;
  if (biome === undefined) throw reader.fail('argument.resource.not_found', [id, REGISTRY]);
  return biome;
}

/** ResourceOrTagArgument: `#tag` or a biome, as a test on biome names */
export function readBiomeOrTag(reader: StringReader, registry: BiomeRegistry): (name: string) => boolean {
  if (reader.peek() !== '#') {
    const biome = readBiome(reader, registry);
    return (name) => registry.id(name) === biome;
  }
  reader.skip();
  const id = readResourceLocation(reader);
  const members = registry.tags.get(id);
  if (!members) throw reader.fail('argument.resource_tag.not_found', [id, REGISTRY]);
  return (name) => members.has(name);
}
