/**
 * Rooms that share a wall (issue 15): an opening between two rooms is a doorway, not a missing door.
 * add_door never asks for a door in it; the pair needs one way in from outside, and once it has one,
 * nothing more.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { NextStep } from '../../src/results/action-hints.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'Joiner' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const doorSteps = (steps: NextStep[] | undefined) => (steps ?? []).filter((s) => s.action === 'add_door');
const commandsOf = (s: NextStep) => (s.suggestedArgs as { commands: string[] }).commands;

test('two rooms joined by an opening in their shared wall get one outside door, never one in the opening', async () => {
  const { x, y, z } = o;
  const shared = x + 4;
  const batch = await c.execute([
    `fill ${x} ${y} ${z} ${x + 4} ${y + 4} ${z + 4} minecraft:stone_bricks hollow`,
    `fill ${shared} ${y} ${z} ${x + 8} ${y + 4} ${z + 4} minecraft:oak_planks hollow`,
    // the opening between them, 2 high from the floor
    `fill ${shared} ${y + 1} ${z + 2} ${shared} ${y + 2} ${z + 2} minecraft:air`,
  ]);
  expect(batch.appliedCount).toBe(3);
  const doors = doorSteps(batch.actionHints?.nextSteps);
  expect(doors).toHaveLength(1);
  expect(doors[0]).toMatchObject({ optional: true });
  expect(doors[0]!.description).toContain('have no way in from outside');
  // neither half of the suggested door is in the shared wall
  for (const cmd of commandsOf(doors[0]!)) expect(cmd.split(' ')[1]).not.toBe(String(shared));

  // the pair built again with its outside door in the same batch: no door is asked for at all
  const dz = 10;
  const again = await c.execute([
    `fill ${x} ${y} ${z + dz} ${x + 4} ${y + 4} ${z + dz + 4} minecraft:stone_bricks hollow`,
    `fill ${shared} ${y} ${z + dz} ${x + 8} ${y + 4} ${z + dz + 4} minecraft:oak_planks hollow`,
    `fill ${shared} ${y + 1} ${z + dz + 2} ${shared} ${y + 2} ${z + dz + 2} minecraft:air`,
    ...commandsOf(doors[0]!).map((cmd) =>
      cmd.replace(
        /^setblock (-?\d+) (-?\d+) (-?\d+)/,
        (_, a, b, cz) => `setblock ${a} ${b} ${Number(cz) + dz}`,
      ),
    ),
  ]);
  expect(again.appliedCount).toBe(5);
  expect(doorSteps(again.actionHints?.nextSteps)).toEqual([]);
});

test('a second room built later against the first, with an opening into it, is not asked for a door', async () => {
  const [x, y, z] = [o.x, o.y, o.z + 20];
  const shared = x + 4;
  const first = await c.execute([
    `fill ${x} ${y} ${z} ${x + 4} ${y + 4} ${z + 4} minecraft:stone_bricks hollow`,
  ]);
  const outsideDoor = doorSteps(first.actionHints?.nextSteps)[0]!;
  expect(outsideDoor.optional).toBe(true);
  expect((await c.execute(commandsOf(outsideDoor))).appliedCount).toBe(2);

  // the second room: sharing the east wall, with an opening cut into the first room
  const second = await c.execute([
    `fill ${shared} ${y} ${z} ${x + 8} ${y + 4} ${z + 4} minecraft:oak_planks hollow`,
    `fill ${shared} ${y + 1} ${z + 2} ${shared} ${y + 2} ${z + 2} minecraft:air`,
  ]);
  expect(second.appliedCount).toBe(2);
  expect(doorSteps(second.actionHints?.nextSteps)).toEqual([]);

  // the same room with its opening to open ground instead is still offered a door there
  const alone = await c.execute([
    `fill ${x + 20} ${y} ${z} ${x + 24} ${y + 4} ${z + 4} minecraft:oak_planks hollow`,
    `fill ${x + 20} ${y + 1} ${z + 2} ${x + 20} ${y + 2} ${z + 2} minecraft:air`,
  ]);
  expect(doorSteps(alone.actionHints?.nextSteps)).toMatchObject([{ optional: true }]);
});
