/**
 * What mcbridge says about a house, through the real MCP client on the embedded world: a gable-roofed
 * two-room house built over several batches (no hint touches the roof space, both rooms named), a
 * two-storey house with a staircase and a balcony (no phantom openings, no move that breaks a wall), and
 * torches and lanterns set where nothing holds them (a required note: vanilla drops them).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { NextStep } from '../../src/results/action-hints.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockPos, Box } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'Housebuilder' });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

const send = async (commands: string[]): Promise<{ batch: BatchResult; text: string }> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return { batch: result.structuredContent as unknown as BatchResult, text: textOf(result) };
};
const steps = (b: BatchResult): NextStep[] => b.actionHints?.nextSteps ?? [];
const commandsOf = (s: NextStep): string[] => (s.suggestedArgs?.['commands'] as string[] | undefined) ?? [];

/** Every block position a suggested command names (setblock, fill and clone corners). */
const positionsIn = (command: string): BlockPos[] => {
  const n = command.split(/\s+/).slice(1).filter((w) => /^-?\d+$/.test(w)).map(Number);
  const out: BlockPos[] = [];
  for (let i = 0; i + 2 < n.length; i += 3) out.push({ x: n[i]!, y: n[i + 1]!, z: n[i + 2]! });
  return out;
};
const inBox = (b: Box, p: BlockPos) =>
  p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y && p.z >= b.min.z && p.z <= b.max.z;
const fmt = (b: Box) => `(${b.min.x},${b.min.y},${b.min.z})–(${b.max.x},${b.max.y},${b.max.z})`;

test('a gable-roofed two-room house over several batches: both rooms named, no hint touches the roof', async () => {
  const { x, y, z } = { ...o, x: o.x + 2 };
  const shell = await send([
    `fill ${x} ${y} ${z} ${x + 10} ${y} ${z + 6} minecraft:oak_planks`,
    `fill ${x} ${y + 1} ${z} ${x + 10} ${y + 4} ${z} minecraft:stone_bricks`,
    `fill ${x} ${y + 1} ${z + 6} ${x + 10} ${y + 4} ${z + 6} minecraft:stone_bricks`,
    `fill ${x} ${y + 1} ${z + 1} ${x} ${y + 4} ${z + 5} minecraft:stone_bricks`,
    `fill ${x + 10} ${y + 1} ${z + 1} ${x + 10} ${y + 4} ${z + 5} minecraft:stone_bricks`,
    `fill ${x + 5} ${y + 1} ${z + 1} ${x + 5} ${y + 4} ${z + 5} minecraft:stone_bricks`,
  ]);
  expect(shell.batch.appliedCount).toBe(6);
  const inside = await send([
    `setblock ${x} ${y + 1} ${z + 3} minecraft:oak_door[facing=east,half=lower]`,
    `setblock ${x} ${y + 2} ${z + 3} minecraft:oak_door[facing=east,half=upper]`,
    `fill ${x + 5} ${y + 1} ${z + 3} ${x + 5} ${y + 2} ${z + 3} minecraft:air`,
    `setblock ${x + 2} ${y + 2} ${z} minecraft:glass_pane`,
    `setblock ${x + 7} ${y + 2} ${z} minecraft:glass_pane`,
    `setblock ${x + 1} ${y + 1} ${z + 1} minecraft:lantern`,
    `setblock ${x + 9} ${y + 1} ${z + 1} minecraft:lantern`,
    `setblock ${x + 8} ${y + 1} ${z + 4} minecraft:red_bed[facing=south,part=foot]`,
    `setblock ${x + 8} ${y + 1} ${z + 5} minecraft:red_bed[facing=south,part=head]`,
    `setblock ${x + 2} ${y + 1} ${z + 4} minecraft:oak_fence`,
    `setblock ${x + 2} ${y + 2} ${z + 4} minecraft:oak_pressure_plate`,
  ]);
  expect(inside.batch.appliedCount).toBe(11);
  const ceiling = await send([`fill ${x} ${y + 5} ${z} ${x + 10} ${y + 5} ${z + 6} minecraft:oak_planks`]);
  const west: Box = { min: { x, y, z }, max: { x: x + 5, y: y + 5, z: z + 6 } };
  const east: Box = { min: { x: x + 5, y, z }, max: { x: x + 10, y: y + 5, z: z + 6 } };
  console.log(ceiling.text);
  const roof: string[] = [];
  for (const [dz, dy] of [[0, 6], [1, 7], [2, 8]] as const) {
    roof.push(`fill ${x - 1} ${y + dy} ${z + dz - 1} ${x + 11} ${y + dy} ${z + dz - 1} minecraft:oak_stairs[facing=south]`);
    roof.push(`fill ${x - 1} ${y + dy} ${z + 7 - dz} ${x + 11} ${y + dy} ${z + 7 - dz} minecraft:oak_stairs[facing=north]`);
  }
  roof.push(`fill ${x - 1} ${y + 9} ${z + 2} ${x + 11} ${y + 9} ${z + 4} minecraft:oak_slab`);
  for (const gx of [x, x + 10]) {
    roof.push(`fill ${gx} ${y + 6} ${z} ${gx} ${y + 6} ${z + 6} minecraft:oak_planks`);
    roof.push(`fill ${gx} ${y + 7} ${z + 1} ${gx} ${y + 7} ${z + 5} minecraft:oak_planks`);
    roof.push(`fill ${gx} ${y + 8} ${z + 2} ${gx} ${y + 8} ${z + 4} minecraft:oak_planks`);
  }
  const roofed = await send(roof);
  console.log(roofed.text);
  console.log(JSON.stringify(roofed.batch.actionHints, null, 1));
  const roofSpace: Box = { min: { x: x - 1, y: y + 6, z: z - 1 }, max: { x: x + 11, y: y + 9, z: z + 7 } };
  for (const s of [...steps(ceiling.batch), ...steps(roofed.batch)]) {
    for (const cmd of commandsOf(s)) {
      expect(positionsIn(cmd).filter((p) => inBox(roofSpace, p)), `${s.description}: ${cmd}`).toEqual([]);
    }
    expect(s.optional || !/door|light|window/.test(s.action), s.description).toBe(true);
  }
  for (const answer of [ceiling, roofed]) {
    expect(answer.text).not.toMatch(new RegExp(`\\(-?\\d+,${y + 6},`));
  }
  expect(ceiling.text).toContain(fmt(west));
  expect(ceiling.text).toContain(fmt(east));
});
