/**
 * What one cell is to a room, from the block's collision shape (block-shape.ts, the one collision module):
 * open air a player stands in (no collision: air, torches, signs; a ladder or vine, climbed inside its cell;
 * a carpet, stood on), a door (a side a player opens), a block that encloses, or not known. A room's air is
 * bounded by every block that has a collision shape filling its side: walls, glass, panes, fences, stairs,
 * slabs, trapdoors (vanilla's `BlockBehaviour.getCollisionShape`, 1.21.4).
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { isAirName, isDoorName } from '../batch/blocks.js';
import type { CellKind, WorldRegion } from './world-region.js';
import { bodyShape, isClimbedThrough } from './block-shape.js';

export type { CellKind };

/** A collision no higher than this is a layer on the floor (a carpet): the air above it is open. */
const FLOOR_LAYER = 0.1;

const classify =
  (version: string | undefined) =>
  (b: BlockState): CellKind => {
    if (isAirName(b.name) || isClimbedThrough(b.name)) return 'open';
    if (isDoorName(b.name)) return 'door';
    const shape = bodyShape(b, version);
    return shape.boxes.length === 0 || shape.top <= FLOOR_LAYER ? 'open' : 'solid';
  };

/** one classifier per version: the region keeps each cell's kind */
const classifiers = new Map<string | undefined, (b: BlockState) => CellKind>();

const classifierOf = (version: string | undefined): ((b: BlockState) => CellKind) => {
  let c = classifiers.get(version);
  if (!c) classifiers.set(version, (c = classify(version)));
  return c;
};

export const cellKind = (region: WorldRegion, pos: BlockPos, version?: string): CellKind =>
  region.kindAt(pos.x, pos.y, pos.z, version, classifierOf(version));

/** `cellKind` by coordinates */
export const cellKindAt = (
  region: WorldRegion,
  x: number,
  y: number,
  z: number,
  version?: string,
): CellKind => region.kindAt(x, y, z, version, classifierOf(version));

export const isClosed = (k: CellKind): boolean => k === 'solid' || k === 'door';
