/**
 * Blocks the game itself drops: a torch, lantern, carpet or door the batch set where nothing holds it.
 * Vanilla checks `canSurvive` on every neighbour update and turns such a block into air (1.21.4
 * `net/minecraft/world/level/block/`): `BaseTorchBlock` (a standing torch needs the centre of the block
 * below), `WallTorchBlock` (the face of the block behind it, opposite `facing`), `LanternBlock` (below,
 * or above when `hanging=true`), `CarpetBlock` (any block below: `!isEmptyBlock(below)`), `DoorBlock`
 * (the lower half needs a sturdy top below it). The claim is made only where the supporting cell reads
 * as air: whether a fence or a slab is sturdy enough is left to the game.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { BlockState } from '../vocabulary/blocks/block-state.js';
import { bare, isAirName } from './blocks.js';
import type { Unsupported } from './context.js';
import { volume } from './geometry.js';
import { supportOf as supportRules } from '../vocabulary/block-behaviour/index.js';
import type { WorldRegion } from './world-region.js';

/** Written boxes larger than this are not scanned cell by cell (a torch is set one at a time). */
const MAX_SCAN = 4096;

const OFFSET: Record<string, BlockPos> = {
  north: { x: 0, y: 0, z: -1 },
  south: { x: 0, y: 0, z: 1 },
  west: { x: -1, y: 0, z: 0 },
  east: { x: 1, y: 0, z: 0 },
};

/** Where the block must be held from, as vanilla's `canSurvive` reads it; undefined: it needs nothing. */
export const supportOf = (
  b: BlockState,
  pos: BlockPos,
): { at: BlockPos; from: Unsupported['from'] } | undefined => {
  const name = bare(b.name);
  const below = { at: { ...pos, y: pos.y - 1 }, from: 'below' as const };
  if (name === 'torch' || name === 'soul_torch' || name === 'redstone_torch') return below;
  if (name === 'wall_torch' || name === 'soul_wall_torch' || name === 'redstone_wall_torch') {
    const d = OFFSET[b.properties['facing'] ?? 'north'] ?? OFFSET['north']!;
    return { at: { x: pos.x - d.x, y: pos.y, z: pos.z - d.z }, from: 'behind' };
  }
  if (name === 'lantern' || name === 'soul_lantern')
    return b.properties['hanging'] === 'true' ? { at: { ...pos, y: pos.y + 1 }, from: 'above' } : below;
  if (name.endsWith('_carpet') && name !== 'moss_carpet') return below;
  if (name === 'moss_carpet') return undefined;
  if (name.endsWith('_door') && b.properties['half'] !== 'upper') return below;
  return undefined;
};

/** Blocks in `boxes` (as the world holds them now) whose support reads as air. */
export function unsupportedIn(region: WorldRegion, boxes: readonly Box[]): Unsupported[] {
  const found = new Map<string, Unsupported>();
  for (const box of boxes) {
    if (volume(box) > MAX_SCAN) continue;
    for (let x = box.min.x; x <= box.max.x; x++)
      for (let y = box.min.y; y <= box.max.y; y++)
        for (let z = box.min.z; z <= box.max.z; z++) {
          const pos = { x, y, z };
          const b = region.at(pos);
          if (typeof b === 'string') continue;
          const need = supportOf(b, pos);
          if (!need) continue;
          const s = region.at(need.at);
          if (typeof s === 'string' || !isAirName(s.name)) continue;
          const rule = supportRules(b).find((r) => r.from === need.from);
          found.set(`${x},${y},${z}`, {
            pos,
            name: bare(b.name),
            from: need.from,
            support: need.at,
            ...(rule ? { cls: rule.cls, anySide: rule.trigger === 'any' } : {}),
          });
        }
  }
  return [...found.values()];
}
