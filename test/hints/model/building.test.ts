/**
 * The building model through the hints: storeys are rooms of their own, each with the way in a player
 * walks (stairs through a hole, a ladder through a hatch), and an opening a player cannot pass is no way in.
 */
import { describe, expect, test } from 'vitest';
import { BuildingModel, touchedBy } from '../../../src/hints/model/building.js';
import { floodSpaces } from '../../../src/hints/model/spaces.js';
import { WorldRegion } from '../../../src/hints/model/world-region.js';
import { regionAround } from '../../../src/hints/model/hint-region.js';
import { postExecuteHints, writtenBoxes } from '../../../src/hints/post-execute.js';
import { batch, ok } from '../helpers.js';
import type { Box } from '../../../src/vocabulary/blocks/box.js';
import { actions, commandsOf, hintsAfter, of, SmallWorld } from '../small-world.js';

/** grass under everything the region around a 7×7 house reads */
const GROUND = 'fill -10 63 -10 16 63 16 minecraft:grass_block';
const door = (x: number, y: number, z: number, facing: string): string[] => [
  `setblock ${x} ${y} ${z} minecraft:oak_door[facing=${facing},half=lower]`,
  `setblock ${x} ${y + 1} ${z} minecraft:oak_door[facing=${facing},half=upper]`,
];

/** two storeys: ground floor air 65..67, a plank floor at 68, the upper storey's air 69..71, roof at 72 */
const twoStoreys = [
  'fill 0 64 0 6 72 6 minecraft:stone_bricks hollow',
  'fill 1 68 1 5 68 5 minecraft:oak_planks',
  ...door(3, 65, 0, 'north'),
];
/** stone steps up along x=1 under a hole in the upper floor (1,68,1)–(1,68,3) */
const stairs = [
  'setblock 1 65 1 minecraft:stone',
  'setblock 1 66 2 minecraft:stone',
  'setblock 1 67 3 minecraft:stone',
  'fill 1 68 1 1 68 3 minecraft:air',
];

const modelRooms = (world: SmallWorld, box: Box) => {
  const region = new WorldRegion(box, world);
  const model = new BuildingModel(region);
  const spaces = floodSpaces(region, region.box).filter((s) => !s.leaks);
  return spaces.flatMap((s) => model.storeys(s)).map((st) => ({ st, wayIn: model.wayIn(st.stands) }));
};
const AROUND: Box = { min: { x: -6, y: 58, z: -6 }, max: { x: 12, y: 78, z: 12 } };

describe('storeys are rooms of their own', () => {
  test('stairs through a hole in the floor: two rooms, the upper one walked into', () => {
    const world = new SmallWorld().run(GROUND, ...twoStoreys, ...stairs);
    const rooms = modelRooms(world, AROUND).sort(
      (a, b) => a.st.space.interior.min.y - b.st.space.interior.min.y,
    );
    expect(rooms.map((r) => [r.st.space.interior.min.y, r.st.space.interior.max.y, r.wayIn])).toEqual([
      [65, 67, 'walkable'],
      [69, 71, 'walkable'],
    ]);
  });

  test('the same storeys without the stairs: the upper one has no way in', () => {
    const world = new SmallWorld().run(GROUND, ...twoStoreys, 'fill 1 68 1 1 68 3 minecraft:air');
    const upper = modelRooms(world, AROUND).find((r) => r.st.space.interior.min.y === 69);
    // a drop through the hole leads down, never up
    expect(upper?.wayIn).toBe('none');
  });

  test('the hints name both storeys and ask no door of the upper one', () => {
    const hints = hintsAfter([GROUND], [...twoStoreys, ...stairs]);
    const text = (hints?.moduleHints ?? []).join(' ');
    expect(text).toContain('2 rooms');
    expect(text).not.toContain('no way in');
    expect(of(hints?.nextSteps, 'add_door')).toEqual([]);
    // commands are named as the headline counts them, from 1
    expect(of(hints?.nextSteps, 'verify_blocks')[0]?.description).toContain('(commands #1, #2, #3, #4…)');
  });
});

