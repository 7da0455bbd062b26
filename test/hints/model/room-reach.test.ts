/**
 * The read grows where a room the writes touched runs out of it (model/room-reach.ts), and only there: the
 * open air around a building, which leaks through the top and the sides of the read, grows nothing.
 */
import { describe, expect, test } from 'vitest';
import { growToRooms } from '../../../src/hints/model/room-reach.js';
import { growToBuilding, regionAround } from '../../../src/hints/model/hint-region.js';
import type { Box } from '../../../src/vocabulary/blocks/box.js';
import { hintsAfter, SmallWorld } from '../small-world.js';

const GROUND = 'fill -40 63 -10 40 63 16 minecraft:grass_block';
/** a closed hall of air 23 long (x 1..23), 3 high, 3 deep: no door yet */
const HALL = 'fill 0 64 0 24 68 4 minecraft:stone_bricks hollow';
const at = (x: number, y: number, z: number): Box => ({ min: { x, y, z }, max: { x, y, z } });

describe('the read grows to the room the writes touched', () => {
  test('a pane set into the end wall of a hall longer than the margin: read along the hall to its far end', () => {
    const pane = 'setblock 24 66 2 minecraft:glass';
    const world = new SmallWorld().run(GROUND, HALL, pane);
    const around = growToBuilding(regionAround([at(24, 66, 2)])!, [at(24, 66, 2)], world);
    expect(around.min.x).toBe(18);
    const grown = growToRooms(around, [at(24, 66, 2)], world);
    // the far wall at x=0 is inside: the hall's air leaked only through the west face of the read
    expect(grown.min.x).toBeLessThanOrEqual(0);
    expect([grown.max.x, grown.min.y, grown.max.y, grown.min.z, grown.max.z]).toEqual([
      around.max.x,
      around.min.y,
      around.max.y,
      around.min.z,
      around.max.z,
    ]);
    const text = (hintsAfter([GROUND, HALL], [pane])?.moduleHints ?? []).join(' ');
    expect(text).toContain('the 23×3×3 room at (0,64,0)–(24,68,4): no way in yet');
  });

  test('a block set in the open beside a house: the open air grows nothing', () => {
    const post = 'setblock 30 64 2 minecraft:oak_fence';
    const world = new SmallWorld().run(GROUND, HALL, post);
    const around = growToBuilding(regionAround([at(30, 64, 2)])!, [at(30, 64, 2)], world);
    expect(growToRooms(around, [at(30, 64, 2)], world)).toEqual(around);
  });

  test('a hall longer than the read can grow: said as could not judge, never "no way in"', () => {
    const GROUND_WIDE = 'fill -10 63 -10 70 63 16 minecraft:grass_block';
    // air 59 long (x 1..59): the read grows 24 blocks west of the margin at most
    const hall = 'fill 0 64 0 60 68 4 minecraft:stone_bricks hollow';
    const text = (
      hintsAfter([GROUND_WIDE, hall], ['setblock 60 66 2 minecraft:glass'])?.moduleHints ?? []
    ).join(' ');
    expect(text).toContain(
      'Whether the air the writes touched at (30,65,1)–(59,67,3) is a room could not be judged: it runs on out of the area the hints read',
    );
    expect(text).not.toContain('no way in');
    expect(text).not.toMatch(/room at/);
  });
});
