/**
 * Doorways wider than one block, read from the world: a wall opening 2 or 3 blocks wide and 2 high, or a
 * double door, joins two rooms (or a room and the outside) as a 1-wide doorway does. Before, the flood that
 * finds rooms ran through a wide opening and read the two rooms as one, and a door was asked for in the
 * middle of the inner wall.
 */
import { describe, expect, test } from 'vitest';
import { writtenBoxes } from '../../src/hints/post-execute.js';
import { WorldRegion } from '../../src/hints/model/world-region.js';
import { regionAround } from '../../src/hints/model/hint-region.js';
import { spacesIn } from '../../src/hints/model/spaces.js';
import { batch, ok } from './helpers.js';
import { actions, commandsOf, GROUND, hintsAfter, of, SmallWorld } from './small-world.js';

// two rooms in one hollow box (x 0..12), an inner wall at x = 6, openings in it at z 2..
const box = 'fill 0 64 0 12 68 6 minecraft:stone_bricks hollow';
const inner = 'fill 6 65 1 6 67 5 minecraft:stone_bricks';
const outsideDoor = [
  'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]',
  'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
];
const doubleDoor = [
  'setblock 6 65 2 minecraft:oak_door[facing=east,half=lower,hinge=right]',
  'setblock 6 66 2 minecraft:oak_door[facing=east,half=upper,hinge=right]',
  'setblock 6 65 3 minecraft:oak_door[facing=east,half=lower,hinge=left]',
  'setblock 6 66 3 minecraft:oak_door[facing=east,half=upper,hinge=left]',
];
const joints: Array<[string, string[]]> = [
  ['a 2-wide, 2-high opening', ['fill 6 65 2 6 66 3 minecraft:air']],
  ['a 3-wide, 2-high opening', ['fill 6 65 2 6 66 4 minecraft:air']],
  ['a 2-wide opening in the corner', ['fill 6 65 1 6 66 2 minecraft:air']],
  ['a double door', doubleDoor],
];

describe('two rooms joined by a wide doorway', () => {
  test.each(joints)('%s: two rooms, one door outside is enough', (_name, joint) => {
    const hints = hintsAfter([], [box, inner, ...joint, ...outsideDoor]);
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
    const lights = of(hints?.nextSteps, 'add_light').map((s) => s.description);
    expect(lights).toEqual([
      'the 5×3×5 room at (0,64,0)–(6,68,6) has no light source: set glowstone into its ceiling.',
      'the 5×3×5 room at (6,64,0)–(12,68,6) has no light source: set glowstone into its ceiling.',
    ]);
  });

  test.each(joints)('%s, no door outside: one door for the pair, never in the inner wall', (_name, joint) => {
    const hints = hintsAfter([GROUND], [box, inner, ...joint]);
    const doors = of(hints?.nextSteps, 'add_door');
    expect(doors).toHaveLength(1);
    // a door is a suggestion: the game does not call a room without one broken
    expect(doors[0]!.optional).toBe(true);
    expect(doors[0]!.description).toContain('and the rooms it opens into have no way in from outside');
    for (const c of commandsOf(doors[0])) expect(c.split(' ')[1]).not.toBe('6');
  });

  test.each<[string, number, string[]]>([
    ['divided, 2-wide doorway', 2, ['fill 6 65 2 6 66 3 minecraft:air']],
    ['divided, 3-wide doorway', 2, ['fill 6 65 2 6 66 4 minecraft:air']],
    ['divided, 2-wide doorway 3 high (to the roof)', 2, ['fill 6 65 2 6 67 3 minecraft:air']],
    // not doorways: the air beside a pillar, a gap as wide as the room
    ['no wall, a 2-high pillar beside the air', 1, ['setblock 3 65 3 minecraft:stone_bricks']],
    ['divided, 5-wide opening (as wide as the room)', 1, ['fill 6 65 1 6 66 5 minecraft:air']],
  ])('%s: %i open space(s)', (name, count, cuts) => {
    const commands = name.startsWith('no wall') ? [box, ...cuts] : [box, inner, ...cuts];
    const world = new SmallWorld().run(...commands);
    const region = new WorldRegion(regionAround(writtenBoxes(batch(...commands.map((c) => ok(c)))))!, world);
    const interior = { min: { x: 1, y: 65, z: 1 }, max: { x: 11, y: 67, z: 5 } };
    expect(spacesIn(region, interior)).toHaveLength(count);
  });

  test('a pillar in a room 3 high is no doorway: one room, not two', () => {
    const room = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';
    const hints = hintsAfter([], [room, 'fill 3 65 3 3 67 3 minecraft:stone_bricks']);
    expect(of(hints?.nextSteps, 'add_light')).toHaveLength(1);
  });

  test('a room 2 wide and 3 high (a corridor) is one room', () => {
    const hints = hintsAfter([], ['fill 0 64 0 3 68 8 minecraft:stone_bricks hollow']);
    expect(of(hints?.nextSteps, 'add_light')).toHaveLength(1);
    expect(of(hints?.nextSteps, 'add_light')[0]!.description).toContain('the 2×3×7 room');
  });
});

describe('a wide doorway to the outside', () => {
  const room = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';

  test('a 2-wide opening with no door: reported as an opening, and a double door fills it', () => {
    const hints = hintsAfter([GROUND], [room, 'fill 3 65 0 4 66 0 minecraft:air']);
    const [door] = of(hints?.nextSteps, 'add_door');
    expect(door).toMatchObject({ optional: true });
    expect(door!.description).toBe(
      'the 5×3×5 room at (0,64,0)–(6,68,6) has a 2-wide opening on its north side but no door: place a double door there.',
    );
    // facing south (walking in), the east door's hinge is on the left: the two meet in the middle
    expect(commandsOf(door)).toEqual([
      'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower,hinge=right]',
      'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper,hinge=right]',
      'setblock 4 65 0 minecraft:oak_door[facing=south,half=lower,hinge=left]',
      'setblock 4 66 0 minecraft:oak_door[facing=south,half=upper,hinge=left]',
    ]);
  });

  test('a 3-wide opening: no door suggested that would leave part of it open', () => {
    const hints = hintsAfter([], [room, 'fill 2 65 0 4 66 0 minecraft:air']);
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
    expect(actions(hints?.nextSteps)).toContain('add_light');
  });

  test('a roof laid over walls with a 2-wide opening closes a room: found, with its opening', () => {
    const walls = [
      'fill 0 64 0 0 67 6 minecraft:stone',
      'fill 6 64 0 6 67 6 minecraft:stone',
      'fill 1 64 0 5 67 0 minecraft:stone',
      'fill 1 64 6 5 67 6 minecraft:stone',
      'fill 1 64 1 5 64 5 minecraft:oak_planks',
      'fill 3 65 0 4 66 0 minecraft:air',
    ];
    const hints = hintsAfter([GROUND, ...walls], ['fill 0 68 0 6 68 6 minecraft:oak_planks']);
    expect(of(hints?.nextSteps, 'add_light')[0]?.description).toContain(
      'the 5×3×5 room at (0,64,0)–(6,68,6)',
    );
    expect(of(hints?.nextSteps, 'add_door')[0]?.description).toContain(
      'has a 2-wide opening on its north side',
    );
  });
});