describe('an attic up a ladder through a trapdoor hatch', () => {
  const house = [
    'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow',
    ...door(3, 65, 0, 'north'),
    // the attic: walls over the ceiling, 2 high inside, a roof at 71
    'fill 0 68 0 6 71 6 minecraft:oak_planks outline',
    'fill 1 71 1 5 71 5 minecraft:oak_planks',
    'fill 1 65 1 1 67 1 minecraft:ladder[facing=east]',
  ];
  const hatch = 'setblock 1 68 1 minecraft:oak_trapdoor[facing=east,half=top,open=false]';

  test('a way in, walked up the ladder and through the hatch', () => {
    const world = new SmallWorld().run(GROUND, ...house, hatch);
    const attic = modelRooms(world, AROUND).find((r) => r.st.space.interior.min.y === 69);
    expect(attic?.wayIn).toBe('walkable');
  });

  test('a plank where the hatch should be: no way in', () => {
    const world = new SmallWorld().run(GROUND, ...house);
    const attic = modelRooms(world, AROUND).find((r) => r.st.space.interior.min.y === 69);
    expect(attic?.wayIn).toBe('none');
  });

  test('the hints ask no door of the attic', () => {
    const hints = hintsAfter([GROUND], [...house, hatch]);
    const doors = of(hints?.nextSteps, 'add_door').map((s) => s.description);
    expect(doors.filter((d) => d.includes('69'))).toEqual([]);
  });
});

describe('an opening no one can walk through is no way in', () => {
  test('a floor one block high leaves a one-block opening: no way in, and no door onto a drop', () => {
    // the floor inside came out at 64 and 65: the room's air is 66..67, the doorway cut at 65..66 is one
    // block above that floor
    const hints = hintsAfter(
      [GROUND],
      [
        'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow',
        'fill 1 65 1 5 65 5 minecraft:oak_planks',
        'fill 3 65 0 3 66 0 minecraft:air',
      ],
    );
    const text = (hints?.moduleHints ?? []).join(' ');
    expect(text).not.toContain('a way in, in place and verified');
    // a door at the raised floor's level would open two blocks over the ground outside: none is placed, and
    // the answer says why
    const doors = of(hints?.nextSteps, 'add_door');
    expect(doors.map(commandsOf)).toEqual([[]]);
    expect(doors[0]?.description).toBe(
      'the 5×3×5 room at (0,64,0)–(6,68,6) has no way in, and a door in its walls would open onto no ground a player walks to (outside its north wall the ground is 2 blocks below its floor): a way in needs stairs or a ladder, through its floor or ceiling from a room that has one, or up outside to a door.',
    );
    expect(actions(hints?.nextSteps)).toContain('add_light');
  });

  test('a hut whose door is a lone lower half under a plank is not "a way in, verified"', () => {
    const hints = hintsAfter(
      [GROUND],
      [
        'fill 0 64 0 4 67 4 minecraft:stone_bricks hollow',
        'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]',
      ],
    );
    const text = (hints?.moduleHints ?? []).join(' ');
    expect(text).not.toContain('a way in, in place and verified');
    expect(actions(hints?.nextSteps)).toContain('complete_door');
  });
});

