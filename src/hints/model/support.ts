/**
 * Blocks the game itself drops: a torch, lantern, carpet, ladder or door the batch set where nothing holds
 * it. Vanilla checks `canSurvive` on every neighbour update and turns such a block into air; which cell holds
 * which block, and the class whose rule it is, come from the block-behaviour module's `supportOf` (1.21.4
 * `net/minecraft/world/level/block/`: BaseTorchBlock, WallTorchBlock, LadderBlock, LanternBlock, CarpetBlock,
 * DoorBlock). The claim is made only where the holding cell reads as air: whether a fence or a slab is sturdy
 * enough is left to the game, and a missing other half (doors, beds) is the door and bed rules' business.
 */
import type { Box } from '../../vocabulary/blocks/box.js';
import { bare, isAirName } from '../batch/blocks.js';
import type { Unsupported } from '../context.js';
import { volume } from '../geometry.js';
import { supportOf } from '../../vocabulary/block-behaviour/index.js';
import type { WorldRegion } from './world-region.js';

/** Written boxes larger than this are not scanned cell by cell (a torch is set one at a time). */
const MAX_SCAN = 4096;

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
          for (const need of supportOf(b)) {
            // a missing other half is the door and bed rules' business; a plant's ground is no block the
            // step's stone bricks would give
            if (need.from === 'other half' || need.rule === 'ground') continue;
            const [dx, dy, dz] = need.offset;
            const support = { x: x + dx, y: y + dy, z: z + dz };
            const s = region.at(support);
            if (typeof s === 'string' || !isAirName(s.name)) continue;
            found.set(`${x},${y},${z}`, {
              pos,
              name: bare(b.name),
              from: need.from,
              support,
              cls: need.cls,
              anySide: need.trigger === 'any',
            });
          }
        }
  }
  return [...found.values()];
}
