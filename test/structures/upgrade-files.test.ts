/**
 * Structure files from other versions, through the real MCP client on the embedded world (1.21.4): a
 * WorldEdit-style Sponge v2 file of 1.16.4 (DataVersion 2584), a pre-1.13 MCEdit .schematic with numeric
 * ids and a Litematica .litematic of 1.16.5 (two regions, negative sizes), all generated here from their documented formats (no real file with a licence that allows it in the
 * repository). Each is placed with nothing refused, read back block by block through the bot's own world
 * against a hand-written expectation of what the game reads, compared at 100%; a broken block's fix is run
 * exactly as given and compares at 100% again. Also: the answers carry the box, size, block count,
 * render_area arguments and the upgrade; list_structures names its folders and each file's version, and
 * never lists a symlink that leads out of its folder.
 */
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
  matched: number;
  total: number;
  score: number;
  differenceCount: number;
  differences: Array<Pos & { expected: string; actual: string }>;
  fix: string[];
}

let c: TestCompanion;
let o: Pos;
beforeAll(async () => {
  c = await startCompanion({ username: 'Upgrader' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const at = (dx: number, dy: number, dz: number): Pos => ({ x: o.x + dx, y: o.y + dy, z: o.z + dz });

/** every block of the box as the bot's world holds it (mineflayer's reading of the server's chunks) */
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

/** the named properties of `expected` all hold in `actual` (the rest are the block's defaults) */
const holds = (expected: string, actual: string) => {
  const [name, props = ''] = expected.replace(/\]$/, '').split('[');
  if (!actual.startsWith(name! + '[') && actual !== name) return false;
  return props
    .split(',')
    .filter(Boolean)
    .every((p) => actual.includes(p));
};

async function placeAndCheck(file: string, where: Pos, size: Pos, expected: Record<string, string>) {
  const placed = await c.call('place_structure', { file, origin: where });
  expect(placed.isError, text(placed)).toBeFalsy();
  // nothing refused: every command applied, or found the world already so (air over air)
  const answer = placed.structuredContent as { page?: { batchId: string } };
  const results: Array<{ status: string; detail?: { noChange?: boolean } }> = [];
  let offset: number | undefined = 0;
  while (answer.page && offset !== undefined) {
    const page = (await c.call('get_batch_results', { batchId: answer.page.batchId, offset }))
      .structuredContent as { results: typeof results; nextOffset?: number };
    results.push(...page.results);
    offset = page.nextOffset;
  }
  if (!answer.page) results.push(...(placed.structuredContent as { results: typeof results }).results);
  expect(results.length).toBeGreaterThan(0);
  const refused = results.filter((r) => r.status !== 'applied' && !r.detail?.noChange);
  expect(refused, text(placed)).toEqual([]);
  const world = await readBack(where, size);
  for (const [pos, state] of Object.entries(expected))
    expect(holds(state, world.get(pos)!), `${pos}: expected ${state}, read ${world.get(pos)}`).toBe(true);
  const compared = await c.call('compare_structure', { file, origin: where });
  const out = compared.structuredContent as unknown as Comparison;
  expect(out.differences, text(compared)).toEqual([]);
  expect(out.score).toBe(100);
  return { placed, compared };
}

/** A Sponge v2 schematic (root compound `Schematic`, `Palette`, varint `BlockData`) at a DataVersion. */
function spongeV2(palette: string[], data: number[], size: Pos, dataVersion: number): Buffer {
  return gzipSync(
    nbt.writeUncompressed({
      type: 'compound',
      name: 'Schematic',
      value: {
        Version: nbt.int(2),
        DataVersion: nbt.int(dataVersion),
        Width: nbt.short(size.x),
        Height: nbt.short(size.y),
        Length: nbt.short(size.z),
        PaletteMax: nbt.int(palette.length),
        Palette: nbt.comp(Object.fromEntries(palette.map((k, i) => [k, nbt.int(i)]))),
        BlockData: nbt.byteArray(data),
        BlockEntities: nbt.list(nbt.comp([] as never[])),
      },
    } as never),
  );
}

/** An MCEdit .schematic: numeric ids and 4-bit data, `(y * Length + z) * Width + x`. */
function mcedit(
  size: Pos,
  put: (set: (x: number, y: number, z: number, id: number, data?: number) => void) => void,
  /** 1.12 TileEntities: position, id and top-level fields (already nbt-typed) */
  tileEntities: Array<Pos & { id: string; fields: Record<string, unknown> }> = [],
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
        TileEntities: nbt.list(
          nbt.comp(
            tileEntities.map(({ x, y, z, id, fields }) => ({
              x: nbt.int(x),
              y: nbt.int(y),
              z: nbt.int(z),
              id: nbt.string(id),
              ...fields,
            })) as never,
          ),
        ),
      },
    } as never),
  );
}

