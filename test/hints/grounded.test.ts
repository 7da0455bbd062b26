/**
 * Hints grounded in the world: small worlds (a map of positions, the input of the pure inference) hold
 * what earlier batches left; the batch at hand is judged against them. A required hint is true of the
 * world; what the world cannot tell is not claimed.
 */
import { describe, expect, test } from 'vitest';
import { postExecuteHints, writtenBoxes } from '../../src/hints/post-execute.js';
import { MAX_REGION_BLOCKS, WorldRegion } from '../../src/hints/model/world-region.js';
import { regionAround } from '../../src/hints/model/hint-region.js';
import { spacesIn } from '../../src/hints/model/spaces.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import type { BatchResult } from '../../src/results/schema.js';
import { renderBatchText } from '../../src/results/text.js';
import { batch, ok } from './helpers.js';
import { actions, GROUND, hintsAfter, of, SmallWorld } from './small-world.js';

const room = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';
const lower = 'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]';
const upper = 'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]';

describe('door halves across batches', () => {
  test('the upper half set after the lower one (an earlier batch): no "only its upper half"', () => {
    const hints = hintsAfter([room, lower], [upper]);
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
  });

  test('the lower half set after the upper one: the door is whole', () => {
    const hints = hintsAfter([room, upper], [lower]);
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
  });

  test('an upper half with nothing under it in the world: complete_door, required, and true', () => {
    const hints = hintsAfter([room], [upper]);
    const [step] = of(hints?.nextSteps, 'complete_door');
    expect(step).toMatchObject({ optional: false });
    expect(step?.description).toContain('has only its upper half');
  });

  test('the other half cannot be read (unloaded): no claim either way', () => {
    const world = new SmallWorld((p: BlockPos) => p.y !== 65);
    const hints = hintsAfter([room], [upper], world);
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
    expect(hints?.worldRead).toMatchObject({ status: 'read' });
    expect(hints?.worldRead?.status === 'read' && hints.worldRead.unreadable).toBeGreaterThan(0);
  });

  test('a half the world no longer holds (replaced later in the batch) is no door at all', () => {
    const hints = hintsAfter([room], [upper, 'setblock 3 66 0 minecraft:stone_bricks']);
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
  });
});

// two rooms in one hollow box: an inner wall at x = 6 with a 1-wide, 2-high doorway in it
const box = 'fill 0 64 0 12 68 6 minecraft:stone_bricks hollow';
const inner = 'fill 6 65 1 6 67 5 minecraft:stone_bricks';
const doorway = 'fill 6 65 3 6 66 3 minecraft:air';
const outsideLower = 'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]';
const outsideUpper = 'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]';

describe('rooms as enclosed air, divided by inner walls, joined by doorways', () => {
  test('two rooms in one batch, joined by a doorway, with a door outside: two rooms, no "no door"', () => {
    const hints = hintsAfter([], [box, inner, doorway, outsideLower, outsideUpper]);
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
    const lights = of(hints?.nextSteps, 'add_light').map((s) => s.description);
    expect(lights).toHaveLength(2);
    expect(lights.join('\n')).toContain('the 5×3×5 room at (0,64,0)–(6,68,6)');
    expect(lights.join('\n')).toContain('the 5×3×5 room at (6,64,0)–(12,68,6)');
  });

  test('the same two rooms without an outside door: one door asked for the pair, never in the doorway', () => {
    const hints = hintsAfter([GROUND], [box, inner, doorway]);
    const doors = of(hints?.nextSteps, 'add_door');
    expect(doors).toHaveLength(1);
    expect(doors[0]!.description).toContain('have no way in from outside');
    for (const c of doors[0]!.suggestedArgs?.['commands'] as string[]) expect(c.split(' ')[1]).not.toBe('6');
  });

  test('an inner wall without a doorway: two rooms, each asked for its own door', () => {
    const hints = hintsAfter([GROUND], [box, inner]);
    expect(of(hints?.nextSteps, 'add_door')).toHaveLength(2);
  });

  test('a chest beside the wall does not cut a room in two', () => {
    const hints = hintsAfter(['setblock 2 65 5 minecraft:chest'], [room]);
    expect(of(hints?.nextSteps, 'add_light')).toHaveLength(1);
  });

  test.each<[string, number, string[]]>([
    ['one hollow box', 1, [room]],
    ['divided, doorway', 2, [box, inner, doorway]],
    ['divided, no doorway', 2, [box, inner]],
    [
      'divided by a wall with an opening as wide as the room',
      1,
      [box, 'fill 6 67 1 6 67 5 minecraft:stone_bricks'],
    ],
  ])('%s: %i open space(s)', (_name, count, commands) => {
    const world = new SmallWorld().run(...commands);
    const all = writtenBoxes(batch(...commands.map((c) => ok(c))));
    const region = new WorldRegion(regionAround(all)!, world);
    const interior = { min: { x: 1, y: 65, z: 1 }, max: { x: commands[0] === room ? 5 : 11, y: 67, z: 5 } };
    expect(spacesIn(region, interior)).toHaveLength(count);
  });
});

