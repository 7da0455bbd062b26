/**
 * Every view of a structure file shows what will be placed, through the real MCP client on the embedded
 * world (1.21.4): the structure-file resource (summary, palette, the picture's legend), list_structures and
 * compare_structure read the upgraded states — the same place_structure places — and say what the upgrade
 * changed. The files are generated here from their documented formats (no real file with a licence that
 * allows it in the repository): a pre-1.13 MCEdit .schematic (numeric ids: a mob spawner, a wall sign, a
 * stone slab, an oak log with decaying leaves) and a WorldEdit Sponge v2 file of 1.16.4 holding two chests
 * side by side, both `type=single` (a player sneaking places them so), which vanilla keeps single.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { channelBlockSource } from '../../src/connection/block-reads.js';
import { blockStateKey } from '../../src/vocabulary/blocks/block-state.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as typeof import('prismarine-nbt');

type Pos = { x: number; y: number; z: number };
interface Comparison {
  score: number;
  differences: Array<Pos & { expected: string; actual: string }>;
  fix: string[];
}

let c: TestCompanion;
let o: Pos;
beforeAll(async () => {
  c = await startCompanion({ username: 'FileViews' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const at = (dx: number, dy: number, dz: number): Pos => ({ x: o.x + dx, y: o.y + dy, z: o.z + dz });

/** the old names of the pre-1.13 file, as the 1.13 flattening reads its numeric ids */
const OLD_NAMES = /mob_spawner|minecraft:wall_sign|minecraft:stone_slab|check_decay|decayable/;

/** An MCEdit .schematic: numeric ids and 4-bit data, `(y * Length + z) * Width + x`. */
function mcedit(
  size: Pos,
  put: (set: (x: number, y: number, z: number, id: number, data?: number) => void) => void,
) {
  const volume = size.x * size.y * size.z;
  const ids = new Array<number>(volume).fill(0);
  const meta = new Array<number>(volume).fill(0);
  put((x, y, z, id, data = 0) => {
    const i = (y * size.z + z) * size.x + x;
    ids[i] = id;
    meta[i] = data;
  });
  return gzipSync(
    nbt.writeUncompressed({
      type: 'compound',
      name: 'Schematic',
      value: {
        Width: nbt.short(size.x),
        Height: nbt.short(size.y),
        Length: nbt.short(size.z),
        Materials: nbt.string('Alpha'),
        Blocks: nbt.byteArray(ids.map((b) => (b << 24) >> 24)),
        Data: nbt.byteArray(meta),
        Entities: nbt.list(nbt.comp([] as never[])),
        TileEntities: nbt.list(nbt.comp([] as never[])),
      },
    } as never),
  );
}

/**
 * A Sponge v2 schematic as WorldEdit 7.2 writes it on 1.16.4 (root `Schematic`, `Version` 2, `DataVersion`,
 * `Metadata` with the paste offset, `Palette`, varint `BlockData`, `BlockEntities` with `Pos` and `Id`).
 */
function worldEditV2(
  palette: string[],
  data: number[],
  size: Pos,
  dataVersion: number,
  blockEntities: Array<{ pos: [number, number, number]; id: string }>,
): Buffer {
  return gzipSync(
    nbt.writeUncompressed({
      type: 'compound',
      name: 'Schematic',
      value: {
        Version: nbt.int(2),
        DataVersion: nbt.int(dataVersion),
        Metadata: nbt.comp({ WEOffsetX: nbt.int(0), WEOffsetY: nbt.int(0), WEOffsetZ: nbt.int(0) }),
        Width: nbt.short(size.x),
        Height: nbt.short(size.y),
        Length: nbt.short(size.z),
        Offset: nbt.intArray([0, 0, 0]),
        PaletteMax: nbt.int(palette.length),
        Palette: nbt.comp(Object.fromEntries(palette.map((k, i) => [k, nbt.int(i)]))),
        BlockData: nbt.byteArray(data),
        BlockEntities: nbt.list(
          nbt.comp(
            blockEntities.map((e) => ({
              Pos: nbt.intArray(e.pos),
              Id: nbt.string(e.id),
              Items: nbt.list(nbt.comp([] as never[])),
            })) as never,
          ),
        ),
      },
    } as never),
  );
}

