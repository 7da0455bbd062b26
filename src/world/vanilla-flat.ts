/**
 * Vanilla 1.21.4's default superflat ("minecraft:bedrock,2*minecraft:dirt,minecraft:grass_block;
 * minecraft:plains"): bedrock at y -64, dirt at -63 and -62, grass block at -61, so players stand at
 * y -60, in a world that spans -64..319 like the 1.21.4 overworld dimension type.
 * flying-squid's own superflat starts at y 0; this generator is registered beside it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const FLAT_MIN_Y = -64;
export const FLAT_HEIGHT = 384;
/** the y a player stands at (feet) on the default superflat */
export const FLAT_STANDING_Y = -60;

interface Registry {
  blocksByName: Record<string, { id: number; defaultState: number }>;
  biomesByName: Record<string, { id: number }>;
}
interface Vec3Ctor {
  new (x: number, y: number, z: number): unknown;
}
interface ChunkLike {
  setBlockStateId(pos: unknown, stateId: number): void;
  setSkyLight(pos: unknown, light: number): void;
  setBiome(pos: unknown, biome: number): void;
  dump(): Buffer;
  load(data: Buffer): void;
  dumpLight(): LightData;
  loadParsedLight(...light: LightData[keyof LightData][]): void;
}
interface LightData {
  skyLight: unknown;
  blockLight: unknown;
  skyLightMask: unknown;
  blockLightMask: unknown;
  emptySkyLightMask: unknown;
  emptyBlockLightMask: unknown;
}

function vanillaFlat(options: { registry: Registry }): () => ChunkLike {
  const { registry } = options;
  const Chunk = require('prismarine-chunk')(registry) as new (o: object) => ChunkLike;
  const { Vec3 } = require('vec3') as { Vec3: Vec3Ctor };
  const state = (name: string) => registry.blocksByName[name]!.defaultState;
  // grass_block's default state is snowy=false, the state vanilla generates
  const layers = [state('bedrock'), state('dirt'), state('dirt'), state('grass_block')];
  const plains = registry.biomesByName['plains']!.id;
  const generate = () => {
    const chunk = new Chunk({ minY: FLAT_MIN_Y, worldHeight: FLAT_HEIGHT });
    for (let x = 0; x < 16; x++) {
      for (let z = 0; z < 16; z++) {
        layers.forEach((id, i) => chunk.setBlockStateId(new Vec3(x, FLAT_MIN_Y + i, z), id));
        for (let y = FLAT_MIN_Y + layers.length; y < FLAT_MIN_Y + FLAT_HEIGHT; y++)
          chunk.setSkyLight(new Vec3(x, y, z), 15);
        // biomes are stored per 4×4×4 cell
        if (x % 4 === 0 && z % 4 === 0)
          for (let y = FLAT_MIN_Y; y < FLAT_MIN_Y + FLAT_HEIGHT; y += 4)
            chunk.setBiome(new Vec3(x, y, z), plains);
      }
    }
    return chunk;
  };
  // every chunk is the same: build one (~30 ms, mostly the sky light) and copy it (~1.5 ms) for the others
  let template: { data: Buffer; light: LightData } | undefined;
  return () => {
    if (!template) {
      const first = generate();
      template = { data: first.dump(), light: first.dumpLight() };
    }
    const { data, light } = template;
    const chunk = new Chunk({ minY: FLAT_MIN_Y, worldHeight: FLAT_HEIGHT });
    chunk.load(data);
    chunk.loadParsedLight(
      light.skyLight,
      light.blockLight,
      light.skyLightMask,
      light.blockLightMask,
      light.emptySkyLightMask,
      light.emptyBlockLightMask,
    );
    return chunk;
  };
}

/** Adds the generator to flying-squid's table under `name`; pass `generation: { name }` to createMCServer. */
export function registerVanillaFlat(name = 'mcbridge_vanilla_flat'): string {
  const generations = require('flying-squid/src/lib/generations') as Record<string, unknown>;
  generations[name] = vanillaFlat;
  return name;
}
