/**
 * The referee through the real MCP client on the embedded world: a closed hut with a wall torch hanging where
 * the window rule would put its panes. The window is said moved along the wall to cells that hold nothing up,
 * and every suggested step, run exactly as given, leaves the torch standing (the server itself says so: setting
 * the same torch again changes nothing, `commands.setblock.failed`).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { NextStep } from '../../src/results/action-hints.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'Referee' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const send = async (commands: string[]): Promise<BatchResult> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as unknown as BatchResult;
};
const commandsOf = (s: NextStep): string[] => (s.suggestedArgs?.['commands'] as string[] | undefined) ?? [];

test('a window is not said into the block a wall torch hangs on; the steps as given keep the torch', async () => {
  const { x, y, z } = o;
  // a 7×7 stone-brick hut (air y+1..y+3), a door in its north wall, a torch on the inside of its south wall
  // at eye height, one block west of the middle: the window rule's three panes would take its wall
  const torch = `setblock ${x + 2} ${y + 2} ${z + 5} minecraft:wall_torch[facing=north]`;
  const built = await send([
    `fill ${x} ${y} ${z} ${x + 6} ${y + 4} ${z + 6} minecraft:stone_bricks hollow`,
    `setblock ${x + 3} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
    `setblock ${x + 3} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`,
    torch,
  ]);
  expect(built.appliedCount).toBe(4);
  const steps = built.actionHints?.nextSteps ?? [];
  const window = steps.find((s) => s.action === 'add_window');
  expect(window, JSON.stringify(steps)).toBeDefined();
  // the pane row moved east along the wall, clear of the torch's wall block at x+2
  expect(commandsOf(window!)).toEqual([
    `fill ${x + 3} ${y + 2} ${z + 6} ${x + 5} ${y + 2} ${z + 6} minecraft:glass_pane[east=true,west=true]`,
  ]);
  const run = steps.filter((s) => s.suggestedTool === 'execute_commands').flatMap(commandsOf);
  const after = await send(run);
  expect(
    after.results.every((r) => r.status === 'applied'),
    JSON.stringify(after.results),
  ).toBe(true);
  // the torch still hangs on its wall: the server finds nothing to change
  const again = await send([torch]);
  expect(again.results[0]?.status).toBe('rejected_by_game');
  expect(again.results[0]?.detail?.noChange).toBe(true);
});
