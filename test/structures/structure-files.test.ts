/**
 * Structure files through the real MCP client on the embedded world: a .schem written by another tool
 * (prismarine-schematic) is placed and compares at 100%; a block broken afterwards is found and its fix
 * restores 100%; .nbt and .litematic round-trip through save and place; block entities are placed with
 * their data; unknown blocks are reported per block; bad files and paths are refused and change nothing.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
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
  nextOffset?: number;
  unknownBlocks?: { count: number; blocks: Array<Pos & { state: string }> };
}

let c: TestCompanion;
let o: Pos;
beforeAll(async () => {
  // `data get block` reads back the block entity a file placed
  const safety = parseSafetyConfig({ allow: [...defaultSafetyConfig.allow, 'data'] }, 'test config');
  c = await startCompanion({ username: 'Planner', safety });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const text = (r: CallToolResult) => (r.content[0] as { text: string }).text;
const at = (dx: number, dy: number, dz: number): Pos => ({ x: o.x + dx, y: o.y + dy, z: o.z + dz });
const compare = async (args: Record<string, unknown>) => {
  const r = await c.call('compare_structure', args);
  expect(r.isError, text(r)).toBeFalsy();
  return { out: r.structuredContent as unknown as Comparison, first: text(r).split('\n')[0]! };
};
const placeOk = async (args: Record<string, unknown>) => {
  const r = await c.call('place_structure', args);
  expect(r.isError, text(r)).toBeFalsy();
  return r;
};
const read = async (from: Pos, to: Pos) =>
  (await c.call('get_blocks_in_area', { from, to, includeAir: true }))
    .structuredContent as unknown as EncodedArea;

/** A 4×3×4 hut written by prismarine-schematic (Sponge v2), an independent writer. */
async function writeHutWithPrismarineSchematic(path: string): Promise<void> {
  const { Schematic } = require('prismarine-schematic') as {
    Schematic: new (...args: unknown[]) => { write(): Promise<Buffer> };
  };
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => unknown };
  const data = require('minecraft-data')('1.21.4') as {
    blocksByName: Record<string, { defaultState: number }>;
  };
  const states = ['air', 'stone', 'oak_planks', 'glass'].map((n) => data.blocksByName[n]!.defaultState);
  const blocks: number[] = [];
  for (let y = 0; y < 3; y++)
    for (let z = 0; z < 4; z++)
      for (let x = 0; x < 4; x++) {
        const wall = x === 0 || x === 3 || z === 0 || z === 3;
        blocks.push(y === 0 ? 1 : !wall ? 0 : y === 1 && x === 0 && z === 1 ? 3 : 2);
      }
  const schematic = new Schematic('1.21.4', new Vec3(4, 3, 4), new Vec3(0, 0, 0), states, blocks);
  writeFileSync(path, await schematic.write());
}

/** A Sponge v3 file assembled by hand per the specification. */
function spongeV3(
  palette: string[],
  data: number[],
  size: Pos,
  blockEntities: object[] = [],
  /** more fields of the Schematic compound (Entities, Biomes) */
  extra: Record<string, unknown> = {},
): Buffer {
  return gzipSync(
    nbt.writeUncompressed(
      nbt.comp({
        Schematic: nbt.comp({
          Version: nbt.int(3),
          DataVersion: nbt.int(4189),
          Width: nbt.short(size.x),
          Height: nbt.short(size.y),
          Length: nbt.short(size.z),
          Blocks: nbt.comp({
            Palette: nbt.comp(Object.fromEntries(palette.map((k, i) => [k, nbt.int(i)]))),
            Data: nbt.byteArray(data),
            BlockEntities: nbt.list(nbt.comp(blockEntities as never[])),
          }),
          ...extra,
        }),
      }) as never,
    ),
  );
}