describe('light, windows and floors from the world', () => {
  const walls = 'fill 0 64 0 6 68 6 minecraft:stone_bricks outline';
  // walls built now (y 64..67) under a roof an earlier batch laid at y 68
  const fourWalls = [
    'fill 0 64 0 0 67 6 minecraft:stone',
    'fill 6 64 0 6 67 6 minecraft:stone',
    'fill 1 64 0 5 67 0 minecraft:stone',
    'fill 1 64 6 5 67 6 minecraft:stone',
  ];
  const roofLayer = 'fill 0 68 0 6 68 6 minecraft:oak_planks';
  // ground under the walls: a door set into them has a block to stand on (DoorBlock.canSurvive)
  const ground = 'fill -10 63 -10 16 63 16 minecraft:grass_block';
  test.each<[string, string[], string[]]>([
    ['a lantern on the floor', [ground, 'setblock 2 65 2 minecraft:lantern'], [walls]],
    ['a torch (a player walks through it)', [ground, 'setblock 2 65 2 minecraft:torch'], [walls]],
    ['glowstone in the roof', [ground, roofLayer, 'setblock 3 68 3 minecraft:glowstone'], fourWalls],
    [
      'a lit redstone lamp in the roof',
      [ground, roofLayer, 'setblock 3 68 3 minecraft:redstone_lamp[lit=true]'],
      fourWalls,
    ],
  ])('a room lit by %s placed a batch earlier gets no "no light"', (_name, earlier, now) => {
    const hints = hintsAfter(earlier, now);
    expect(actions(hints?.nextSteps)).not.toContain('add_light');
    // the room is found all the same: its door is asked for
    expect(actions(hints?.nextSteps)).toContain('add_door');
  });

  test('an unlit redstone lamp lights nothing', () => {
    const hints = hintsAfter([roofLayer, 'setblock 3 68 3 minecraft:redstone_lamp'], fourWalls);
    expect(actions(hints?.nextSteps)).toContain('add_light');
  });

  test('glass set into the wall by an earlier batch is a window', () => {
    const hints = hintsAfter(
      [walls],
      ['setblock 3 66 6 minecraft:glass_pane', 'setblock 0 66 3 minecraft:stone'],
    );
    expect(actions(hints?.nextSteps)).not.toContain('add_window');
  });

  test('a roof laid by an earlier batch over walls built now: no "no roof"', () => {
    const withoutRoof = hintsAfter([], fourWalls);
    expect(actions(withoutRoof?.nextSteps)).toContain('add_roof');
    const roofed = hintsAfter([roofLayer], fourWalls);
    expect(actions(roofed?.nextSteps)).not.toContain('add_roof');
  });
});

