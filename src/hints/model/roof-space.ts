/**
 * Roof space: air a roof encloses above another room's ceiling. A player meets it as the inside of the
 * roof, not as a room: it lies on the ceiling of a room below (a one-block layer with that room's air under
 * it), has no door of its own, and is capped mostly by the roof's stairs and slabs or narrows as it rises
 * (a pitched roof of any block). It gets no door, window or light advice.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { bare } from '../batch/blocks.js';
import type { CellKind } from './cells.js';
import type { Space } from './spaces.js';
import type { WorldRegion } from './world-region.js';

/** Share of a space's columns whose cap must be stairs or slabs, or whose floor must be a ceiling. */
const MOSTLY = 0.5;

const isRoofBlock = (name: string): boolean => /_(stairs|slab)$/.test(bare(name));

export function isRoofSpace(space: Space, region: WorldRegion, kind: (p: BlockPos) => CellKind): boolean {
  const top = new Map<string, number>();
  const bottom = new Map<string, number>();
  const layer = new Map<number, number>();
  let door = false;
  for (const k of space.open) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    const col = `${x},${z}`;
    top.set(col, Math.max(top.get(col) ?? y, y));
    bottom.set(col, Math.min(bottom.get(col) ?? y, y));
    layer.set(y, (layer.get(y) ?? 0) + 1);
    for (const [dx, dz] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const)
      if (kind({ x: x + dx, y, z: z + dz }) === 'door') door = true;
  }
  if (door || top.size === 0) return false;
  let capped = 0;
  let onCeiling = 0;
  for (const [col, y] of top) {
    const [x, z] = col.split(',').map(Number) as [number, number];
    const cap = region.at({ x, y: y + 1, z });
    if (typeof cap !== 'string' && isRoofBlock(cap.name)) capped++;
    const floor = bottom.get(col)!;
    // a one-block layer under it with open air below: the ceiling of a room
    if (kind({ x, y: floor - 1, z }) === 'solid' && kind({ x, y: floor - 2, z }) === 'open') onCeiling++;
  }
  const columns = top.size;
  const lowest = layer.get(space.interior.min.y) ?? 0;
  const highest = layer.get(space.interior.max.y) ?? 0;
  const narrows = space.interior.max.y > space.interior.min.y && highest < lowest;
  return onCeiling / columns >= MOSTLY && (capped / columns >= MOSTLY || narrows);
}
