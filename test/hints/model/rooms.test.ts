/**
 * The building model's rooms, edge by edge (docs/building-model.md): a closet and a one-wide room are rooms of
 * their own, a one-wide corridor's ends are doorways where something tells them from the corridor, a U with a
 * one-wide base stays one room, a bed across a narrow part divides nothing, and stairs are walked up in half
 * steps from their low side, not from their back. Built on a SmallWorld; the rooms are read through the hints'
 * own entry point (the names an answer gives them) and through the model's flood.
 */
import { describe, expect, test } from 'vitest';
import { BuildingModel } from '../../../src/hints/model/building.js';
import { floodSpaces } from '../../../src/hints/model/spaces.js';
import { WorldRegion } from '../../../src/hints/model/world-region.js';
import type { Box } from '../../../src/vocabulary/blocks/box.js';
import { hintsAfter, SmallWorld } from '../small-world.js';

const GROUND = 'fill -10 63 -10 20 63 20 minecraft:grass_block';
const AROUND: Box = { min: { x: -6, y: 58, z: -6 }, max: { x: 18, y: 76, z: 14 } };

/** the rooms an answer names, by their boxes */
const named = (earlier: string[], now: string[]): string[] => {
  const text = [...(hintsAfter(earlier, now)?.moduleHints ?? [])].join(' ');
  return [...text.matchAll(/the (\d+×\d+×\d+) (?:room|bedroom) at (\S+–\S+?)[:;.]/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
};

/** the enclosed spaces' air boxes the model floods, as `min–max` */
const spaces = (world: SmallWorld, cut?: (p: { x: number; y: number; z: number }) => boolean): string[] => {
  const region = new WorldRegion(AROUND, world);
  return floodSpaces(region, region.box, undefined, { cut })
    .filter((s) => !s.leaks)
    .map(({ interior: { min, max } }) => `${min.x},${min.y},${min.z}–${max.x},${max.y},${max.z}`)
    .sort();
};

describe('small and narrow rooms', () => {
  // a 7×5 room (air x 0..6, z 0..4) with an inner wall at x=5 and a one-cell closet at (6, 0)
  const house = [
    'fill -1 64 -1 7 67 5 minecraft:stone_bricks hollow',
    'fill 5 65 0 5 66 4 minecraft:stone_bricks',
    'fill 6 65 1 6 66 4 minecraft:stone_bricks',
  ];

  test('a one-cell closet behind a doorway cut in an inner wall is a room of its own', () => {
    expect(named([GROUND], [...house, 'fill 5 65 0 5 66 0 minecraft:air'])).toEqual(
      expect.arrayContaining(['5×2×5 (-1,64,-1)–(5,67,5)', '1×2×1 (5,64,-1)–(7,67,1)']),
    );
  });

  test('a one-wide room with a door in its long side is one room', () => {
    const world = new SmallWorld().run(
      GROUND,
      'fill -1 64 -1 1 68 7 minecraft:stone_bricks hollow',
      'setblock 1 65 3 minecraft:oak_door[facing=east,half=lower]',
      'setblock 1 66 3 minecraft:oak_door[facing=east,half=upper]',
    );
    expect(spaces(world)).toEqual(['0,65,0–0,67,6']);
  });
});

describe('a one-wide corridor between two rooms', () => {
  // rooms at x 0..2 and x 8..10 (z 0..2), a corridor x 4..6 at z=1, walls 2 high inside
  const build = [
    'fill -1 64 -1 11 67 3 minecraft:stone_bricks hollow',
    'fill 3 65 0 7 66 0 minecraft:stone_bricks',
    'fill 3 65 2 7 66 2 minecraft:stone_bricks',
    'fill 3 65 1 3 66 1 minecraft:stone_bricks',
    'fill 7 65 1 7 66 1 minecraft:stone_bricks',
  ];
  const doorways = ['fill 3 65 1 3 66 1 minecraft:air', 'fill 7 65 1 7 66 1 minecraft:air'];

  test('doorways the batch cut at its ends: three rooms', () => {
    const world = new SmallWorld().run(GROUND, ...build, ...doorways);
    const cut = (p: { x: number; y: number; z: number }) => (p.x === 3 || p.x === 7) && p.z === 1;
    expect(spaces(world, cut)).toEqual(['0,65,0–2,66,2', '4,65,1–6,66,1', '8,65,0–10,66,2']);
  });

  test('the same shape with nothing to tell its ends from the corridor: one narrow part of one room', () => {
    // a U's one-wide base looks the same; without a cut, a lower lintel or sky it is not divided
    const world = new SmallWorld().run(GROUND, ...build, ...doorways);
    expect(spaces(world)).toEqual(['0,65,0–10,66,2']);
  });

  test('a corridor three high behind doorways two high: its ends are doorways by their lintels', () => {
    const world = new SmallWorld().run(
      GROUND,
      'fill -1 64 -1 11 68 3 minecraft:stone_bricks hollow',
      'fill 3 65 0 7 67 0 minecraft:stone_bricks',
      'fill 3 65 2 7 67 2 minecraft:stone_bricks',
      'fill 3 67 1 3 67 1 minecraft:stone_bricks',
      'fill 7 67 1 7 67 1 minecraft:stone_bricks',
    );
    expect(spaces(world)).toEqual(['0,65,0–2,67,2', '4,65,1–6,67,1', '8,65,0–10,67,2']);
  });
});

describe('furniture divides no room', () => {
  test('a bed across a U-shaped room leaves one room with one floor', () => {
    const world = new SmallWorld().run(
      GROUND,
      'fill -1 64 -1 5 67 2 minecraft:stone_bricks hollow',
      'setblock 2 65 0 minecraft:red_bed[facing=north,part=head]',
      'setblock 2 65 1 minecraft:red_bed[facing=north,part=foot]',
    );
    const region = new WorldRegion(AROUND, world);
    const model = new BuildingModel(region);
    const [space] = floodSpaces(region, region.box).filter((s) => !s.leaks);
    expect(space).toBeDefined();
    expect(model.storeys(space!)).toHaveLength(1);
  });
});

describe('stairs, walked in half steps', () => {
  // a ground storey 3 high (air 65..67), a plank floor at 68 with a hole over the middle stairs, an upper
  // storey (air 69..70) under a roof at 71; stairs along z=1 rising east, the last one in the floor above
  const storeys = (facing: string) => {
    const world = new SmallWorld().run(
      GROUND,
      'fill -1 64 -1 6 71 3 minecraft:stone_bricks hollow',
      'fill 0 68 0 5 68 2 minecraft:oak_planks',
      'setblock 3 65 -1 minecraft:oak_door[facing=north,half=lower]',
      'setblock 3 66 -1 minecraft:oak_door[facing=north,half=upper]',
      ...[0, 1, 2, 3].map((i) => `setblock ${i} ${65 + i} 1 minecraft:oak_stairs[facing=${facing}]`),
      'fill 1 68 1 2 68 1 minecraft:air',
    );
    const region = new WorldRegion(AROUND, world);
    const model = new BuildingModel(region);
    return floodSpaces(region, region.box)
      .filter((s) => !s.leaks)
      .flatMap((s) => model.storeys(s))
      .map((st) => [st.space.interior.min.y, model.wayIn(st.stands)])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
  };

  test('up from their low side, two half steps each: the upper storey has a way in', () => {
    // the ceiling over the first stair leaves no room for a jump: only the stairs' half steps lead up
    expect(storeys('east')).toEqual([
      [65, 'walkable'],
      [69, 'walkable'],
    ]);
  });

  test('the same stairs turned round: their backs meet the player, and the ceiling leaves no jump', () => {
    expect(storeys('west')).toEqual([
      [65, 'walkable'],
      [69, 'none'],
    ]);
  });
});