describe('a 1.16.4 Sponge v2 file (DataVersion 2584) on 1.21.4', () => {
  test('the cauldron, grass and grass path are read as 1.21.4 reads them; nothing refused; 100%; the fix runs', async () => {
    const palette = [
      'minecraft:air',
      'minecraft:cauldron[level=0]',
      'minecraft:cauldron[level=2]',
      'minecraft:grass_path',
      'minecraft:grass',
      'minecraft:grass_block[snowy=false]',
      'minecraft:stone',
    ];
    // 3×2×1: stone, grass block, stone on the ground; cauldron, water cauldron, grass path above… and grass
    const size = { x: 4, y: 2, z: 1 };
    const data = [6, 5, 6, 3, 1, 4, 2, 0];
    writeFileSync(join(c.structures.dir, 'old-1164.schem'), spongeV2(palette, data, size, 2584));
    const where = at(0, 0, 8);
    const { placed, compared } = await placeAndCheck('old-1164.schem', where, size, {
      '0 0 0': 'minecraft:stone',
      '1 0 0': 'minecraft:grass_block',
      '3 0 0': 'minecraft:dirt_path',
      '0 1 0': 'minecraft:cauldron',
      '1 1 0': 'minecraft:short_grass',
      '2 1 0': 'minecraft:water_cauldron[level=2]',
    });
    const t = text(placed);
    expect(t).toContain('written in 1.16.4 (DataVersion 2584)');
    expect(t).toMatch(/CauldronRenameFix \(DataVersion 2679\): 2/);
    expect(t).toMatch(/grass path block to dirt path" \(DataVersion 2680\): 1/);
    expect(t).toMatch(/short_grass" \(DataVersion 3692\): 1/);
    expect(placed.structuredContent).toMatchObject({
      box: {
        from: where,
        to: { x: where.x + 3, y: where.y + 1, z: where.z },
        size: { x: 4, y: 2, z: 1 },
        blocks: 7,
      },
      upgrade: {
        writtenIn: '1.16.4 (DataVersion 2584)',
        fromDataVersion: 2584,
        toDataVersion: 4189,
        notPlaceable: [],
      },
    });
    expect(t).toContain(`render_area {"from":${JSON.stringify(where)}`);
    expect(text(compared)).toContain('the build matches the plan: 100%');
    expect(text(compared)).toContain(`Box ${where.x} ${where.y} ${where.z} to`);

    // the cauldron broken: the fix is what 1.21.4 accepts, and running it exactly as given closes the gap
    await c.execute([`setblock ${where.x} ${where.y + 1} ${where.z} minecraft:stone`]);
    const broken = await c.call('compare_structure', { file: 'old-1164.schem', origin: where });
    const out = broken.structuredContent as unknown as Comparison;
    expect(out.differences).toEqual([
      { x: where.x, y: where.y + 1, z: where.z, expected: 'minecraft:cauldron', actual: 'minecraft:stone' },
    ]);
    const fixed = await c.execute(out.fix);
    expect(fixed.results.map((r) => r.status)).toEqual(out.fix.map(() => 'applied'));
    const again = await c.call('compare_structure', { file: 'old-1164.schem', origin: where });
    expect((again.structuredContent as unknown as Comparison).score).toBe(100);
  });
});

describe('walls of a 1.16.4 Sponge v2 file under other blocks', () => {
  test('walls under a lantern, a bell and scaffolding take the game’s sides and post; 100%', async () => {
    const palette = [
      'minecraft:air',
      'minecraft:stone',
      'minecraft:cobblestone_wall[east=low,north=none,south=none,up=true,waterlogged=false,west=low]',
      'minecraft:cobblestone_wall[east=low,north=none,south=none,up=false,waterlogged=false,west=low]',
      'minecraft:scaffolding[bottom=false,distance=0,waterlogged=false]',
      'minecraft:lantern[hanging=false,waterlogged=false]',
      'minecraft:bell[attachment=floor,facing=north,powered=false]',
    ];
    // 3×2×5: three runs stone–wall–stone, apart; scaffolding, a standing lantern and a bell on their walls
    const size = { x: 3, y: 2, z: 5 };
    const ground = [1, 2, 1, 0, 0, 0, 1, 3, 1, 0, 0, 0, 1, 2, 1];
    const above = [0, 4, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 6, 0];
    writeFileSync(
      join(c.structures.dir, 'walls-1164.schem'),
      spongeV2(palette, [...ground, ...above], size, 2584),
    );
    const { placed } = await placeAndCheck('walls-1164.schem', at(4, 0, 24), size, {
      // WallBlock reads the collision of the block on top with CollisionContext.empty(), and scaffolding's
      // is empty then (ScaffoldingBlock.getCollisionShape: nobody stands above it): low sides, no post
      '1 0 0': 'minecraft:cobblestone_wall[east=low,north=none,south=none,up=false,west=low]',
      // a standing lantern (5..11) covers the post's test: WallBlock.shouldRaisePost raises it
      '1 0 2': 'minecraft:cobblestone_wall[east=low,north=none,south=none,up=true,west=low]',
      // a bell on the floor facing north spans east–west (0..16 × 4..12): tall sides, no post
      '1 0 4': 'minecraft:cobblestone_wall[east=tall,north=none,south=none,up=false,west=tall]',
    });
    const t = text(placed);
    expect(t).toMatch(/wall sides \(WallBlock.updateShape\): 3/);
    expect(placed.structuredContent).toMatchObject({ upgrade: { undecided: [] } });
  });
});

describe('a pre-1.13 MCEdit .schematic (numeric ids) on 1.21.4', () => {
  /**
   * A 5×4×5 hut: stone floor; a door (lower 64:1 facing south, upper 64:9 hinge right); two open
   * trapdoors; a fence run to a glass block; a pane column; a roof edge of stairs with two outer corners;
   * redstone wire (55, power 0) turning a corner and climbing a stone block to a wire on top of it; a note
   * block, a potted poppy, a creeper head on the floor and a red banner, each told by its block entity.
   */
  const size = { x: 5, y: 4, z: 5 };
  const file = mcedit(
    size,
    (set) => {
      for (let x = 0; x < 5; x++) for (let z = 0; z < 5; z++) set(x, 0, z, 1);
      set(2, 1, 0, 64, 1);
      set(2, 2, 0, 64, 9);
      set(0, 1, 2, 96, 4);
      set(4, 1, 2, 96, 5);
      for (const x of [1, 2, 3]) set(x, 1, 4, 85);
      set(4, 1, 4, 20);
      for (const z of [1, 2, 3]) set(4, 2, z, 102);
      set(0, 3, 0, 53, 2);
      for (const z of [1, 2, 3, 4]) set(0, 3, z, 53, 0);
      set(4, 3, 0, 53, 2);
      for (const z of [1, 2, 3, 4]) set(4, 3, z, 53, 1);
      for (const [x, z] of [
        [1, 1],
        [1, 2],
        [2, 2],
      ] as const)
        set(x, 1, z, 55);
      set(3, 1, 2, 1);
      set(3, 2, 2, 55);
      set(3, 1, 1, 25);
      set(2, 1, 3, 140);
      set(1, 1, 3, 144, 1);
      set(3, 1, 3, 176, 4);
    },
    [
      { x: 3, y: 1, z: 1, id: 'minecraft:noteblock', fields: { note: nbt.byte(7), powered: nbt.byte(0) } },
      {
        x: 2,
        y: 1,
        z: 3,
        id: 'minecraft:flower_pot',
        fields: { Item: nbt.string('minecraft:red_flower'), Data: nbt.int(0) },
      },
      { x: 1, y: 1, z: 3, id: 'minecraft:skull', fields: { SkullType: nbt.byte(4), Rot: nbt.byte(6) } },
      { x: 3, y: 1, z: 3, id: 'minecraft:banner', fields: { Base: nbt.int(1) } },
    ],
  );
  // what the game reads (hand-worked from BlockStateData, ChunkPalettedStorageFix and StairBlock.getStairsShape)
  const door = 'facing=south,hinge=right,open=false,powered=false';
  const expected: Record<string, string> = {
    '2 1 0': `minecraft:oak_door[${door},half=lower]`,
    '2 2 0': `minecraft:oak_door[${door},half=upper]`,
    '0 1 2': 'minecraft:oak_trapdoor[facing=north,half=bottom,open=true,powered=false]',
    '4 1 2': 'minecraft:oak_trapdoor[facing=south,half=bottom,open=true,powered=false]',
    '1 1 4': 'minecraft:oak_fence[east=true,north=false,south=false,west=false]',
    '2 1 4': 'minecraft:oak_fence[east=true,north=false,south=false,west=true]',
    '3 1 4': 'minecraft:oak_fence[east=true,north=false,south=false,west=true]',
    '4 1 4': 'minecraft:glass',
    '4 2 1': 'minecraft:glass_pane[east=false,north=false,south=true,west=false]',
    '4 2 2': 'minecraft:glass_pane[east=false,north=true,south=true,west=false]',
    '4 2 3': 'minecraft:glass_pane[east=false,north=true,south=false,west=false]',
    '0 3 0': 'minecraft:oak_stairs[facing=south,half=bottom,shape=outer_left]',
    '4 3 0': 'minecraft:oak_stairs[facing=south,half=bottom,shape=outer_right]',
    ...Object.fromEntries(
      [1, 2, 3, 4].flatMap((z) => [
        [`0 3 ${z}`, 'minecraft:oak_stairs[facing=east,half=bottom,shape=straight]'],
        [`4 3 ${z}`, 'minecraft:oak_stairs[facing=west,half=bottom,shape=straight]'],
      ]),
    ),
    // RedStoneWireBlock: a wire with only a north–south neighbour runs north–south; the corner; the climb
    // (`up`: the stone's west face is sturdy); the wire on the stone reaches down to the one below it, and
    // runs on through east (the line rule), though nothing is there
    '1 1 1': 'minecraft:redstone_wire[east=none,north=side,power=0,south=side,west=none]',
    '1 1 2': 'minecraft:redstone_wire[east=side,north=side,power=0,south=none,west=none]',
    '2 1 2': 'minecraft:redstone_wire[east=up,north=none,power=0,south=none,west=side]',
    '3 2 2': 'minecraft:redstone_wire[east=side,north=none,power=0,south=none,west=side]',
    // ChunkPalettedStorageFix from the block entities
    // NoteBlock.setInstrument: the stone floor below
    '3 1 1': 'minecraft:note_block[instrument=basedrum,note=7,powered=false]',
    '2 1 3': 'minecraft:potted_poppy',
    '1 1 3': 'minecraft:creeper_head[rotation=6]',
    '3 1 3': 'minecraft:red_banner[rotation=4]',
    '1 3 1': 'minecraft:air',
    '0 0 0': 'minecraft:stone',
  };

  test('placed with nothing refused; doors, trapdoors, fences, panes and the stair roof read back as the game reads them; 100%', async () => {
    writeFileSync(join(c.structures.dir, 'hut-1.12.schematic'), file);
    const where = at(-8, 0, 8);
    const { placed } = await placeAndCheck('hut-1.12.schematic', where, size, expected);
    const t = text(placed);
    expect(t).toContain('written in before 1.13 (MCEdit schematic: numeric ids, no DataVersion)');
    expect(t).toMatch(/door halves \(ChunkPalettedStorageFix\): 1/);
    expect(t).toMatch(/stairs shape \(StairBlock.getStairsShape\): 2/);
    expect(t).toMatch(/fence sides \(FenceBlock.connectsTo\): 3/);
    expect(t).toMatch(/pane and bar sides \(IronBarsBlock.attachsTo\): 3/);
    expect(t).toMatch(/redstone wire sides \(RedStoneWireBlock.getConnectionState\): 4/);
    for (const fill of ['note blocks', 'flower pots', 'skulls', 'banner colours'])
      expect(t).toMatch(new RegExp(`${fill} \\(ChunkPalettedStorageFix\\): 1`));
  });

  test('a broken stair corner and door are found; every fix is accepted and the compare returns to 100%', async () => {
    const where = at(-8, 0, 8);
    await c.execute([
      `setblock ${where.x} ${where.y + 3} ${where.z} minecraft:oak_stairs[facing=south,shape=straight]`,
      `setblock ${where.x + 2} ${where.y + 2} ${where.z} minecraft:air`,
    ]);
    const r = await c.call('compare_structure', { file: 'hut-1.12.schematic', origin: where });
    const out = r.structuredContent as unknown as Comparison;
    // the stair, and both door halves: the lower half goes with its upper half (DoorBlock.updateShape)
    expect(out.differenceCount).toBe(3);
    const fixed = await c.execute(out.fix);
    expect(
      fixed.results.map((x) => x.status),
      JSON.stringify(fixed.results),
    ).toEqual(out.fix.map(() => 'applied'));
    const again = await c.call('compare_structure', { file: 'hut-1.12.schematic', origin: where });
    expect((again.structuredContent as unknown as Comparison).score, text(again)).toBe(100);
  });
});

/**
 * A .litematic as Litematica writes it (LitematicaSchematic / LitematicaBitArray, schematic Version 5 of
 * Minecraft 1.16): `MinecraftDataVersion`, `Metadata`, `Regions` each with `Position`, `Size` (negative on an
 * axis when the selection was made from the other corner), `BlockStatePalette` (air first) and
 * `BlockStates`: palette indices in max(2, ⌈log2 n⌉) bits, x fastest then z then y from the region's minimum
 * corner, packed across signed 64-bit longs without padding. Written here from that description, with its own
 * packer.
 */
function litematica(
  dataVersion: number,
  regions: Record<string, { position: Pos; size: Pos; blocks: Map<string, string> }>,
): Buffer {
  const int = (v: number) => nbt.int(v);
  const xyz = (p: Pos) => nbt.comp({ x: int(p.x), y: int(p.y), z: int(p.z) });
  const encoded: Record<string, unknown> = {};
  let volume = 0;
  let solid = 0;
  for (const [name, r] of Object.entries(regions)) {
    const [ax, ay, az] = [Math.abs(r.size.x), Math.abs(r.size.y), Math.abs(r.size.z)];
    volume += ax * ay * az;
    const palette = ['minecraft:air'];
    const indices: number[] = [];
    for (let y = 0; y < ay; y++)
      for (let z = 0; z < az; z++)
        for (let x = 0; x < ax; x++) {
          const key = r.blocks.get(`${x} ${y} ${z}`) ?? 'minecraft:air';
          if (key !== 'minecraft:air') solid++;
          if (!palette.includes(key)) palette.push(key);
          indices.push(palette.indexOf(key));
        }
    let bits = 2;
    while (1 << bits < palette.length) bits++;
    const words = new Array<bigint>(Math.ceil((indices.length * bits) / 64)).fill(0n);
    indices.forEach((v, i) => {
      for (let b = 0; b < bits; b++)
        if ((v >> b) & 1) {
          const bit = i * bits + b;
          words[Math.floor(bit / 64)]! |= 1n << BigInt(bit % 64);
        }
    });
    const longs = words.map((w) => {
      const signed = BigInt.asIntN(64, w);
      return [Number(BigInt.asIntN(32, signed >> 32n)), Number(BigInt.asIntN(32, signed))];
    });
    encoded[name] = nbt.comp({
      Position: xyz(r.position),
      Size: xyz(r.size),
      BlockStatePalette: nbt.list(
        nbt.comp(
          palette.map((key) => {
            const [n, props = ''] = key.replace(/\]$/, '').split('[');
            const properties = Object.fromEntries(
              props
                .split(',')
                .filter(Boolean)
                .map((kv) => kv.split('='))
                .map(([k, v]) => [k!, nbt.string(v!)]),
            );
            return props
              ? { Name: nbt.string(n!), Properties: nbt.comp(properties) }
              : { Name: nbt.string(n!) };
          }) as never,
        ),
      ),
      BlockStates: { type: 'longArray', value: longs },
      TileEntities: nbt.list(nbt.comp([] as never[])),
      Entities: nbt.list(nbt.comp([] as never[])),
      PendingBlockTicks: nbt.list(nbt.comp([] as never[])),
      PendingFluidTicks: nbt.list(nbt.comp([] as never[])),
    });
  }
  return gzipSync(
    nbt.writeUncompressed({
      type: 'compound',
      name: '',
      value: {
        Version: int(5),
        MinecraftDataVersion: int(dataVersion),
        Metadata: nbt.comp({
          Name: nbt.string('shed'),
          Author: nbt.string('someone'),
          Description: nbt.string(''),
          RegionCount: int(Object.keys(regions).length),
          TotalVolume: int(volume),
          TotalBlocks: int(solid),
          TimeCreated: nbt.long([0, 1_600_000_000]),
          TimeModified: nbt.long([0, 1_600_000_000]),
          EnclosingSize: xyz({ x: 4, y: 2, z: 5 }),
        }),
        Regions: nbt.comp(encoded as never),
      },
    } as never),
  );
}

describe('note blocks of a pre-1.13 MCEdit .schematic on 1.21.4', () => {
  /**
   * A row of note blocks (25), each over another block: stone, sand, glass, planks, a gold block, wool,
   * clay, dirt and a zombie head; a skeleton skull stands on the first. Pre-1.13 data holds no instrument:
   * the game sets it in NoteBlock.updateShape from the head above or the block below (Blocks.java's
   * `instrument(…)`), harp over a head.
   */
  const size = { x: 9, y: 3, z: 1 };
  const below = [1, 12, 20, 5, 41, 35, 82, 3, 144];
  const file = mcedit(
    size,
    (set) => {
      below.forEach((id, x) => set(x, 0, 0, id, id === 144 ? 1 : 0));
      for (let x = 0; x < 9; x++) set(x, 1, 0, 25);
      set(0, 2, 0, 144, 1);
    },
    [
      ...Array.from({ length: 9 }, (_, x) => ({
        x,
        y: 1,
        z: 0,
        id: 'minecraft:noteblock',
        fields: { note: nbt.byte(x + 3), powered: nbt.byte(0) },
      })),
      { x: 0, y: 2, z: 0, id: 'minecraft:skull', fields: { SkullType: nbt.byte(0), Rot: nbt.byte(0) } },
      { x: 8, y: 0, z: 0, id: 'minecraft:skull', fields: { SkullType: nbt.byte(2), Rot: nbt.byte(0) } },
    ],
  );
  const instruments = ['skeleton', 'snare', 'hat', 'bass', 'bell', 'guitar', 'flute', 'harp', 'harp'];
  const expected: Record<string, string> = {
    ...Object.fromEntries(
      instruments.map((instrument, x) => [
        `${x} 1 0`,
        `minecraft:note_block[instrument=${instrument},note=${x + 3},powered=false]`,
      ]),
    ),
    '0 2 0': 'minecraft:skeleton_skull[rotation=0]',
    '8 0 0': 'minecraft:zombie_head[rotation=0]',
    '4 0 0': 'minecraft:gold_block',
  };

  test('each reads back with the instrument the game gives it (the head above, else the block below); 100%', async () => {
    writeFileSync(join(c.structures.dir, 'band-1.12.schematic'), file);
    const { placed } = await placeAndCheck('band-1.12.schematic', at(-8, 0, 24), size, expected);
    expect(text(placed)).toMatch(/note block instrument \(NoteBlock.setInstrument\): 9/);
  });
});

describe('a .litematic of 1.16.5 (MinecraftDataVersion 2586) written as Litematica writes it', () => {
  /**
   * Two regions. `house` was selected from its east corner (Size x = -4): box x 0..3, y 0..1, z 0..2, a
   * stone floor with a grass path, an empty cauldron (1.16's `cauldron[level=0]`), a filled one, and stairs
   * in the shapes 1.16 gave them (an outer corner). `yard` has negative y and z: box x 1..2, y 0..1, z 3..4,
   * grass blocks with 1.16's `grass` on one.
   */
  const stair = (f: string, shape: string) =>
    `minecraft:oak_stairs[facing=${f},half=bottom,shape=${shape},waterlogged=false]`;
  const house = new Map<string, string>();
  for (let x = 0; x < 4; x++) for (let z = 0; z < 3; z++) house.set(`${x} 0 ${z}`, 'minecraft:stone');
  house.set('2 0 1', 'minecraft:grass_path');
  house.set('0 1 0', 'minecraft:cauldron[level=0]');
  house.set('3 1 0', 'minecraft:cauldron[level=2]');
  house.set('1 1 1', stair('west', 'straight'));
  house.set('1 1 2', stair('north', 'outer_left'));
  const yard = new Map<string, string>([
    ['0 0 0', 'minecraft:grass_block[snowy=false]'],
    ['1 0 0', 'minecraft:grass_block[snowy=false]'],
    ['0 0 1', 'minecraft:grass_block[snowy=false]'],
    ['1 0 1', 'minecraft:grass_block[snowy=false]'],
    ['0 1 0', 'minecraft:grass'],
  ]);
  const file = litematica(2586, {
    house: { position: { x: 3, y: 0, z: 0 }, size: { x: -4, y: 2, z: 3 }, blocks: house },
    yard: { position: { x: 1, y: 1, z: 4 }, size: { x: 2, y: -2, z: -2 }, blocks: yard },
  });
  // the merged box x 0..3, y 0..1, z 0..4 from its minimum corner, as 1.21.4 reads each block
  const size = { x: 4, y: 2, z: 5 };
  const expected: Record<string, string> = {
    '0 0 0': 'minecraft:stone',
    '3 0 2': 'minecraft:stone',
    '2 0 1': 'minecraft:dirt_path',
    '0 1 0': 'minecraft:cauldron',
    '3 1 0': 'minecraft:water_cauldron[level=2]',
    '1 1 1': 'minecraft:oak_stairs[facing=west,half=bottom,shape=straight]',
    '1 1 2': 'minecraft:oak_stairs[facing=north,half=bottom,shape=outer_left]',
    '2 1 1': 'minecraft:air',
    '1 0 3': 'minecraft:grass_block',
    '2 0 4': 'minecraft:grass_block',
    '1 1 3': 'minecraft:short_grass',
    '2 1 4': 'minecraft:air',
    '0 0 3': 'minecraft:air',
    '3 0 4': 'minecraft:air',
  };

  test('placed with nothing refused; the cauldrons, path, grass and stairs read back as 1.21.4 reads them; 100%', async () => {
    writeFileSync(join(c.structures.dir, 'shed-1.16.5.litematic'), file);
    const where = at(-16, 0, 8);
    const { placed } = await placeAndCheck('shed-1.16.5.litematic', where, size, expected);
    const t = text(placed);
    expect(t).toContain('1.16.5 (DataVersion 2586)');
    expect(t).toMatch(/CauldronRenameFix[^\n]*: 2/);
    const upgrade = (placed.structuredContent as { upgrade: { notPlaceable: unknown[]; changes: unknown[] } })
      .upgrade;
    expect(upgrade.notPlaceable, 'nothing the server cannot hold').toEqual([]);
  });
});

describe('files newer than the server', () => {
  test('a 1.21.11 file: iron_chain goes back to chain; a block 1.21.4 lacks is named, never dropped silently', async () => {
    const palette = [
      'minecraft:iron_chain[axis=y,waterlogged=false]',
      'minecraft:copper_chest[facing=north,type=single,waterlogged=false]',
    ];
    writeFileSync(
      join(c.structures.dir, 'new-12111.schem'),
      spongeV2(palette, [0, 1], { x: 2, y: 1, z: 1 }, 4671),
    );
    const where = at(-8, 0, 16);
    const placed = await c.call('place_structure', { file: 'new-12111.schem', origin: where });
    const t = text(placed);
    expect(t).toContain('written in 1.21.11 (DataVersion 4671)');
    expect(t).toMatch(/Rename chain to iron_chain" \(back before DataVersion 4541\): 1/);
    expect(t).toContain('1.21.4 has no block minecraft:copper_chest');
    const world = await readBack(where, { x: 1, y: 1, z: 1 });
    expect(world.get('0 0 0')).toMatch(/^minecraft:chain\[/);
    const compared = await c.call('compare_structure', { file: 'new-12111.schem', origin: where });
    const out = compared.structuredContent as unknown as Comparison;
    expect(out.differences.map((d) => d.expected)).toEqual([
      'minecraft:copper_chest[facing=north,type=single,waterlogged=false]',
    ]);
    expect(out.fix).toEqual([]);
    expect(text(compared)).toContain(
      'cannot be matched on 1.21.4, which has no such block, so they have no fix',
    );
  });
});

describe('vanilla templates of 1.21.11 (.nbt, DataVersion 4671) on 1.21.4', () => {
  test('states both versions share read back as the file has them; shapes are the game’s, as placing gives them', async () => {
    // a corner of a village house as StructureTemplate.save writes it: palette of {Name, Properties}
    const palette = [
      { Name: 'minecraft:cobblestone' },
      {
        Name: 'minecraft:oak_stairs',
        Properties: { facing: 'south', half: 'bottom', shape: 'outer_right', waterlogged: 'false' },
      },
      {
        Name: 'minecraft:oak_fence',
        Properties: { east: 'true', north: 'false', south: 'false', west: 'false', waterlogged: 'false' },
      },
      {
        Name: 'minecraft:spruce_door',
        Properties: { facing: 'west', half: 'lower', hinge: 'left', open: 'false', powered: 'false' },
      },
      {
        Name: 'minecraft:spruce_door',
        Properties: { facing: 'west', half: 'upper', hinge: 'left', open: 'false', powered: 'false' },
      },
    ];
    const blocks = [
      { state: 0, pos: [0, 0, 0] },
      { state: 0, pos: [1, 0, 0] },
      { state: 1, pos: [0, 1, 0] },
      { state: 2, pos: [1, 1, 0] },
      { state: 3, pos: [2, 0, 0] },
      { state: 4, pos: [2, 1, 0] },
    ];
    const file = gzipSync(
      nbt.writeUncompressed({
        type: 'compound',
        name: '',
        value: {
          DataVersion: nbt.int(4671),
          size: nbt.list(nbt.int([3, 2, 1])),
          palette: nbt.list(
            nbt.comp(
              palette.map((p) => ({
                Name: nbt.string(p.Name),
                ...(p.Properties
                  ? {
                      Properties: nbt.comp(
                        Object.fromEntries(Object.entries(p.Properties).map(([k, v]) => [k, nbt.string(v)])),
                      ),
                    }
                  : {}),
              })) as never[],
            ),
          ),
          blocks: nbt.list(
            nbt.comp(
              blocks.map((b) => ({ state: nbt.int(b.state), pos: nbt.list(nbt.int(b.pos)) })) as never[],
            ),
          ),
          entities: nbt.list(nbt.comp([] as never[])),
        },
      } as never),
    );
    writeFileSync(join(c.structures.dir, 'house-corner.nbt'), file);
    const where = at(-14, 0, 8);
    const { placed } = await placeAndCheck(
      'house-corner.nbt',
      where,
      { x: 3, y: 2, z: 1 },
      {
        // a lone stair is straight and the fence does not join the door's open side, as updateShape gives
        // them once placed (StairBlock.getStairsShape; FenceBlock.connectsTo: the door's west face is empty)
        '0 1 0': 'minecraft:oak_stairs[facing=south,half=bottom,shape=straight]',
        '1 1 0': 'minecraft:oak_fence[east=false,north=false,south=false,west=false]',
        '2 0 0': 'minecraft:spruce_door[facing=west,half=lower,hinge=left]',
        '2 1 0': 'minecraft:spruce_door[facing=west,half=upper,hinge=left]',
      },
    );
    const t = text(placed);
    expect(t).toContain('The file was written in 1.21.11 (DataVersion 4671)');
    expect(t).toMatch(/stairs shape \(StairBlock.getStairsShape\): 1/);
    expect(t).toMatch(/fence sides \(FenceBlock.connectsTo\): 1/);
  });
});

describe('list_structures', () => {
  test('names its folders and each file’s format, size, blocks and version; a symlink out of the folder is not listed', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'mcbridge-outside-'));
    writeFileSync(
      join(outside, 'secret.schem'),
      spongeV2(['minecraft:stone'], [0], { x: 1, y: 1, z: 1 }, 4189),
    );
    symlinkSync(join(outside, 'secret.schem'), join(c.structures.dir, 'leak.schem'));
    writeFileSync(
      join(c.structures.dir, 'inner.schem'),
      spongeV2(['minecraft:stone'], [0], { x: 1, y: 1, z: 1 }, 2584),
    );
    symlinkSync(join(c.structures.dir, 'inner.schem'), join(c.structures.dir, 'alias.schem'));
    const r = await c.call('list_structures', {});
    const t = text(r);
    expect(t).toContain(`structure files are read from ${c.structures.dir}`);
    expect(t).not.toContain('leak.schem');
    expect(t).not.toContain('secret');
    expect(t).toContain('file alias.schem (Sponge schematic');
    expect(t).toContain('file hut-1.12.schematic (MCEdit schematic');
    expect(t).toMatch(
      /hut-1\.12\.schematic \(MCEdit schematic, \d+ bytes\): 5×4×5, 55 blocks, written in before 1\.13/,
    );
    expect(t).toMatch(
      /old-1164\.schem \(Sponge schematic, \d+ bytes\): 4×2×1, 7 blocks, written in 1\.16\.4 \(DataVersion 2584\)/,
    );
    const files = (r.structuredContent as { files: Array<{ file: string }> }).files.map((f) => f.file);
    expect(files).not.toContain('leak.schem');
    expect(files).toContain('alias.schem');
  });
});
