/**
 * A placement cut into parts the bot can hold loaded at once, so that a structure far from the bot, or
 * wider than the chunks around it, is built part by part with the bot standing at each part.
 *
 * Vanilla 1.21.4 net/minecraft/server/level/ChunkTrackingView.isWithinDistance: a player is sent every
 * chunk whose distance from its own chunk, less two (the outer ring), is within its view distance, and
 * ChunkMap.getPlayerViewDistance never lets that distance fall below 2: every chunk within two chunks of
 * the player's own (a square of 5 × 5) reaches it, whatever the settings. A
 * chunk the server sends is one it holds (DistanceManager's player tickets reach two chunks further), so a
 * part of that square is writable by commands once its chunks have arrived.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { blockCommands, eachPlacedBlock, PLACE_MAX_COMMANDS } from './capture.js';
import type { Rotation, Transform } from './rotate.js';
import type { Structure } from './store.js';

/** chunks on each side of the bot's own chunk that every server sends it */
export const PART_CHUNK_RADIUS = 2;

export interface PlacementPart {
  /** the part of the placed box, whole chunk columns of it */
  box: Box;
  /** where the bot stands to build it: above its middle chunk, within the part */
  stand: BlockPos;
}

const chunkOf = (n: number) => Math.floor(n / 16);

/** The middle of the middle chunk of `lo..hi` (at most five chunks), kept within them. */
const middleOf = (lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, Math.floor((chunkOf(lo) + chunkOf(hi)) / 2) * 16 + 8));

/**
 * The parts of `box`: squares of (2 × PART_CHUNK_RADIUS + 1) chunks on the chunk grid, clipped to the box,
 * the one holding the box's middle last (the bot ends there, where most of the structure stays loaded).
 */
export function placementParts(box: Box, standY: number): PlacementPart[] {
  const span = 2 * PART_CHUNK_RADIUS + 1;
  const x0 = chunkOf(box.min.x);
  const z0 = chunkOf(box.min.z);
  const columns = Math.ceil((chunkOf(box.max.x) - x0 + 1) / span);
  const rows = Math.ceil((chunkOf(box.max.z) - z0 + 1) / span);
  const middle = {
    x: Math.floor((box.min.x + box.max.x) / 2),
    z: Math.floor((box.min.z + box.max.z) / 2),
  };
  const parts: PlacementPart[] = [];
  let last: PlacementPart | undefined;
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      const cx = x0 + column * span;
      const cz = z0 + row * span;
      const part: PlacementPart = {
        box: {
          min: { x: Math.max(box.min.x, cx * 16), y: box.min.y, z: Math.max(box.min.z, cz * 16) },
          max: {
            x: Math.min(box.max.x, (cx + span) * 16 - 1),
            y: box.max.y,
            z: Math.min(box.max.z, (cz + span) * 16 - 1),
          },
        },
        stand: { x: 0, y: standY, z: 0 },
      };
      part.stand.x = middleOf(part.box.min.x, part.box.max.x);
      part.stand.z = middleOf(part.box.min.z, part.box.max.z);
      const holdsMiddle =
        middle.x >= part.box.min.x &&
        middle.x <= part.box.max.x &&
        middle.z >= part.box.min.z &&
        middle.z <= part.box.max.z;
      if (holdsMiddle) last = part;
      else parts.push(part);
    }
  if (last) parts.push(last);
  return parts;
}

/**
 * The commands that build the blocks of `structure` inside `part` (as placeCommands does for the whole):
 * runs along x end at the part's edge, so each command writes only chunks of its part.
 */
export function partCommands(
  structure: Structure,
  origin: BlockPos,
  transform: Rotation | Transform,
  skip: ((key: string) => boolean) | undefined,
  part: Box,
  max = PLACE_MAX_COMMANDS,
): string[] {
  function* inside() {
    for (const b of eachPlacedBlock(structure, origin, transform, skip))
      if (b.x >= part.min.x && b.x <= part.max.x && b.z >= part.min.z && b.z <= part.max.z) yield b;
  }
  return blockCommands(inside(), max);
}

/** The air states a structure file holds (structure void is not air: it leaves the world as it is). */
export const AIR_STATE = /^minecraft:(air|cave_air|void_air)$/;

/** True for a command of placeCommands / partCommands that writes air. */
export const writesAir = (command: string): boolean =>
  AIR_STATE.test(command.slice(command.lastIndexOf(' ') + 1));

/** Positions of `structure` whose state is air. */
export function airCount(structure: Structure): number {
  const air = new Set(structure.palette.flatMap((k, i) => (AIR_STATE.test(k) ? [i] : [])));
  return air.size === 0 ? 0 : structure.blocks.reduce((n, b) => (air.has(b) ? n + 1 : n), 0);
}