describe('one voice across tools and vanilla quoted exactly', () => {
  const loneHalf = 'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]';
  const plan = (designAdvice: boolean) => {
    const world = new SmallWorld().run(GROUND, 'fill 0 64 0 4 67 4 minecraft:stone_bricks hollow', loneHalf);
    const entries = batch(ok(loneHalf));
    const region = new WorldRegion(regionAround(writtenBoxes(entries))!, world);
    return postExecuteHints({ entries, tool: 'place_structure', world: { region }, designAdvice });
  };

  test('a placed file whose door is a lone lower half: said as the plan holds it, no required step', () => {
    const hints = plan(false);
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
    expect(hints?.moduleHints?.join(' ')).toContain(
      'The plan holds the door at 2 65 0 as its lower half only',
    );
    expect(hints?.moduleHints?.join(' ')).toContain(
      'when the block above it changes (DoorBlock.updateShape)',
    );
  });

  test('the same half set by a command is a required repair', () => {
    expect(of(plan(true)?.nextSteps, 'complete_door')[0]?.optional).toBe(false);
  });

  test('a torch over air: dropped when the block below changes, as BaseTorchBlock says', () => {
    const hints = hintsAfter([GROUND], ['setblock 2 70 2 minecraft:torch']);
    expect(of(hints?.nextSteps, 'support_block')[0]?.description).toContain(
      'the game drops the torch when the block below it changes (BaseTorchBlock.updateShape); until then it stays',
    );
  });
});

describe('which rooms a batch touched: a write in a room’s air or in a cell next to it', () => {
  /** an L of air: a 5×3×2 arm along x and a 2×3×3 arm along z, both inside one stone block carved out */
  const lRoom = [
    'fill 0 64 0 6 68 5 minecraft:stone',
    'fill 1 65 1 5 67 2 minecraft:air',
    'fill 1 65 3 2 67 4 minecraft:air',
  ];
  const box = (x: number, y: number, z: number): Box => ({ min: { x, y, z }, max: { x, y, z } });
  const theL = () => {
    const world = new SmallWorld().run(GROUND, ...lRoom);
    const region = new WorldRegion({ min: { x: -4, y: 60, z: -4 }, max: { x: 10, y: 72, z: 9 } }, world);
    const [space] = floodSpaces(region, region.box).filter((s) => !s.leaks);
    return space!;
  };

  test.each([
    ['its air', box(3, 66, 1), true],
    ['its wall', box(6, 66, 2), true],
    ['its floor', box(4, 64, 2), true],
    ['its roof, over the corner of the L', box(2, 68, 4), true],
    ['a corner of its shell (diagonal to its air)', box(0, 64, 0), true],
    ['the notch of the L: inside its bounding box, next to none of its air', box(5, 66, 4), false],
    ['beyond the notch', box(6, 66, 5), false],
  ] as const)('%s: touched %s', (_, write, touched) => {
    expect(touchedBy(theL(), [write])).toBe(touched);
  });
});

describe('a clone … move touches the room it takes a block from', () => {
  test('moving a block out of a room’s thick wall to far away: the room is read and named', () => {
    // a closed room of air 3×2×3 (x 1..3), its east wall two thick (x 4..5); no door
    const room = ['fill 0 64 0 5 67 4 minecraft:stone', 'fill 1 65 1 3 66 3 minecraft:air'];
    const world = new SmallWorld().run(GROUND, ...room);
    // what the world holds after `clone 4 65 2 4 65 2 30 64 2 replace move`: air where the block was
    world.run('setblock 4 65 2 minecraft:air', 'setblock 30 64 2 minecraft:stone');
    const command = 'clone 4 65 2 4 65 2 30 64 2 replace move';
    const entries = batch({
      ...ok(command, 'verified'),
      writes: [
        {
          kind: 'clone',
          from: { x: 4, y: 65, z: 2 },
          to: { x: 4, y: 65, z: 2 },
          destination: { x: 30, y: 64, z: 2 },
          maskMode: 'replace',
          cloneMode: 'move',
        },
      ],
    });
    const boxes = writtenBoxes(entries);
    // the emptied source is read, not only the destination 26 blocks east
    expect(boxes).toContainEqual({ min: { x: 4, y: 65, z: 2 }, max: { x: 4, y: 65, z: 2 } });
    const region = new WorldRegion(regionAround(boxes)!, world);
    const hints = postExecuteHints({ entries, tool: 'execute_commands', world: { region } });
    expect((hints?.moduleHints ?? []).join(' ')).toContain('room at (0,64,0)–(5,67,4): no way in yet');
  });
});
