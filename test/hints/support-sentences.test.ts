/**
 * Support sentences quote vanilla's updateShape exactly (1.21.4 `net/minecraft/world/level/block/`): which
 * neighbour's change drops a block set where nothing holds it, and the class that says so. Real hints over a
 * small world; each block is set over air (or beside it) by the batch.
 */
import { expect, test } from 'vitest';
import { hintsAfter, of } from './small-world.js';

const GROUND = 'fill -10 63 -10 16 63 16 minecraft:grass_block';

test.each<[string, string[], string]>([
  [
    'a torch: only the block below (BaseTorchBlock)',
    ['setblock 2 70 2 minecraft:torch'],
    'the game drops the torch when the block below it changes (BaseTorchBlock.updateShape); until then it stays',
  ],
  [
    'a redstone torch: the same rule, its own class (RedstoneTorchBlock extends BaseTorchBlock)',
    ['setblock 2 70 2 minecraft:redstone_torch'],
    'the game drops the redstone_torch when the block below it changes (RedstoneTorchBlock.updateShape)',
  ],
  [
    'a wall torch: only the block behind (WallTorchBlock)',
    ['setblock 2 70 2 minecraft:wall_torch[facing=north]'],
    'the game drops the wall_torch when the block behind it changes (WallTorchBlock.updateShape); until then it stays',
  ],
  [
    'a hanging lantern: the block above (LanternBlock, hanging)',
    ['setblock 2 70 2 minecraft:lantern[hanging=true]'],
    'the game drops the lantern when the block above it changes (LanternBlock.updateShape)',
  ],
  [
    'a standing lantern: the block below (LanternBlock)',
    ['setblock 2 70 2 minecraft:lantern'],
    'the game drops the lantern when the block below it changes (LanternBlock.updateShape)',
  ],
  [
    'a carpet: any neighbour, above, below or beside (CarpetBlock checks canSurvive on every update)',
    ['setblock 2 70 2 minecraft:red_carpet'],
    'the game drops the red_carpet when any block next to it changes, above, below or beside (CarpetBlock.updateShape); until then it stays',
  ],
  [
    "a door's lower half: the block below (DoorBlock)",
    [
      'setblock 2 70 2 minecraft:oak_door[facing=north,half=lower]',
      'setblock 2 71 2 minecraft:oak_door[facing=north,half=upper]',
    ],
    'the game drops the oak_door when the block below it changes (DoorBlock.updateShape)',
  ],
])('%s', (_name, commands, sentence) => {
  const steps = of(hintsAfter([GROUND], commands)?.nextSteps, 'support_block');
  expect(steps.map((s) => s.description).join('\n')).toContain(sentence);
});
