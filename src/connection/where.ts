/**
 * Where the bot stands, for get_connection_info: exact and block position, dimension, facing, the world's
 * height limits, the ground under it and the box of chunks its client holds — what an LLM needs before its
 * first `~` command. Facing follows vanilla's Direction.fromYRot (0 = south, 90 = west, 180 = north).
 */
import { z } from 'zod';
import type { CommandChannel, WorldView } from './channel.js';
import { type LoadedArea, loadedArea } from './loaded-area.js';

const Vec = z.object({ x: z.number(), y: z.number(), z: z.number() });
const Column = z.object({ x: z.number().int(), z: z.number().int() });
/** whole chunks, in block coordinates, both ends inclusive */
const ChunkRect = z.object({ min: Column, max: Column });

export const BotPlaceSchema = z.object({
  /** feet position, as the server last placed the bot */
  position: Vec,
  /** the block the bot's feet are in (floor of position) */
  block: Vec,
  dimension: z.string().nullable(),
  facing: z.enum(['south', 'west', 'north', 'east']),
  /** degrees, Minecraft convention */
  yaw: z.number(),
  pitch: z.number(),
  /** lowest and highest buildable y of the dimension */
  world: z.object({ minY: z.number().int(), maxY: z.number().int() }).nullable(),
  /** y of the top non-air block at or below the bot's feet (stand at groundY + 1); null: not loaded */
  groundY: z.number().int().nullable(),
  /** that block's id; null: not loaded */
  groundBlock: z.string().nullable(),
  /** how far the feet are above the top of that block (0: standing on it); null: not loaded */
  aboveGround: z.number().nullable(),
  /** the chunks the bot's client holds: commands outside them may hit unloaded chunks */
  loaded: z
    .object({
      chunks: z.number().int(),
      /** the box around every loaded chunk; not every chunk in it need be loaded (see notLoaded) */
      min: Column,
      max: Column,
      /** rectangles whose union is exactly the loaded chunks */
      areas: z.array(ChunkRect),
      /** rectangles whose union is exactly the chunks of the box that are not loaded */
      notLoaded: z.array(ChunkRect),
    })
    .nullable(),
});
export type BotPlace = z.infer<typeof BotPlaceSchema>;

const FACINGS = ['south', 'west', 'north', 'east'] as const;
const AIR = new Set(['minecraft:air', 'minecraft:cave_air', 'minecraft:void_air']);
const round = (n: number) => Math.round(n * 1000) / 1000;

export function botPlace(channel: CommandChannel): BotPlace | undefined {
  const p = channel.executorPosition();
  if (!p) return undefined;
  const view = channel.worldView?.();
  const block = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
  const minY = view?.minY ?? -64;
  return {
    position: { x: round(p.x), y: round(p.y), z: round(p.z) },
    block,
    dimension: view?.dimension ?? p.dimension ?? null,
    facing: FACINGS[Math.floor(p.yaw / 90 + 0.5) & 3]!,
    yaw: round(p.yaw),
    pitch: round(p.pitch),
    world: view ? { minY: view.minY, maxY: view.maxY } : null,
    ...groundUnder(channel, p.y, block, minY),
    loaded: view ? loadedOf(view) : null,
  };
}

/** The chunks as the channel knows them: each one, or (when it knows only the box) the box as whole. */
function loadedOf(view: WorldView): LoadedArea | null {
  if (view.loadedChunks) return loadedArea(view.loadedChunks) ?? null;
  if (!view.loadedBox) return null;
  const { min, max } = view.loadedBox;
  return { chunks: view.loadedChunkCount, min, max, areas: [{ min, max }], notLoaded: [] };
}

type Ground = Pick<BotPlace, 'groundY' | 'groundBlock' | 'aboveGround'>;

/** The top non-air block at or below the feet, and how high above its top (taken as a full block) they are. */
function groundUnder(
  channel: CommandChannel,
  feetY: number,
  from: { x: number; y: number; z: number },
  minY: number,
): Ground {
  const none: Ground = { groundY: null, groundBlock: null, aboveGround: null };
  if (!channel.readBlock) return none;
  for (let y = from.y; y >= minY; y--) {
    const state = channel.readBlock({ x: from.x, y, z: from.z });
    if (state === 'unloaded') return none;
    if (!AIR.has(state.name))
      return { groundY: y, groundBlock: state.name, aboveGround: round(Math.max(0, feetY - (y + 1))) };
  }
  return none;
}
