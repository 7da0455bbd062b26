/** The referee: each proposed step tried against the building as read before it is said. */
import { describe, expect, test } from 'vitest';
import { analyzeBuild } from '../../src/hints/batch/analyze.js';
import type { HintContext } from '../../src/hints/context.js';
import { buildingReferee } from '../../src/hints/referee/referee.js';
import type { ProposedStep, StepKind } from '../../src/hints/steps.js';
import { WorldRegion } from '../../src/hints/model/world-region.js';
import { SmallWorld } from './small-world.js';
import type { NextStep } from '../../src/results/action-hints.js';

const GROUND = 'fill -10 63 -10 16 63 16 minecraft:grass_block';
/** a closed 7×5×7 stone-brick hut: floor at 64, air 65..67, roof at 68 */
const HUT = 'fill 0 64 0 6 68 6 minecraft:stone_bricks hollow';

const ctxFor = (...commands: string[]): HintContext => {
  const world = new SmallWorld().run(GROUND, HUT, ...commands);
  const region = new WorldRegion({ min: { x: -6, y: 58, z: -6 }, max: { x: 12, y: 74, z: 12 } }, world);
  return { build: analyzeBuild([]), entries: [], tool: 'execute_commands', mcVersion: '1.21.4', region };
};

const step = (kind: StepKind, action: NextStep['action'], ...commands: string[]): ProposedStep => ({
  kind,
  rule: action,
  step: {
    action,
    description: action,
    relevance: 0.5,
    optional: kind === 'design',
    suggestedTool: 'execute_commands',
    suggestedArgs: { commands },
  },
});

const kept = (ctx: HintContext, ...proposals: ProposedStep[]): string[] =>
  buildingReferee(proposals, ctx).steps.map(
    (p) => `${p.step.action}: ${String(p.step.suggestedArgs?.['commands'])}`,
  );

describe('what a design step may write into', () => {
  test.each<[string, string[], string, boolean]>([
    ['a window into a plain wall block', [], 'fill 2 66 6 4 66 6 minecraft:glass_pane', true],
    [
      'a window into the plank a wall torch hangs on',
      ['setblock 3 66 5 minecraft:wall_torch[facing=north]'],
      'fill 2 66 6 4 66 6 minecraft:glass_pane',
      false,
    ],
    [
      'a window into a chest',
      ['setblock 3 66 6 minecraft:crafting_table'],
      'setblock 3 66 6 minecraft:glass_pane',
      false,
    ],
    [
      // a door facing south stands at the north edge of its cell: the ladder's wall is gone (LadderBlock)
      'a door into the block a ladder hangs on',
      ['fill 3 65 1 3 67 1 minecraft:ladder[facing=south]'],
      'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower] & setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
      false,
    ],
    [
      'a whole door onto the ground',
      [],
      'setblock 3 65 0 minecraft:oak_door[facing=north,half=lower] & setblock 3 66 0 minecraft:oak_door[facing=north,half=upper]',
      true,
    ],
    ['a light over nothing (a torch in mid-air)', [], 'setblock 3 66 3 minecraft:torch', false],
    ['a light on the floor', [], 'setblock 3 65 3 minecraft:torch', true],
    ['glowstone into the roof', [], 'setblock 3 68 3 minecraft:glowstone', true],
  ])('%s', (_name, earlier, command, passes) => {
    const ctx = ctxFor(...earlier);
    const commands = command.split(' & ');
    const said = kept(ctx, step('design', 'add_window', ...commands));
    // a step that fails is dropped, or said moved to wall cells that pass: never as proposed
    if (passes) expect(said).toEqual([`add_window: ${commands.join(',')}`]);
    else expect(said).not.toContain(`add_window: ${commands.join(',')}`);
  });

  test('a window must look out on open air: not into a wall with earth behind it', () => {
    const ctx = ctxFor('fill 2 65 7 4 67 7 minecraft:dirt');
    expect(kept(ctx, step('design', 'add_window', 'fill 2 66 6 4 66 6 minecraft:glass_pane'))).toEqual([]);
  });

  test('a door high in a wall, over a drop, leads to no ground: dropped', () => {
    const ctx = ctxFor('fill 1 65 1 5 65 5 minecraft:oak_planks', 'fill 1 66 1 5 66 5 minecraft:oak_planks');
    expect(
      kept(
        ctx,
        step(
          'design',
          'add_door',
          'setblock 3 67 0 minecraft:oak_door[facing=north,half=lower]',
          'setblock 3 68 0 minecraft:oak_door[facing=north,half=upper]',
        ),
      ),
    ).toEqual([]);
  });

  test('a move that leaves a ladder hanging on air: dropped', () => {
    const ctx = ctxFor('setblock 3 65 3 minecraft:stone', 'setblock 3 65 4 minecraft:ladder[facing=south]');
    expect(kept(ctx, step('design', 'unblock_door', 'clone 3 65 3 3 65 3 1 65 1 replace move'))).toEqual([]);
    // the same move of a block nothing hangs on passes
    const free = ctxFor('setblock 3 65 3 minecraft:stone');
    expect(
      kept(free, step('design', 'unblock_door', 'clone 3 65 3 3 65 3 1 65 1 replace move')),
    ).toHaveLength(1);
  });
});