describe('structure files through MCP', () => {
  test('a .schem written by prismarine-schematic is placed, compares at 100%, and a broken block is found and fixed', async () => {
    await writeHutWithPrismarineSchematic(join(c.structures.dir, 'hut.schem'));
    const placed = await placeOk({ file: 'hut.schem', origin: o });
    const results = (placed.structuredContent as { results: Array<{ status: string }> }).results;
    expect(results.filter((r) => r.status !== 'applied' && r.status !== 'rejected_by_game')).toEqual([]);

    const whole = await compare({ file: 'hut.schem', origin: o });
    expect(whole.first).toBe('the build matches the plan: 100% (48 of 48 blocks)');
    expect(whole.out).toMatchObject({ matched: 48, total: 48, score: 100, differenceCount: 0, fix: [] });

    await c.execute([`setblock ${at(1, 0, 1).x} ${o.y} ${at(1, 0, 1).z} minecraft:air`]);
    const broken = await compare({ file: 'hut.schem', origin: o });
    expect(broken.first).toBe('the build is 1 block(s) from the plan: 97.9% match (47 of 48 blocks)');
    expect(broken.out.differences).toEqual([
      { ...at(1, 0, 1), expected: 'minecraft:stone', actual: 'minecraft:air' },
    ]);
    expect(broken.out.fix).toEqual([`setblock ${o.x + 1} ${o.y} ${o.z + 1} minecraft:stone`]);

    await c.execute(broken.out.fix);
    expect((await compare({ file: 'hut.schem', origin: o })).out.score).toBe(100);
  });

  test('many differences are paged; the fix fills runs along x', async () => {
    await c.execute([`fill ${o.x} ${o.y} ${o.z} ${o.x + 3} ${o.y} ${o.z + 1} minecraft:dirt`]);
    const first = await compare({ file: 'hut.schem', origin: o, limit: 5 });
    expect(first.out.differenceCount).toBe(8);
    expect(first.out.differences).toHaveLength(5);
    expect(first.out.nextOffset).toBe(5);
    expect(first.out.fix).toEqual([
      `fill ${o.x} ${o.y} ${o.z} ${o.x + 3} ${o.y} ${o.z} minecraft:stone`,
      `setblock ${o.x} ${o.y} ${o.z + 1} minecraft:stone`,
    ]);
    const rest = await compare({ file: 'hut.schem', origin: o, offset: 5, limit: 5 });
    expect(rest.out.differences).toHaveLength(3);
    expect(rest.out.nextOffset).toBeUndefined();
    await c.execute([...first.out.fix, ...rest.out.fix]);
    expect((await compare({ file: 'hut.schem', origin: o })).out.differenceCount).toBe(0);
  });

  test.each(['.nbt', '.litematic'])(
    'a build saved as %s places elsewhere (also rotated) and compares at 100%',
    async (ext) => {
      const b = at(0, 0, 10);
      await c.execute([
        `fill ${b.x} ${b.y} ${b.z} ${b.x + 3} ${b.y + 2} ${b.z + 2} minecraft:oak_planks hollow`,
        `setblock ${b.x + 1} ${b.y + 1} ${b.z} minecraft:oak_door[facing=north,half=lower]`,
        `setblock ${b.x + 1} ${b.y + 2} ${b.z} minecraft:oak_door[facing=north,half=upper]`,
        `setblock ${b.x + 2} ${b.y + 1} ${b.z + 1} minecraft:oak_stairs[facing=east]`,
      ]);
      const file = `house${ext}`;
      const saved = await c.call('save_structure', {
        name: 'house',
        from: b,
        to: { x: b.x + 3, y: b.y + 2, z: b.z + 2 },
        file,
      });
      expect(saved.isError, text(saved)).toBeFalsy();
      expect((await compare({ file, origin: b })).out.score).toBe(100);

      const copy = at(10, 0, 10);
      await placeOk({ file, origin: copy });
      expect((await compare({ file, origin: copy })).first).toBe(
        'the build matches the plan: 100% (36 of 36 blocks)',
      );
      const turned = at(20, 0, 10);
      await placeOk({ file, origin: turned, rotation: 90 });
      expect((await compare({ file, origin: turned, rotation: 90 })).out.score).toBe(100);
      // not turned, the same place is far from the plan
      expect((await compare({ file, origin: turned })).out.score).toBeLessThan(100);
      // mirrored east/west, the door keeps facing north and its hinge changes sides
      const mirrored = at(30, 0, 10);
      await placeOk({ file, origin: mirrored, mirror: 'front_back' });
      expect((await compare({ file, origin: mirrored, mirror: 'front_back' })).out.score).toBe(100);
      const door = await read(at(32, 1, 10), at(32, 1, 10));
      expect(Object.values(door.palette)).toContain(
        'minecraft:oak_door[facing=north,half=lower,hinge=right,open=false,powered=false]',
      );
    },
  );

  test('block entity data in a file is placed with its block (a chest keeps its diamonds)', async () => {
    const file = spongeV3(['minecraft:chest[facing=north]'], [0], { x: 1, y: 1, z: 1 }, [
      {
        Pos: nbt.intArray([0, 0, 0]),
        Id: nbt.string('minecraft:chest'),
        Data: nbt.comp({
          Items: nbt.list(
            nbt.comp([{ Slot: nbt.byte(0), id: nbt.string('minecraft:diamond'), count: nbt.int(3) }]),
          ),
        }),
      },
    ]);
    writeFileSync(join(c.structures.dir, 'chest.schem'), file);
    const where = at(6, 0, 0);
    await placeOk({ file: 'chest.schem', origin: where });
    const got = await c.execute([`data get block ${where.x} ${where.y} ${where.z} Items`]);
    expect(got.results[0]!.status).toBe('applied');
    expect(got.results[0]!.summary).toMatch(/minecraft:diamond/);
  });

  test('entities and biomes in a file are named as not placed and not compared, never dropped silently', async () => {
    const pig = { Id: nbt.string('minecraft:pig'), Pos: nbt.list(nbt.double([0.5, 0, 0.5])) };
    const file = spongeV3(['minecraft:hay_block'], [0], { x: 1, y: 1, z: 1 }, [], {
      Entities: nbt.list(nbt.comp([pig, pig] as never[])),
      Biomes: nbt.comp({
        Palette: nbt.comp({ 'minecraft:plains': nbt.int(0) }),
        Data: nbt.byteArray([0]),
      }),
    });
    writeFileSync(join(c.structures.dir, 'farm.schem'), file);
    const where = at(8, 0, -6);
    const placed = await placeOk({ file: 'farm.schem', origin: where });
    expect(placed.structuredContent).toMatchObject({
      appliedCount: 1,
      leftOut: { entities: 2, biomes: true },
    });
    expect(text(placed)).toContain('The file also holds 2 entities and biomes, which were not placed');
    const r = await c.call('compare_structure', { file: 'farm.schem', origin: where });
    expect(r.structuredContent).toMatchObject({
      matched: 1,
      total: 1,
      leftOut: { entities: 2, biomes: true },
    });
    expect(text(r)).toContain('which were not compared');
    // a file with blocks only says nothing of the kind
    writeFileSync(
      join(c.structures.dir, 'bale.schem'),
      spongeV3(['minecraft:hay_block'], [0], { x: 1, y: 1, z: 1 }),
    );
    const plain = await placeOk({ file: 'bale.schem', origin: at(9, 0, -6) });
    expect(plain.structuredContent).not.toHaveProperty('leftOut');
    expect(text(plain)).not.toContain('also holds');
  });

  test('blocks the server does not know are reported per block; the rest is placed', async () => {
    writeFileSync(
      join(c.structures.dir, 'modded.schem'),
      spongeV3(['minecraft:stone', 'minecraft:not_a_block', 'othermod:gizmo'], [0, 1, 0, 2], {
        x: 4,
        y: 1,
        z: 1,
      }),
    );
    const where = at(0, 0, -6);
    const placed = await placeOk({ file: 'modded.schem', origin: where });
    const unknown = (placed.structuredContent as unknown as Comparison).unknownBlocks!;
    expect(unknown.count).toBe(2);
    expect(unknown.blocks).toEqual([
      { x: where.x + 1, y: where.y, z: where.z, state: 'minecraft:not_a_block' },
      { x: where.x + 3, y: where.y, z: where.z, state: 'othermod:gizmo' },
    ]);
    expect(text(placed)).toMatch(/2 block\(s\) the server does not know were not placed/);
    const compared = await compare({ file: 'modded.schem', origin: where });
    expect(compared.out.matched).toBe(2);
    expect(compared.out.unknownBlocks?.count).toBe(2);
    expect(compared.out.fix).toEqual([]);
  });

  test('bad paths and damaged files are refused with one clear error and change nothing', async () => {
    const where = at(0, 0, -12);
    const before = await read(where, { x: where.x + 3, y: where.y + 2, z: where.z + 3 });
    const escape = await c.call('place_structure', { file: '../../../etc/passwd.schem', origin: where });
    expect(escape.isError).toBe(true);
    expect(text(escape)).toMatch(/outside the directories structure files may come from/);

    writeFileSync(join(c.structures.dir, 'broken.schem'), Buffer.from('this is not NBT at all'));
    const broken = await c.call('place_structure', { file: 'broken.schem', origin: where });
    expect(broken.isError).toBe(true);
    expect(text(broken)).toMatch(/broken\.schem is not valid NBT.*nothing was changed/);

    const both = await c.call('compare_structure', { name: 'x', file: 'hut.schem', origin: where });
    expect(text(both)).toMatch(/either name .* or file/);
    const readOnly = await c.call('save_structure', {
      name: 'x',
      from: where,
      to: where,
      file: 'x.schematic',
    });
    expect(text(readOnly)).toMatch(/read only/);
    expect(await read(where, { x: where.x + 3, y: where.y + 2, z: where.z + 3 })).toEqual(before);
  });

  test('structure files are listed as MCP resources with a summary and a picture', async () => {
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toContain('mcbridge://structure-files/hut.schem');
    const { contents } = await c.client.readResource({ uri: 'mcbridge://structure-files/hut.schem' });
    expect(JSON.parse((contents[0] as { text: string }).text)).toMatchObject({
      file: 'hut.schem',
      format: 'Sponge schematic',
      size: { x: 4, y: 3, z: 4 },
      blocks: 40,
    });
    expect(contents[1]).toMatchObject({ mimeType: 'image/png' });
  });
});
