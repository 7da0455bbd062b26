/**
 * The one area of the world the hints read after a batch: the box around everything the batch wrote,
 * widened by a margin, and never more than MAX_REGION_BLOCKS. Every question the hints ask of the world
 * goes through it; a position outside the box, or one the world cannot tell, is unknown, and a hint that
 * would need it is not given (fewer hints, never wrong ones).
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { BlockSource, BlockState } from '../vocabulary/blocks/block-state.js';
import { boundingBox, containsPos, volume } from './geometry.js';

/**
 * Most blocks read for one batch's hints (64×16×64). A batch whose writes with the margin span more is read
 * one block around its writes; one that spans more even so is not read, and its hints say nothing about rooms.
 */
export const MAX_REGION_BLOCKS = 65_536;
/**
 * How far around the writes the read reaches: far enough to see into a room next door (a doorway's far
 * side, its walls and roof) and down from a roof to the floor of the room it closes.
 */
export const REGION_MARGIN = { side: 6, vertical: 6 } as const;

/** A block as read, or why it is not known. */
export type RegionBlock = BlockState | 'unloaded' | 'outside';

/** What the hints read: the box, or why they read nothing. */
export type RegionRead =
  { status: 'read'; box: Box; blocks: number } | { status: 'not_read'; reason: string; box?: Box };

const grow = (b: Box, side: number, up: number): Box => ({
  min: { x: b.min.x - side, y: b.min.y - up, z: b.min.z - side },
  max: { x: b.max.x + side, y: b.max.y + up, z: b.max.z + side },
});

/**
 * The box to read around `written`: the full margin when it fits the bound, else one block around the
 * writes, else undefined (too big to read).
 */
export const regionAround = (written: readonly Box[]): Box | undefined => {
  const around = boundingBox(written);
  if (!around) return undefined;
  const wide = grow(around, REGION_MARGIN.side, REGION_MARGIN.vertical);
  if (volume(wide) <= MAX_REGION_BLOCKS) return wide;
  const narrow = grow(around, 1, 1);
  return volume(narrow) <= MAX_REGION_BLOCKS ? narrow : undefined;
};

/** Reads lazily from `source`, only inside `box`, each position at most once. */
export class WorldRegion {
  private readonly seen = new Map<string, BlockState | 'unloaded'>();
  /** positions inside the box the world could not tell */
  unloaded = 0;

  constructor(
    readonly box: Box,
    private readonly source: BlockSource,
  ) {}

  at(pos: BlockPos): RegionBlock {
    if (!containsPos(this.box, pos)) return 'outside';
    const key = `${pos.x},${pos.y},${pos.z}`;
    let block = this.seen.get(key);
    if (block === undefined) {
      try {
        block = this.source.readBlock(pos);
      } catch {
        block = 'unloaded';
      }
      if (block === 'unloaded') this.unloaded++;
      this.seen.set(key, block);
    }
    return block;
  }
}