describe('steps of one answer', () => {
  test('a window where a required step puts a door half gives way to it', () => {
    const ctx = ctxFor();
    const repair = step(
      'repair',
      'complete_door',
      'setblock 3 66 6 minecraft:oak_door[facing=south,half=upper]',
    );
    const window = step('design', 'add_window', 'fill 2 66 6 4 66 6 minecraft:glass_pane');
    expect(kept(ctx, window, repair)).toEqual([
      'complete_door: setblock 3 66 6 minecraft:oak_door[facing=south,half=upper]',
    ]);
  });

  test('two design steps writing one cell: the more relevant is said', () => {
    const ctx = ctxFor();
    const light = step('design', 'add_light', 'setblock 3 68 3 minecraft:glowstone');
    const other = {
      ...step('design', 'add_roof', 'fill 0 68 0 6 68 6 minecraft:oak_planks'),
      step: { ...step('design', 'add_roof', 'fill 0 68 0 6 68 6 minecraft:oak_planks').step, relevance: 0.7 },
    };
    expect(kept(ctx, light, other)).toEqual(['add_roof: fill 0 68 0 6 68 6 minecraft:oak_planks']);
  });

  test('a resend is never dropped, even into a chest', () => {
    const ctx = ctxFor('setblock 3 65 3 minecraft:chest');
    expect(kept(ctx, step('resend', 'fix_position', 'setblock 3 65 3 minecraft:stone'))).toHaveLength(1);
  });

  test('without a region every step is said as proposed', () => {
    const ctx = { ...ctxFor(), region: undefined } as unknown as HintContext;
    expect(kept(ctx, step('design', 'add_light', 'setblock 3 66 3 minecraft:torch'))).toHaveLength(1);
  });
});

