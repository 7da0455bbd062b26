/**
 * Where a door leads, read from the building model's walk: the one answer the door rule (advice/door-steps.ts)
 * asks before it suggests a door and the referee asks of every door a step places. A door leads from the room
 * to walkable ground when, inside, a player stands level with its sill (not on a ladder, a bed or a chest in
 * front of it) and, outside, a stand level with the sill or one block below it (a jump in, the cells over the
 * head open) is reached from open sky and leads back to it. Open down past what was read: where a player
 * stepping out lands was not seen, could not judge. A closed room behind it: ground once that room has a way in.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { type Side, step } from '../geometry.js';
import { type Stand, standKey, type WalkGraph } from './walk.js';

export type DoorLeads = 'ground' | 'nowhere' | 'closed-room' | 'unknown';

const EPS = 1e-6;

/**
 * Where a door whose lower half stands at `sill` leads, opening out towards `outward` (the room on the other
 * side). `enclosed`: the model's test of air inside something built; without it no room counts as closed.
 */
export const doorLeadsAt = (
  walk: WalkGraph,
  sill: BlockPos,
  outward: Side,
  enclosed?: (p: BlockPos) => boolean,
): DoorLeads => {
  const level = (s: Stand | undefined, h: number): s is Stand =>
    s !== undefined && !s.climbing && Math.abs(s.h - h) < EPS;
  if (!level(walk.standOf(step(sill, outward, -1)), sill.y)) return 'nowhere';
  const at = step(sill, outward);
  const below = walk.standOf({ ...at, y: at.y - 1 });
  const outside = walk.standOf(at);
  const stand = level(outside, sill.y)
    ? outside
    : level(below, sill.y - 1) && walk.spanFree(at.x, at.z, below.h, sill.y + 2) === true
      ? below
      : undefined;
  if (!stand) {
    // open down past what was read: where a player stepping out lands was not seen
    return walk.spanFree(at.x, at.z, walk.region.box.min.y, sill.y + 2) === false ? 'nowhere' : 'unknown';
  }
  const key = standKey(stand);
  if (walk.reachFromSky().has(key) && walk.reachSkyFrom().has(key)) return 'ground';
  if (walk.wayInto([stand]) === 'unknown') return 'unknown';
  return enclosed?.(at) === true ? 'closed-room' : 'nowhere';
};
