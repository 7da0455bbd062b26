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
  const n = command
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^-?\d+$/.test(w))
    .map(Number);
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
  const roof: string[] = [];
  for (const [dz, dy] of [
    [0, 6],
    [1, 7],
    [2, 8],
  ] as const) {
    roof.push(
      `fill ${x - 1} ${y + dy} ${z + dz - 1} ${x + 11} ${y + dy} ${z + dz - 1} minecraft:oak_stairs[facing=south]`,
    );
    roof.push(
      `fill ${x - 1} ${y + dy} ${z + 7 - dz} ${x + 11} ${y + dy} ${z + 7 - dz} minecraft:oak_stairs[facing=north]`,
    );
  }
  roof.push(`fill ${x - 1} ${y + 9} ${z + 2} ${x + 11} ${y + 9} ${z + 4} minecraft:oak_slab`);
  for (const gx of [x, x + 10]) {
    roof.push(`fill ${gx} ${y + 6} ${z} ${gx} ${y + 6} ${z + 6} minecraft:oak_planks`);
    roof.push(`fill ${gx} ${y + 7} ${z + 1} ${gx} ${y + 7} ${z + 5} minecraft:oak_planks`);
    roof.push(`fill ${gx} ${y + 8} ${z + 2} ${gx} ${y + 8} ${z + 4} minecraft:oak_planks`);
  }
  const roofed = await send(roof);
  const roofSpace: Box = { min: { x: x - 1, y: y + 6, z: z - 1 }, max: { x: x + 11, y: y + 9, z: z + 7 } };
  for (const s of [...steps(ceiling.batch), ...steps(roofed.batch)]) {
    for (const cmd of commandsOf(s)) {
      expect(
        positionsIn(cmd).filter((p) => inBox(roofSpace, p)),
        `${s.description}: ${cmd}`,
      ).toEqual([]);
    }
    expect(s.optional || !/door|light|window/.test(s.action), s.description).toBe(true);
  }
  for (const answer of [ceiling, roofed]) {
    expect(answer.text).not.toMatch(new RegExp(`\\(-?\\d+,${y + 6},`));
  }
  expect(ceiling.text).toContain(fmt(west));
  expect(ceiling.text).toContain(fmt(east));
});

const air = (p: BlockPos) => {
  const b = channel.readBlock!(p);
  if (b === 'unloaded') throw new Error(`the bot cannot read ${p.x} ${p.y} ${p.z}`);
  return b.name === 'minecraft:air';
};