describe('the rooms on a copy of the world, with the step and with the answer’s other steps', () => {
  const door = (x: number, z: number, facing: string): string[] => [
    `setblock ${x} 65 ${z} minecraft:oak_door[facing=${facing},half=lower]`,
    `setblock ${x} 66 ${z} minecraft:oak_door[facing=${facing},half=upper]`,
  ];
  /** the hut, entered from the north, with a one-wide closet along its east wall (x=5) */
  const withCloset = (): HintContext =>
    ctxFor(...door(3, 0, 'south'), 'fill 4 65 1 4 67 5 minecraft:stone_bricks');

  test('a wall "extended" into a closet fills the closet’s air: dropped', () => {
    const ctx = withCloset();
    expect(kept(ctx, step('design', 'extend_wall', 'fill 5 65 3 5 67 3 minecraft:stone_bricks'))).toEqual([]);
    // the same fill out in the open air beside the hut fills no room
    expect(
      kept(ctx, step('design', 'extend_wall', 'fill 8 64 3 8 66 3 minecraft:stone_bricks')),
    ).toHaveLength(1);
  });

  test('a fill into a room’s own air: dropped', () => {
    const ctx = withCloset();
    expect(kept(ctx, step('design', 'extend_wall', 'fill 2 65 3 2 66 3 minecraft:stone_bricks'))).toEqual([]);
  });

  test('a step that walls up the only way in: dropped (the walk built again on the copy)', () => {
    const ctx = ctxFor(...door(3, 0, 'south'));
    expect(kept(ctx, step('design', 'extend_wall', 'fill 2 64 -1 4 66 -1 minecraft:stone_bricks'))).toEqual(
      [],
    );
  });

  test('a roof over walls with no roof yet is said: a player dropping in from the sky is no way in it takes', () => {
    // the hut without its roof: walls and floor, open to the sky
    const ctx = ctxFor('fill 1 68 1 5 68 5 minecraft:air');
    expect(kept(ctx, step('design', 'add_roof', 'fill 0 68 0 6 68 6 minecraft:oak_planks'))).toHaveLength(1);
    // the same hut, its doorway walled up, is still judged as a way in taken away
    const open = ctxFor(...door(3, 0, 'south'));
    expect(kept(open, step('design', 'extend_wall', 'fill 2 64 -1 4 66 -1 minecraft:stone_bricks'))).toEqual(
      [],
    );
  });

  test('two steps that each leave a way in, but not together: not both said', () => {
    const ctx = ctxFor(...door(3, 0, 'south'), ...door(3, 6, 'north'));
    const north = step('design', 'extend_wall', 'fill 2 64 -1 4 66 -1 minecraft:stone_bricks');
    const south = step('design', 'extend_wall', 'fill 2 64 7 4 66 7 minecraft:stone_bricks');
    expect(kept(ctx, north)).toHaveLength(1);
    expect(kept(ctx, south)).toHaveLength(1);
    expect(kept(ctx, north, south).length).toBeLessThan(2);
  });

  test('a window into the wall between two rooms looks out on no open air: dropped', () => {
    const ctx = ctxFor(
      ...door(2, 0, 'south'),
      ...door(4, 6, 'north'),
      'fill 3 65 1 3 67 5 minecraft:stone_bricks',
    );
    expect(kept(ctx, step('design', 'add_window', 'setblock 3 66 3 minecraft:glass_pane'))).toEqual([]);
    // into the outer wall, it looks from a room out on open air
    expect(
      kept(ctx, step('design', 'add_window', 'setblock 0 66 3 minecraft:glass_pane[north=true,south=true]')),
    ).toHaveLength(1);
  });

  test('a light must light a room’s own air: a lantern outside the hut is dropped, one inside said', () => {
    const ctx = ctxFor(...door(3, 0, 'south'));
    expect(kept(ctx, step('design', 'add_light', 'setblock -3 64 -3 minecraft:lantern'))).toEqual([]);
    expect(kept(ctx, step('design', 'add_light', 'setblock 2 65 2 minecraft:lantern'))).toHaveLength(1);
  });

  test('a window the rule put into a torch’s wall is said one cell along the wall, where it passes', () => {
    const ctx = ctxFor('setblock 3 66 5 minecraft:wall_torch[facing=north]');
    expect(
      kept(ctx, step('design', 'add_window', 'setblock 3 66 6 minecraft:glass_pane[east=true,west=true]')),
    ).toEqual(['add_window: setblock 4 66 6 minecraft:glass_pane[east=true,west=true]']);
  });

  test('glowstone set into the ceiling over a pillar lights no air: said one cell along the ceiling', () => {
    const ctx = ctxFor('fill 3 65 3 3 67 3 minecraft:stone_bricks');
    expect(kept(ctx, step('design', 'add_light', 'setblock 3 68 3 minecraft:glowstone'))).toEqual([
      'add_light: setblock 4 68 3 minecraft:glowstone',
    ]);
  });

  test('a resend that breaks something is said, with a note of what it breaks', () => {
    const ctx = ctxFor('setblock 3 65 3 minecraft:crafting_table');
    const judged = buildingReferee([step('resend', 'fix_position', 'setblock 3 65 3 minecraft:stone')], ctx);
    expect(judged.steps).toHaveLength(1);
    expect(judged.notes.join(' ')).toContain('writes over the crafting_table there');
  });
});