/** every block of the box as the bot's world holds it */
async function readBack(from: Pos, size: Pos): Promise<Map<string, string>> {
  const source = channelBlockSource((await c.target.get()).channel)!;
  const out = new Map<string, string>();
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const s = source.readBlock({ x: from.x + x, y: from.y + y, z: from.z + z });
        if (s === 'unloaded') throw new Error('unloaded');
        out.set(`${x} ${y} ${z}`, blockStateKey(s));
      }
  return out;
}

async function placedWithNothingRefused(file: string, origin: Pos) {
  const placed = await c.call('place_structure', { file, origin });
  expect(placed.isError, text(placed)).toBeFalsy();
  const results = (
    placed.structuredContent as { results: Array<{ status: string; detail?: { noChange?: boolean } }> }
  ).results;
  expect(
    results.filter((r) => r.status !== 'applied' && !r.detail?.noChange),
    text(placed),
  ).toEqual([]);
  return placed;
}

describe('a pre-1.13 MCEdit .schematic: every view shows the states placed', () => {
  // 4×2×3: a stone floor; a spawner, a wall sign (68:2, facing north) on a stone block, a stone slab; an oak
  // log with three decaying leaves (18:0) in a row east of it
  const size = { x: 4, y: 2, z: 3 };
  const file = mcedit(size, (set) => {
    for (let x = 0; x < 4; x++) for (let z = 0; z < 3; z++) set(x, 0, z, 1);
    set(0, 1, 0, 52);
    set(1, 1, 0, 68, 2);
    set(1, 1, 1, 1);
    set(2, 1, 0, 44, 0);
    set(0, 1, 2, 17, 0);
    for (const x of [1, 2, 3]) set(x, 1, 2, 18, 0);
  });
  const placedStates = [
    'minecraft:spawner',
    'minecraft:oak_wall_sign[facing=north]',
    'minecraft:smooth_stone_slab[type=bottom]',
    // LeavesFix / LeavesBlock.updateDistance: the steps from the log; `persistent` from the old decay flag
    'minecraft:oak_leaves[distance=1,persistent=false]',
    'minecraft:oak_leaves[distance=2,persistent=false]',
    'minecraft:oak_leaves[distance=3,persistent=false]',
  ];

  test('the resource: palette, picture legend and upgrade are the placed states, with what the upgrade changed', async () => {
    writeFileSync(join(c.structures.dir, 'shop-1.12.schematic'), file);
    const { contents } = await c.client.readResource({
      uri: 'mcbridge://structure-files/shop-1.12.schematic',
    });
    const json = (contents[0] as { text: string }).text;
    const summary = JSON.parse(json) as {
      readAs: string;
      palette: string[];
      legend: string[];
      blocks: number;
      upgrade: { writtenIn: string; changes: Array<{ rule: string; blocks: number }> };
    };
    expect(summary.readAs).toBe('1.21.4');
    expect(summary.palette).toEqual(expect.arrayContaining(placedStates));
    expect(summary.palette.join(' ')).not.toMatch(OLD_NAMES);
    expect(summary.blocks).toBe(12 + 8);
    // the legend names block types (states merged), as the picture draws them
    expect(summary.legend).toEqual(
      expect.arrayContaining([
        'spawner',
        'oak_wall_sign',
        'smooth_stone_slab',
        'oak_leaves',
        'oak_log',
        'stone',
      ]),
    );
    expect(summary.legend.join(' ')).not.toMatch(/mob_spawner|^wall_sign|(^| )stone_slab/);
    expect(summary.upgrade.writtenIn).toBe('before 1.13 (MCEdit schematic: numeric ids, no DataVersion)');
    const rules = Object.fromEntries(summary.upgrade.changes.map((ch) => [ch.rule, ch.blocks]));
    expect(rules).toMatchObject({
      'LeavesFix (DataVersion 1496)': 3,
      'leaf distance (LeavesBlock.updateDistance)': 3,
      'BlockRenameFix "Rename sign blocks & stone slabs" (DataVersion 1802)': 2,
    });
    expect(contents[1]).toMatchObject({ mimeType: 'image/png' });
  });

  test('list_structures gives the placed block count and says what reading it for the server changes', async () => {
    const listed = await c.call('list_structures', {});
    const line = text(listed)
      .split('\n')
      .find((l) => l.startsWith('file shop-1.12.schematic'));
    expect(line, text(listed)).toBeDefined();
    expect(line).toContain('4×2×3, 20 blocks, written in before 1.13');
    expect(line).toContain('read as 1.21.4 reads it');
    expect(line).toContain('LeavesFix (DataVersion 1496): 3');
    expect(line).toContain('Rename sign blocks & stone slabs" (DataVersion 1802): 2');
  });

  test('placed and compared on the placed states: 100%; a broken block is named by its new name', async () => {
    const where = at(0, 0, -10);
    const placed = await placedWithNothingRefused('shop-1.12.schematic', where);
    expect(text(placed)).toContain('LeavesFix (DataVersion 1496): 3');
    const world = await readBack(where, size);
    expect(world.get('0 1 0')).toBe('minecraft:spawner');
    expect(world.get('1 1 0')).toBe('minecraft:oak_wall_sign[facing=north,waterlogged=false]');
    expect(world.get('2 1 0')).toBe('minecraft:smooth_stone_slab[type=bottom,waterlogged=false]');
    expect(world.get('1 1 2')).toBe('minecraft:oak_leaves[distance=1,persistent=false,waterlogged=false]');
    expect(world.get('3 1 2')).toBe('minecraft:oak_leaves[distance=3,persistent=false,waterlogged=false]');

    const compared = await c.call('compare_structure', { file: 'shop-1.12.schematic', origin: where });
    const out = compared.structuredContent as unknown as Comparison;
    expect(out.differences, text(compared)).toEqual([]);
    expect(out.score).toBe(100);
    expect(text(compared)).toContain('LeavesFix (DataVersion 1496): 3');

    await c.execute([`setblock ${where.x} ${where.y + 1} ${where.z} minecraft:stone`]);
    const broken = await c.call('compare_structure', { file: 'shop-1.12.schematic', origin: where });
    const diff = (broken.structuredContent as unknown as Comparison).differences;
    expect(diff).toEqual([{ ...at(0, 1, -10), expected: 'minecraft:spawner', actual: 'minecraft:stone' }]);
    expect(JSON.stringify(broken.structuredContent)).not.toMatch(/mob_spawner/);
  });
});

