/**
 * A ladder tower: the read grows to take in the whole building the writes belong to, and each storey is
 * named as a room of its own.
 */
import { describe, expect, test } from 'vitest';
import { growToBuilding, regionAround } from '../../../src/hints/model/hint-region.js';
import { growToRooms } from '../../../src/hints/model/room-reach.js';
import { hintsAfter, SmallWorld } from '../small-world.js';

const GROUND = 'fill -10 63 -10 16 63 16 minecraft:grass_block';
/** a 5×5 tower, floors at 64, 68 and 72, roof at 76; a ladder up the inside of its west wall */
const tower = [
  'fill 0 64 0 4 76 4 minecraft:stone_bricks hollow',
  'fill 1 68 1 3 68 3 minecraft:oak_planks',
  'fill 1 72 1 3 72 3 minecraft:oak_planks',
  'fill 1 65 2 1 75 2 minecraft:ladder[facing=east]',
  'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]',
  'setblock 2 66 0 minecraft:oak_door[facing=north,half=upper]',
];

describe('a ladder tower', () => {
  test('the read grows down to the tower foot when the batch wrote only its top', () => {
    const world = new SmallWorld().run(GROUND, ...tower);
    const top = { min: { x: 0, y: 76, z: 0 }, max: { x: 4, y: 76, z: 4 } };
    const around = regionAround([top])!;
    expect(around.min.y).toBe(70);
    const grown = growToBuilding(around, [top], world);
    // down to the tower's floor at 64 (the grass under it ends the building)
    expect(grown.min.y).toBe(63);
    // sideways it stays: nothing built beyond the margin
    expect([grown.min.x, grown.max.x]).toEqual([around.min.x, around.max.x]);
  });

  test('every storey is named, the lowest with its door', () => {
    const hints = hintsAfter([GROUND], tower);
    const text = (hints?.moduleHints ?? []).join(' ');
    expect(text).toContain('3 rooms');
    for (const y of [64, 68, 72]) expect(text).toContain(`,${y},0)–`);
    expect(text).not.toContain('no way in');
  });

  test('the read grows down to a tall room’s floor when the batch set glowstone into its ceiling', () => {
    // one closed room 3×11×3 of air, no door yet: its floor is 12 below the ceiling, twice the margin
    const room = ['fill 0 64 0 4 76 4 minecraft:stone_bricks hollow'];
    const world = new SmallWorld().run(GROUND, ...room, 'setblock 2 76 2 minecraft:glowstone');
    const light = { min: { x: 2, y: 76, z: 2 }, max: { x: 2, y: 76, z: 2 } };
    expect(regionAround([light])!.min.y).toBe(70);
    // the building's read reaches down to the ground under the writes, past the floor at 64
    const around = growToBuilding(regionAround([light])!, [light], world);
    expect(around.min.y).toBe(63);
    // the room is then whole in the read: growing to the rooms the writes touched adds nothing below
    const grown = growToRooms(around, [light], world);
    expect(grown.min.y).toBe(63);
    // the open air around it leaks through every side: sideways it stays
    expect([grown.min.x, grown.max.x, grown.min.z, grown.max.z]).toEqual([
      around.min.x,
      around.max.x,
      around.min.z,
      around.max.z,
    ]);
    const text = (
      hintsAfter([GROUND, ...room], ['setblock 2 76 2 minecraft:glowstone'])?.moduleHints ?? []
    ).join(' ');
    // judged whole: named with its box, and walled all round (read down to its floor, so no "could not judge")
    expect(text).toContain('the 3×11×3 room at (0,64,0)–(4,76,4): no way in yet');
  });
});
