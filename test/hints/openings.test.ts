/**
 * Openings that exist: a doorway or window is reported only where a room's wall has a real opening, and a
 * suggested move never takes a wall block. The world holds a two-storey house whose upper storey reaches
 * one block further south than the lower one; a later batch cuts the stair hole that joins the storeys
 * into one space, whose box is wider than the lower storey's walls.
 */
import { expect, test } from 'vitest';
import { commandsOf, hintsAfter } from './small-world.js';

const house = [
  'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow',
  'fill 0 68 0 6 72 7 minecraft:stone_bricks hollow',
  'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]',
  'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
];
const stairs = [
  'fill 2 68 2 2 68 3 minecraft:air',
  'setblock 2 65 4 minecraft:oak_stairs[facing=north]',
  'setblock 2 66 3 minecraft:oak_stairs[facing=north]',
  'setblock 2 67 2 minecraft:oak_stairs[facing=north]',
];

test('air outside the lower wall, inside the joined storeys’ box, is no doorway, and no wall block is moved', () => {
  const hints = hintsAfter(house, stairs);
  const steps = hints?.nextSteps ?? [];
  // the lower storey's south wall stands at z=6; z=7 is open air outside it
  expect(
    steps.filter((s) => /(doorway|opening) at -?\d+ 6[5-7] 7|on its south side/.test(s.description)),
  ).toEqual([]);
  const moves = steps.flatMap(commandsOf).filter((c) => c.startsWith('clone '));
  expect(moves).toEqual([]);
});

test('a door right behind an opening closes it: no "opening but no door"', () => {
  // the opening in the wall at z=0, the door one block outside it in a porch frame
  const hints = hintsAfter(
    ['fill 0 64 0 6 68 6 minecraft:stone_bricks hollow'],
    [
      'fill 3 65 0 3 66 0 minecraft:air',
      'fill 2 65 -1 2 67 -1 minecraft:stone_bricks',
      'fill 4 65 -1 4 67 -1 minecraft:stone_bricks',
      'setblock 3 67 -1 minecraft:stone_bricks',
      'setblock 3 64 -1 minecraft:stone_bricks',
      'setblock 3 65 -1 minecraft:oak_door[facing=south,half=lower]',
      'setblock 3 66 -1 minecraft:oak_door[facing=south,half=upper]',
    ],
  );
  const steps = hints?.nextSteps ?? [];
  expect(steps.filter((s) => s.action === 'add_door').map((s) => s.description)).toEqual([]);
});
