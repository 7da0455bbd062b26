/**
 * The View of an execute_commands result shows what changed within the room that holds it, as the world
 * reads: through the real SDK Client, on the embedded world, two rooms built side by side and one block set
 * inside one of them make a box of that room's walls, floor and roof, not the room next door.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONTEXT_SIDEWAYS, CONTEXT_UP_DOWN } from '../../src/mcp/apps/view-box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
// the building's lowest north-west corner
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'RoomView' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) - 3 };
  // one 11×5×7 stone-brick shell with floor and roof, split in two rooms by a plank wall at x + 5
  const built = await c.execute([
    `fill ${o.x} ${o.y} ${o.z} ${o.x + 10} ${o.y + 4} ${o.z + 6} minecraft:stone_bricks hollow`,
    `fill ${o.x + 5} ${o.y + 1} ${o.z + 1} ${o.x + 5} ${o.y + 3} ${o.z + 5} minecraft:oak_planks`,
  ]);
  expect(
    built.results.map((r) => r.status),
    JSON.stringify(built),
  ).toEqual(['applied', 'applied']);
}, 240_000);

afterAll(async () => {
  await c?.close();
});

const boxOf = (result: CallToolResult) => {
  const { from, to } = result.structuredContent as {
    from: { x: number; y: number; z: number };
    to: { x: number; y: number; z: number };
  };
  return { from, to };
};

test('a lantern set in the west room: the View shows that room whole (walls, floor, roof), not the east room', async () => {
  const lantern = `setblock ${o.x + 2} ${o.y + 1} ${o.z + 2} minecraft:lantern`;
  const set = await c.execute([lantern]);
  expect(set.results[0], JSON.stringify(set)).toMatchObject({ status: 'applied' });
  const meshed = await c.call('view_region_mesh', { commands: [lantern] });
  expect(meshed.isError, JSON.stringify(meshed.content)).toBeFalsy();
  expect(boxOf(meshed)).toEqual({
    from: { x: o.x, y: o.y, z: o.z },
    to: { x: o.x + 5, y: o.y + 4, z: o.z + 6 },
  });
});

test('a block set out on open ground, in no room: the View shows it with the margin of context', async () => {
  const post = { x: o.x + 3, y: o.y, z: o.z + 12 };
  const fence = `setblock ${post.x} ${post.y} ${post.z} minecraft:oak_fence`;
  const set = await c.execute([fence]);
  expect(set.results[0], JSON.stringify(set)).toMatchObject({ status: 'applied' });
  const meshed = await c.call('view_region_mesh', { commands: [fence] });
  expect(meshed.isError, JSON.stringify(meshed.content)).toBeFalsy();
  expect(boxOf(meshed)).toEqual({
    from: { x: post.x - CONTEXT_SIDEWAYS, y: post.y - CONTEXT_UP_DOWN, z: post.z - CONTEXT_SIDEWAYS },
    to: { x: post.x + CONTEXT_SIDEWAYS, y: post.y + CONTEXT_UP_DOWN, z: post.z + CONTEXT_SIDEWAYS },
  });
});
