/**
 * The search for rooms around a batch's writes is skipped only when nothing the batch did can change a
 * room's verdict (src/hints/batch/room-neutral.ts), through the real MCP client on the embedded world. A closed
 * stone room with no door: a later batch that swaps one of its wall blocks for another plain block
 * (cobblestone) is not searched, so the room it did not outline goes unmentioned; a batch that puts glass
 * in that wall, or sets a block in the room's air, is searched, and the room is found again and asked for
 * its door. The pure rule's cases follow: carpets, slabs, lamps, sand and beds are never plain.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import { batchKeepsRooms, isPlainForRooms } from '../../src/hints/batch/room-neutral.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockState } from '../../src/vocabulary/blocks/block-state.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { batch, ok } from './helpers.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'RoomSearch' });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const send = async (commands: string[]): Promise<BatchResult> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const b = result.structuredContent as unknown as BatchResult;
  expect(
    b.results.every((r) => r.status === 'applied'),
    JSON.stringify(b.results),
  ).toBe(true);
  return b;
};
const asksForDoor = (b: BatchResult): boolean =>
  (b.actionHints?.nextSteps ?? []).some((s) => s.action === 'add_door');

test('a batch that only swaps plain blocks is not searched for rooms; glass in a wall or a block in the air is', async () => {
  const at = (dx: number, dy: number, dz: number) => `${o.x + dx} ${o.y + dy} ${o.z + dz}`;
  // a 7 × 5 × 7 stone room, closed on every side, on a floor laid first
  await send([`fill ${at(-1, -1, -1)} ${at(7, -1, 7)} minecraft:dirt`]);
  const built = await send([`fill ${at(0, 0, 0)} ${at(6, 4, 6)} minecraft:stone outline`]);
  expect(asksForDoor(built)).toBe(true);

  // one wall block stone → cobblestone: the room is as it was, and no search finds it
  const swapped = await send([`setblock ${at(0, 2, 3)} minecraft:cobblestone`]);
  expect(asksForDoor(swapped)).toBe(false);
  // the world shows the room still closed: the hint left out was not one the batch made true or false
  expect(channel.readBlock!({ x: o.x, y: o.y + 2, z: o.z + 3 })).toMatchObject({
    name: 'minecraft:cobblestone',
  });

  // glass in the same wall may make a window: searched, the room found and still asked for its door
  const glazed = await send([`setblock ${at(0, 2, 3)} minecraft:glass`]);
  expect(asksForDoor(glazed)).toBe(true);

  // a block set in the room's air (air → stone) may divide or fill it: searched
  const inside = await send([`setblock ${at(3, 1, 3)} minecraft:stone`]);
  expect(asksForDoor(inside)).toBe(true);
}, 120_000);

const state = (name: string, properties: Record<string, string> = {}): BlockState => ({
  name: `minecraft:${name}`,
  properties,
});

test('plain for rooms: full blocks that stand in the way and are nothing a room asks about', () => {
  for (const b of ['stone', 'dirt', 'cobblestone', 'oak_planks', 'stone_bricks'])
    expect(isPlainForRooms(state(b)), b).toBe(true);
  const notPlain = [
    state('air'),
    state('glass'),
    state('glass_pane'),
    state('oak_door', { half: 'lower' }),
    state('white_carpet'),
    state('oak_slab', { type: 'bottom' }),
    state('oak_stairs'),
    state('glowstone'),
    state('redstone_lamp', { lit: 'true' }),
    state('red_bed', { part: 'foot' }),
    state('sand'),
    state('redstone_block'),
    state('torch'),
  ];
  for (const b of notPlain) expect(isPlainForRooms(b), b.name).toBe(false);
});

test('the rule: every written cell plain before and after; a clone, an unread cell or a command without writes keeps the search', () => {
  const stone = state('stone');
  const dirt = state('dirt');
  const air = state('air');
  const cells = (before: BlockState | undefined, after: BlockState | undefined) => ({
    before: () => before,
    after: () => after,
  });
  const swap = batch(ok('fill 0 64 0 1 64 1 minecraft:dirt'));
  expect(batchKeepsRooms(swap, cells(stone, dirt))).toBe(true);
  expect(batchKeepsRooms(swap, cells(air, dirt))).toBe(false);
  expect(batchKeepsRooms(swap, cells(stone, air))).toBe(false);
  expect(batchKeepsRooms(swap, cells(undefined, dirt))).toBe(false);
  expect(batchKeepsRooms(swap, cells(stone, undefined))).toBe(false);
  // a command the server took whose block writes are not known (here: none planned) may change anything
  const unplanned = batch(ok('fill 0 64 0 1 64 1 minecraft:dirt'), ok('summon minecraft:tnt 0 65 0'));
  expect(unplanned[1]!.writes).toEqual([]);
  expect(batchKeepsRooms(unplanned, cells(stone, dirt))).toBe(false);
  const cloned = batch(ok('setblock 0 64 0 minecraft:dirt'));
  cloned[0]!.writes = [
    {
      kind: 'clone',
      from: { x: 0, y: 64, z: 0 },
      to: { x: 0, y: 64, z: 0 },
      destination: { x: 5, y: 64, z: 0 },
      maskMode: 'replace',
      cloneMode: 'move',
    },
  ];
  expect(batchKeepsRooms(cloned, cells(stone, dirt))).toBe(false);
  // one cell the rule reads only where the write can reach: a cell elsewhere does not matter
  const seen: BlockPos[] = [];
  const one = batch(ok('setblock 2 70 2 minecraft:dirt'));
  expect(
    batchKeepsRooms(one, {
      before: (p) => (seen.push(p), stone),
      after: () => dirt,
    }),
  ).toBe(true);
  expect(seen).toEqual([{ x: 2, y: 70, z: 2 }]);
});