describe('a 1.16.4 WorldEdit file with two single chests side by side', () => {
  test('they place single, as ChestBlock keeps them, and compare at 100%', async () => {
    const chest = 'minecraft:chest[facing=north,type=single,waterlogged=false]';
    const palette = ['minecraft:air', 'minecraft:stone', chest];
    // 2×2×1: stone under two chests facing north, x 0 and 1
    const size = { x: 2, y: 2, z: 1 };
    writeFileSync(
      join(c.structures.dir, 'chests-1164.schem'),
      worldEditV2(palette, [1, 1, 2, 2], size, 2584, [
        { pos: [0, 1, 0], id: 'minecraft:chest' },
        { pos: [1, 1, 0], id: 'minecraft:chest' },
      ]),
    );
    const { contents } = await c.client.readResource({ uri: 'mcbridge://structure-files/chests-1164.schem' });
    const summary = JSON.parse((contents[0] as { text: string }).text) as {
      palette: string[];
      upgrade: { writtenIn: string; changes: unknown[] };
    };
    expect(summary.upgrade.writtenIn).toBe('1.16.4 (DataVersion 2584)');
    expect(summary.palette).toContain(chest);
    expect(summary.palette.join(' ')).not.toMatch(/type=(left|right)/);

    const where = at(6, 0, -10);
    const placed = await placedWithNothingRefused('chests-1164.schem', where);
    expect(text(placed)).not.toMatch(/ChestBlock/);
    const world = await readBack(where, size);
    expect(world.get('0 1 0')).toBe(chest);
    expect(world.get('1 1 0')).toBe(chest);
    const compared = await c.call('compare_structure', { file: 'chests-1164.schem', origin: where });
    const out = compared.structuredContent as unknown as Comparison;
    expect(out.differences, text(compared)).toEqual([]);
    expect(out.score).toBe(100);
  });
});