describe('rooms the batch closed but did not outline', () => {
  const fourWalls = [
    'fill 0 64 0 0 67 6 minecraft:stone',
    'fill 6 64 0 6 67 6 minecraft:stone',
    'fill 1 64 0 5 67 0 minecraft:stone',
    'fill 1 64 6 5 67 6 minecraft:stone',
    'fill 1 64 1 5 64 5 minecraft:oak_planks',
  ];
  const roofNow = 'fill 0 68 0 6 68 6 minecraft:oak_planks';

  test('a roof laid over walls an earlier batch built closes a room: it has no door, and says so', () => {
    const hints = hintsAfter([GROUND, ...fourWalls], [roofNow]);
    const [door] = of(hints?.nextSteps, 'add_door');
    expect(door?.description).toContain('the 5×3×5 room at (0,64,0)–(6,68,6) has no door');
    expect(actions(hints?.nextSteps)).toContain('add_light');
  });

  test('the same roof over walls with a door and a torch: nothing to add but a window', () => {
    const hints = hintsAfter(
      [...fourWalls, outsideLower, outsideUpper, 'setblock 2 65 2 minecraft:torch'],
      [roofNow],
    );
    expect(actions(hints?.nextSteps).filter((a) => a.startsWith('add_'))).toEqual(['add_window']);
  });

  test('the inside of a hollow pillar is no room', () => {
    const hints = hintsAfter(
      ['fill 0 64 0 2 70 2 minecraft:stone hollow'],
      ['setblock 1 70 1 minecraft:stone'],
    );
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
  });
});

describe('the read is bounded, and says what it read', () => {
  test('the hints name the box they read', () => {
    const hints = hintsAfter([GROUND], [room]);
    expect(hints?.worldRead).toEqual({
      status: 'read',
      box: { min: { x: -6, y: 58, z: -6 }, max: { x: 12, y: 74, z: 12 } },
      blocks: 19 * 17 * 19,
      unreadable: 0,
    });
  });

  test('a batch too wide to read gets one block around its writes, then none', () => {
    expect(regionAround([{ min: { x: 0, y: 0, z: 0 }, max: { x: 60, y: 10, z: 60 } }])).toEqual({
      min: { x: -1, y: -1, z: -1 },
      max: { x: 61, y: 11, z: 61 },
    });
    const huge = { min: { x: 0, y: 0, z: 0 }, max: { x: 300, y: 10, z: 300 } };
    expect(regionAround([huge])).toBeUndefined();
    expect(MAX_REGION_BLOCKS).toBeLessThan(301 * 11 * 301);
  });

  test('no world read: nothing the world could contradict, and the answer says so', () => {
    const entries = batch(ok(room), ok(upper));
    const hints = postExecuteHints({ entries, tool: 'execute_commands', world: { notRead: 'too big' } });
    expect(actions(hints?.nextSteps)).not.toContain('complete_door');
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
    expect(actions(hints?.nextSteps)).not.toContain('add_light');
    expect(hints?.worldRead).toEqual({ status: 'not_read', reason: 'too big' });
  });

  test('a room with a block the world cannot tell is left out', () => {
    const world = new SmallWorld((p: BlockPos) => !(p.x === 3 && p.y === 66 && p.z === 3));
    const hints = hintsAfter([], [room], world);
    expect(actions(hints?.nextSteps)).not.toContain('add_light');
    expect(actions(hints?.nextSteps)).not.toContain('add_door');
  });

  test.each<[string, NonNullable<BatchResult['actionHints']>['worldRead'], RegExp]>([
    [
      'read, with blocks it could not tell',
      {
        status: 'read',
        box: { min: { x: 0, y: 60, z: 0 }, max: { x: 9, y: 69, z: 9 } },
        blocks: 1000,
        unreadable: 7,
      },
      /^hints read the world in \(0,60,0\)–\(9,69,9\) \(1000 blocks\) after the batch; 7 of its blocks could not be read: the hints could not judge what needed them and say nothing of it$/m,
    ],
    [
      'not read',
      { status: 'not_read', reason: 'this connection cannot read blocks' },
      /^hints read no world \(this connection cannot read blocks\): they say nothing about rooms, doors, windows or light$/m,
    ],
  ])('the text says what the hints read (%s)', (_name, worldRead, line) => {
    const result = ok('setblock 0 64 0 minecraft:stone').result;
    const text = renderBatchText({
      totalCommands: 1,
      acceptedCount: 1,
      appliedCount: 1,
      failedCount: 0,
      unknownCount: 0,
      skippedCount: 0,
      captureStrategy: 'fenced',
      executionTimeMs: 1,
      results: [result],
      chatMessages: [],
      hint: 'The command was applied.',
      actionHints: { moduleHints: ['a note'], ...(worldRead ? { worldRead } : {}) },
    });
    expect(text).toMatch(line);
  });
});
