/**
 * Furniture read from the world: a bed's two halves (`part=head|foot`, the head one block towards
 * `facing` from the foot, vanilla's `BedBlock`), a door or bed half whose other half's place a block
 * fills, a room with a bed read as a bedroom, and a door blocked from inside by a block standing in front
 * of it. Every required hint here is true of the small world it is given for.
 */
import { describe, expect, test } from 'vitest';
import { actions, commandsOf, GROUND, hintsAfter, of } from './small-world.js';

const room = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';
const door = [
  'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]',
  'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
];

describe('a bed has two halves', () => {
  test.each<[string, string, string]>([
    [
      'a foot facing south: the head goes south of it',
      'setblock 2 65 2 minecraft:red_bed[facing=south,part=foot]',
      'setblock 2 65 3 minecraft:red_bed[facing=south,part=head]',
    ],
    [
      'a head facing south: the foot goes north of it',
      'setblock 2 65 3 minecraft:red_bed[facing=south,part=head]',
      'setblock 2 65 2 minecraft:red_bed[facing=south,part=foot]',
    ],
    [
      'a foot facing east: the head goes east of it',
      'setblock 2 65 2 minecraft:white_bed[facing=east,part=foot]',
      'setblock 3 65 2 minecraft:white_bed[facing=east,part=head]',
    ],
    [
      'a bed with no states (vanilla: the foot, facing north): the head goes north of it',
      'setblock 2 65 2 minecraft:red_bed',
      'setblock 2 65 1 minecraft:red_bed[facing=north,part=head]',
    ],
  ])('%s (complete_bed, required)', (_name, half, fix) => {
    const hints = hintsAfter([room, ...door], [half]);
    const [step] = of(hints?.nextSteps, 'complete_bed');
    expect(step).toMatchObject({ optional: false });
    expect(commandsOf(step)).toEqual([fix]);
    // and the fix makes it whole
    expect(actions(hintsAfter([room, ...door, half], [fix])?.nextSteps)).not.toContain('complete_bed');
  });

  test('the description names the half it has and where the other goes', () => {
    const hints = hintsAfter([room], ['setblock 2 65 2 minecraft:red_bed[facing=south,part=foot]']);
    expect(of(hints?.nextSteps, 'complete_bed')[0]?.description).toBe(
      'The bed at 2 65 2 has only its foot: set its head at 2 65 3.',
    );
  });

  test('the head set a batch after the foot: the bed is whole', () => {
    const foot = 'setblock 2 65 2 minecraft:red_bed[facing=south,part=foot]';
    const hints = hintsAfter([room, foot], ['setblock 2 65 3 minecraft:red_bed[facing=south,part=head]']);
    expect(actions(hints?.nextSteps)).not.toContain('complete_bed');
  });

  test("a foot against the wall, where its head should go: turned around into the room's free cell", () => {
    const hints = hintsAfter([room], ['setblock 3 65 1 minecraft:red_bed[facing=north,part=foot]']);
    const [step] = of(hints?.nextSteps, 'complete_bed');
    expect(step?.optional).toBe(false);
    expect(step?.description).toBe(
      'The bed at 3 65 1 has only its foot, and stone_bricks fills 3 65 0 where its head goes: turn it around (its head at 3 65 2, which is free).',
    );
    expect(commandsOf(step)).toEqual([
      'setblock 3 65 1 minecraft:red_bed[facing=south,part=foot]',
      'setblock 3 65 2 minecraft:red_bed[facing=south,part=head]',
    ]);
  });

  test('blocked on both sides: setblock puts the head in place of the block', () => {
    const hints = hintsAfter(
      [room, 'setblock 3 65 2 minecraft:chest'],
      ['setblock 3 65 1 minecraft:red_bed[facing=north,part=foot]'],
    );
    const [step] = of(hints?.nextSteps, 'complete_bed');
    expect(step?.description).toBe(
      'The bed at 3 65 1 has only its foot, and stone_bricks fills 3 65 0 where its head goes: set its head there (setblock replaces the stone_bricks).',
    );
    expect(commandsOf(step)).toEqual(['setblock 3 65 0 minecraft:red_bed[facing=north,part=head]']);
  });

  test('a bed in a room makes it a bedroom', () => {
    const hints = hintsAfter(
      [GROUND],
      [
        room,
        'setblock 2 65 2 minecraft:red_bed[facing=south,part=foot]',
        'setblock 2 65 3 minecraft:red_bed[facing=south,part=head]',
      ],
    );
    expect(actions(hints?.nextSteps)).not.toContain('complete_bed');
    expect(of(hints?.nextSteps, 'add_door')[0]?.description).toContain(
      'the 5×3×5 bedroom at (0,64,0)–(6,68,6) has no door',
    );
  });
});

describe('a door half whose other half a block fills', () => {
  test('a lower half set under the wall: the wall block is named, and setblock replaces it', () => {
    const hints = hintsAfter([room], ['setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]']);
    const [step] = of(hints?.nextSteps, 'complete_door');
    expect(step?.description).toBe(
      'The door at 3 65 0 has only its lower half, and stone_bricks fills 3 66 0 where its upper half goes: set the upper half there (setblock replaces the stone_bricks).',
    );
    expect(commandsOf(step)).toEqual(['setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]']);
  });
});

describe('a door blocked from inside', () => {
  test('a chest in front of the only door: most relevant (still optional: the game lets it stand), moved to a free spot by the wall', () => {
    const hints = hintsAfter([room, ...door], ['setblock 3 65 1 minecraft:chest[facing=south]']);
    const [step] = of(hints?.nextSteps, 'unblock_door');
    expect(step?.optional).toBe(true);
    expect(step?.relevance).toBe(0.85);
    expect(step?.description).toBe(
      'The door at 3 65 0 is blocked from inside: chest stands at 3 65 1, in front of it, and the room has no other way in. Move it (clone … move to 1 65 1).',
    );
    expect(commandsOf(step)).toEqual(['clone 3 65 1 3 65 1 1 65 1 replace move']);
  });

  test('a bed in front of the door: both its halves are moved together', () => {
    const hints = hintsAfter(
      [room, ...door],
      [
        'setblock 3 65 1 minecraft:red_bed[facing=south,part=foot]',
        'setblock 3 65 2 minecraft:red_bed[facing=south,part=head]',
      ],
    );
    const [step] = of(hints?.nextSteps, 'unblock_door');
    expect(commandsOf(step)).toEqual(['clone 3 65 1 3 65 2 1 65 1 replace move']);
  });

  test('a block at head height in front of the door blocks it too', () => {
    const hints = hintsAfter([room, ...door], ['fill 3 66 1 3 67 1 minecraft:bookshelf']);
    expect(of(hints?.nextSteps, 'unblock_door')[0]?.description).toContain('bookshelf stands at 3 66 1');
  });

  test('with a free doorway on another side the room can still be entered: optional', () => {
    const hints = hintsAfter(
      [room, ...door, 'fill 6 65 3 6 66 3 minecraft:air'],
      ['setblock 3 65 1 minecraft:chest[facing=south]'],
    );
    const [step] = of(hints?.nextSteps, 'unblock_door');
    expect(step?.optional).toBe(true);
    expect(step?.description).not.toContain('no other way in');
  });

  test.each([
    ['a torch (nothing to collide with)', 'minecraft:torch'],
    ['a carpet (walked over)', 'minecraft:red_carpet'],
  ])('%s in front of the door stands in nobody’s way', (_name, block) => {
    const hints = hintsAfter([room, ...door], [`setblock 3 65 1 ${block}`]);
    expect(actions(hints?.nextSteps)).not.toContain('unblock_door');
  });
});