test('a two-storey house with a staircase and a balcony: no phantom opening, no move that breaks a wall', async () => {
  const { x, y, z } = { ...o, x: o.x + 2, z: o.z + 14 };
  const walls = (y0: number, y1: number) => [
    `fill ${x} ${y0} ${z} ${x + 8} ${y1} ${z} minecraft:stone_bricks`,
    `fill ${x} ${y0} ${z + 8} ${x + 8} ${y1} ${z + 8} minecraft:stone_bricks`,
    `fill ${x} ${y0} ${z + 1} ${x} ${y1} ${z + 7} minecraft:stone_bricks`,
    `fill ${x + 8} ${y0} ${z + 1} ${x + 8} ${y1} ${z + 7} minecraft:stone_bricks`,
  ];
  const wallCells = (y0: number, y1: number): Box[] => [
    { min: { x, y: y0, z }, max: { x: x + 8, y: y1, z } },
    { min: { x, y: y0, z: z + 8 }, max: { x: x + 8, y: y1, z: z + 8 } },
    { min: { x, y: y0, z }, max: { x, y: y1, z: z + 8 } },
    { min: { x: x + 8, y: y0, z }, max: { x: x + 8, y: y1, z: z + 8 } },
  ];
  const { batch, text } = await send([
    `fill ${x} ${y} ${z} ${x + 8} ${y} ${z + 8} minecraft:stone_bricks`,
    ...walls(y + 1, y + 4),
    `fill ${x} ${y + 5} ${z} ${x + 8} ${y + 5} ${z + 8} minecraft:oak_planks`,
    ...walls(y + 6, y + 9),
    `fill ${x} ${y + 10} ${z} ${x + 8} ${y + 10} ${z + 8} minecraft:stone_bricks`,
    // the kitchen: front door north, a furnace and a table
    `setblock ${x + 4} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
    `setblock ${x + 4} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`,
    `setblock ${x + 7} ${y + 1} ${z + 1} minecraft:furnace`,
    `setblock ${x + 6} ${y + 1} ${z + 1} minecraft:crafting_table`,
    `setblock ${x + 2} ${y + 2} ${z} minecraft:glass_pane`,
    `setblock ${x + 7} ${y + 4} ${z + 7} minecraft:lantern[hanging=true]`,
    `setblock ${x + 6} ${y + 1} ${z + 4} minecraft:lantern`,
    `setblock ${x + 5} ${y + 1} ${z + 4} minecraft:oak_planks`,
    // the staircase up the west side, through a hole in the upper floor
    `fill ${x + 1} ${y + 5} ${z + 2} ${x + 1} ${y + 5} ${z + 6} minecraft:air`,
    `setblock ${x + 1} ${y + 1} ${z + 2} minecraft:oak_stairs[facing=south]`,
    `setblock ${x + 1} ${y + 2} ${z + 3} minecraft:oak_stairs[facing=south]`,
    `setblock ${x + 1} ${y + 3} ${z + 4} minecraft:oak_stairs[facing=south]`,
    `setblock ${x + 1} ${y + 4} ${z + 5} minecraft:oak_stairs[facing=south]`,
    // the bedroom upstairs, a door out to the balcony on the south side
    `setblock ${x + 5} ${y + 6} ${z + 2} minecraft:red_bed[facing=north,part=foot]`,
    `setblock ${x + 5} ${y + 6} ${z + 1} minecraft:red_bed[facing=north,part=head]`,
    `setblock ${x + 4} ${y + 6} ${z + 8} minecraft:oak_door[facing=south,half=lower]`,
    `setblock ${x + 4} ${y + 7} ${z + 8} minecraft:oak_door[facing=south,half=upper]`,
    `setblock ${x + 7} ${y + 7} ${z} minecraft:glass_pane`,
    `setblock ${x + 7} ${y + 6} ${z + 6} minecraft:lantern`,
    `fill ${x + 2} ${y + 5} ${z + 9} ${x + 6} ${y + 5} ${z + 11} minecraft:oak_slab[type=top]`,
    `fill ${x + 2} ${y + 6} ${z + 11} ${x + 6} ${y + 6} ${z + 11} minecraft:oak_fence`,
    `fill ${x + 2} ${y + 6} ${z + 9} ${x + 2} ${y + 6} ${z + 10} minecraft:oak_fence`,
    `fill ${x + 6} ${y + 6} ${z + 9} ${x + 6} ${y + 6} ${z + 10} minecraft:oak_fence`,
  ]);
  expect(batch.appliedCount, text).toBe(batch.totalCommands);
  // both storeys are rooms, named with their boxes, and the floor between them
  expect(text).toMatch(
    /Built 2 rooms: \(1\) the 7×4×7 room at .*\(2\) the 7×4×7 bedroom at .*The floor at y=-?\d+ divides rooms 1 and 2/,
  );
  const isWall = (p: BlockPos) =>
    [...wallCells(y + 1, y + 4), ...wallCells(y + 6, y + 9)].some((b) => inBox(b, p));
  for (const s of steps(batch)) {
    // an opening it names is air, two high
    const m = /(doorway|opening) at (-?\d+) (-?\d+) (-?\d+)/.exec(s.description);
    if (m) {
      const p = { x: Number(m[2]), y: Number(m[3]), z: Number(m[4]) };
      expect(air(p) && air({ ...p, y: p.y + 1 }), `${s.description}: no opening there`).toBe(true);
    }
    for (const cmd of commandsOf(s)) {
      const clone = /^clone (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+) (-?\d+)/.exec(
        cmd,
      );
      if (clone) {
        const [sx, sy, sz] = clone.slice(1, 4).map(Number) as [number, number, number];
        expect(isWall({ x: sx, y: sy, z: sz }), `${s.description}: ${cmd} moves a wall block`).toBe(false);
      }
    }
    // no required design advice
    if (!s.optional)
      expect(['complete_door', 'complete_bed', 'support_block', 'verify_blocks']).toContain(s.action);
  }
  expect(text).not.toMatch(/blocked from inside: stone_bricks/);
});

test('a torch and a lantern set in mid-air: a required step says nothing holds them, and its command holds them', async () => {
  const { x, y, z } = { ...o, x: o.x + 14, z: o.z - 6 };
  const { batch, text } = await send([
    `setblock ${x} ${y + 3} ${z} minecraft:torch`,
    `setblock ${x + 2} ${y + 3} ${z} minecraft:lantern`,
    `setblock ${x + 4} ${y + 3} ${z} minecraft:lantern[hanging=true]`,
    `setblock ${x + 6} ${y} ${z} minecraft:torch`,
  ]);
  expect(batch.appliedCount).toBe(4);
  const support = steps(batch).filter((s) => s.action === 'support_block');
  expect(support.map((s) => s.optional)).toEqual([false, false, false]);
  expect(text).toMatch(new RegExp(`next \\(required\\): .*Nothing holds the torch at ${x} ${y + 3} ${z}`));
  expect(text).toMatch(
    new RegExp(`Nothing holds the lantern at ${x + 2} ${y + 3} ${z}: ${x + 2} ${y + 2} ${z} under it is air`),
  );
  expect(text).toMatch(
    new RegExp(`Nothing holds the lantern at ${x + 4} ${y + 3} ${z}: ${x + 4} ${y + 4} ${z} above it is air`),
  );
  // the torch on the ground is held
  expect(text).not.toContain(`torch at ${x + 6} ${y} ${z}`);
  // each fix, run exactly as given, applies and leaves nothing unsupported
  for (const s of support) {
    const fixed = await c.call('execute_commands', s.suggestedArgs!);
    const b = fixed.structuredContent as unknown as BatchResult;
    expect(b.appliedCount, textOf(fixed)).toBe(b.totalCommands);
  }
  const again = await send([
    `setblock ${x} ${y + 3} ${z} minecraft:torch`,
    `setblock ${x + 2} ${y + 3} ${z} minecraft:lantern`,
    `setblock ${x + 4} ${y + 3} ${z} minecraft:lantern[hanging=true]`,
  ]);
  expect(steps(again.batch).filter((s) => s.action === 'support_block')).toEqual([]);
});

test('a placed structure gets no design advice: the plan is the file', async () => {
  const { x, y, z } = { ...o, x: o.x + 14, z: o.z + 2 };
  // a closed box: no door, no window, no light — design advice would ask for all three
  await send([`fill ${x} ${y} ${z} ${x + 5} ${y + 4} ${z + 5} minecraft:stone_bricks hollow`]);
  const saved = await c.call('save_structure', {
    name: 'sealed',
    from: { x, y, z },
    to: { x: x + 5, y: y + 4, z: z + 5 },
  });
  expect(saved.isError, textOf(saved)).toBeFalsy();
  const placed = await c.call('place_structure', { name: 'sealed', origin: { x, y, z: z + 8 } });
  expect(placed.isError, textOf(placed)).toBeFalsy();
  const b = placed.structuredContent as unknown as BatchResult;
  const design = [
    'add_door',
    'add_window',
    'add_light',
    'add_roof',
    'add_floor',
    'extend_wall',
    'unblock_door',
  ];
  expect((b.actionHints?.nextSteps ?? []).filter((s) => design.includes(s.action))).toEqual([]);
  expect(textOf(placed)).not.toMatch(/no door|no light|no window|Built /);
});
