/**
 * A door is suggested only where it leads to walkable ground: from a stand inside level with its sill to a stand
 * outside (level with it, or one block below for a jump in) that a player from open sky gets to and leaves to
 * open sky from — the building model's walk. An upper storey's door five blocks up once was suggested onto a
 * drop, because the read ended above the ground and a door over unread air was kept.
 */
import { describe, expect, test } from 'vitest';
import { actions, commandsOf, GROUND, hintsAfter, of } from './small-world.js';

const room = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';
// a house on the ground with a door, and a closed storey on its ceiling (floor 68, air 69..71, roof 72)
const house = [
  'fill 0 64 0 10 68 6 minecraft:stone_bricks hollow',
  'setblock 2 65 0 minecraft:oak_door[facing=south,half=lower]',
  'setblock 2 66 0 minecraft:oak_door[facing=south,half=upper]',
];
const storey = 'fill 0 68 0 10 72 6 minecraft:oak_planks hollow';
const stranded =
  'the 9×3×5 room at (0,68,0)–(10,72,6) has no way in, and a door in its walls would open onto no ground a player walks to (outside its north wall the ground is 5 blocks below its floor): a way in needs stairs or a ladder, through its floor or ceiling from a room that has one, or up outside to a door.';

describe('a door leads to walkable ground', () => {
  test('a room on the ground: a door in the middle of a wall, a jump up from the grass', () => {
    const hints = hintsAfter([GROUND], [room]);
    const [door] = of(hints?.nextSteps, 'add_door');
    expect(door?.description).toBe(
      'the 5×3×5 room at (0,64,0)–(6,68,6) has no door: place one in the middle of its north wall (setblock replaces the wall blocks).',
    );
    expect(commandsOf(door)).toEqual([
      'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]',
      'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
    ]);
  });

  test('a room floating in air: no ground is seen under it, so no door is suggested', () => {
    const hints = hintsAfter([], [room]);
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
    // the read went down looking for the ground as far as it may
    const read = hints?.worldRead;
    expect(read?.status === 'read' && read.box.min.y).toBeLessThan(58);
    expect(actions(hints?.nextSteps)).toContain('add_light');
  });

  test('an upper storey with no way up: no door onto the drop, and the answer says why and what would', () => {
    const hints = hintsAfter([GROUND, ...house], [storey]);
    const doors = of(hints?.nextSteps, 'add_door');
    expect(doors.map((d) => d.description)).toEqual([stranded]);
    // nothing to run: no door is placed anywhere
    expect(doors.map(commandsOf)).toEqual([[]]);
  });

  test('a light set into the storey’s roof alone: the read reaches the ground, and still no door onto the drop', () => {
    const hints = hintsAfter([GROUND, ...house, storey], ['setblock 5 72 3 minecraft:glowstone']);
    const read = hints?.worldRead;
    // the writes' margin ends at 66, inside the house; the read grows down to the grass under it
    expect(read?.status === 'read' && read.box.min.y).toBeLessThanOrEqual(63);
    for (const door of of(hints?.nextSteps, 'add_door')) expect(commandsOf(door)).toEqual([]);
  });

  test('a trench outside the north wall: the door goes into a wall that leads to the grass', () => {
    // the ground three deep, and a trench along the north wall down to 61: a door there opens 4 blocks up
    const deep = ['fill -20 60 -20 40 62 40 minecraft:dirt', GROUND, 'fill -5 61 -3 12 63 -1 minecraft:air'];
    const hints = hintsAfter(deep, [room]);
    const [door] = of(hints?.nextSteps, 'add_door');
    expect(door?.description).toContain('place one in the middle of its south wall');
    expect(commandsOf(door)).toEqual([
      'setblock 3 65 6 minecraft:oak_door[facing=north,half=lower]',
      'setblock 3 66 6 minecraft:oak_door[facing=north,half=upper]',
    ]);
  });

  test('a room inside a closed hall: the hall gets the door, and the room one into the hall once the hall has it', () => {
    const hall = 'fill 0 64 0 14 70 12 minecraft:stone_bricks hollow';
    const inner = 'fill 3 64 3 9 68 9 minecraft:oak_planks hollow';
    const closed = of(hintsAfter([GROUND], [hall, inner])?.nextSteps, 'add_door');
    // the inner room's walls open onto the hall's floor: no door yet, and never "no ground a player walks to"
    expect(closed.map((d) => d.description)).toEqual([
      'the 13×5×11 room at (0,64,0)–(14,70,12) has no door: place one in the middle of its north wall (setblock replaces the wall blocks).',
    ]);
    const hallDoor = commandsOf(closed[0]);
    const open = of(hintsAfter([GROUND, hall, ...hallDoor], [inner])?.nextSteps, 'add_door');
    expect(open.map((d) => d.description)).toEqual([
      'the 5×3×5 room at (3,64,3)–(9,68,9) has no door: place one in the middle of its north wall (setblock replaces the wall blocks).',
    ]);
  });

  test('a storey reached by stairs from the house below: it has a way in, and no door is asked of it', () => {
    const stairs = [
      'setblock 6 65 5 minecraft:oak_stairs[facing=east]',
      'setblock 7 66 5 minecraft:oak_stairs[facing=east]',
      'setblock 8 67 5 minecraft:oak_stairs[facing=east]',
      'setblock 9 68 5 minecraft:oak_stairs[facing=east]',
      'fill 7 68 5 8 68 5 minecraft:air',
    ];
    const hints = hintsAfter([GROUND, ...house, storey], stairs);
    for (const door of of(hints?.nextSteps, 'add_door')) expect(door.description).not.toContain('(0,68,0)');
  });
});
