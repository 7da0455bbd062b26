/**
 * Structure file formats read what other tools write (prismarine-schematic's Sponge v2 writer; NBT
 * assembled by hand per the Sponge v3, MCEdit, vanilla and Litematica layouts) and round-trip what we write;
 * damaged files and paths outside the allowed directories are refused with one clear error.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { parseCompanionConfig } from '../../src/config/load.js';
import { placeCommands } from '../../src/structures/capture.js';
import { StructureFiles, MAX_FILE_BYTES } from '../../src/structures/files.js';
import { decodeStructure, encodeStructure } from '../../src/structures/formats/index.js';
import { packStates, unpackStates } from '../../src/structures/formats/litematic.js';
import { MAX_NBT_BYTES } from '../../src/structures/formats/nbt-file.js';
import { toSnbt } from '../../src/structures/formats/snbt.js';
import { STRUCTURE_VOID, type Structure } from '../../src/structures/store.js';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as typeof import('prismarine-nbt');

const gz = (root: unknown) =>
  gzipSync(nbt.writeUncompressed(root as Parameters<typeof nbt.writeUncompressed>[0]));
const keyAt = (s: Structure, x: number, y: number, z: number) =>
  s.palette[s.blocks[(y * s.size.z + z) * s.size.x + x]!];

describe('Sponge .schem', () => {
  test('a v2 file written by prismarine-schematic reads back block for block', async () => {
    const { Schematic } = require('prismarine-schematic') as {
      Schematic: new (...args: unknown[]) => { write(): Promise<Buffer> };
    };
    const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => unknown };
    const mcData = require('minecraft-data')('1.21.4') as {
      blocksByName: Record<string, { defaultState: number; minStateId: number }>;
    };
    const stone = mcData.blocksByName['stone']!.defaultState;
    const air = mcData.blocksByName['air']!.defaultState;
    const log = mcData.blocksByName['oak_log']!.minStateId; // axis=x
    // 3×2×2, x fastest then z then y
    const blocks = [1, 0, 2, 1, 1, 1, 0, 0, 2, 0, 1, 0];
    const schem = new Schematic('1.21.4', new Vec3(3, 2, 2), new Vec3(0, 0, 0), [air, stone, log], blocks);
    const s = decodeStructure(await schem.write(), '.schem', 'fixture.schem', 'fixture');
    expect(s.size).toEqual({ x: 3, y: 2, z: 2 });
    expect(keyAt(s, 0, 0, 0)).toBe('minecraft:stone');
    expect(keyAt(s, 1, 0, 0)).toBe('minecraft:air');
    expect(keyAt(s, 2, 0, 0)).toBe('minecraft:oak_log[axis=x]');
    expect(keyAt(s, 2, 1, 0)).toBe('minecraft:oak_log[axis=x]');
    expect(keyAt(s, 1, 1, 1)).toBe('minecraft:stone');
  });

  test('a v3 file assembled per the spec carries its sign text into the setblock command', () => {
    const file = gz(
      nbt.comp({
        Schematic: nbt.comp({
          Version: nbt.int(3),
          DataVersion: nbt.int(4189),
          Width: nbt.short(2),
          Height: nbt.short(1),
          Length: nbt.short(1),
          Blocks: nbt.comp({
            Palette: nbt.comp({
              'minecraft:oak_sign[rotation=0]': nbt.int(0),
              'minecraft:stone': nbt.int(1),
            }),
            Data: nbt.byteArray([0, 1]),
            BlockEntities: nbt.list(
              nbt.comp([
                {
                  Pos: nbt.intArray([0, 0, 0]),
                  Id: nbt.string('minecraft:sign'),
                  Data: nbt.comp({
                    front_text: nbt.comp({
                      messages: nbt.list(nbt.string(['"hi"', '""', '""', '""'])),
                    }),
                  }),
                },
              ]),
            ),
          }),
        }),
      }),
    );
    const s = decodeStructure(file, '.schem', 'sign.schem', 'sign');
    expect(s.blockEntities).toHaveLength(1);
    const commands = placeCommands(s, { x: 10, y: 64, z: 10 });
    expect(commands).toEqual([
      'setblock 10 64 10 minecraft:oak_sign[rotation=0]{front_text:{messages:["\\"hi\\"","\\"\\"","\\"\\"","\\"\\""]}}',
      'setblock 11 64 10 minecraft:stone',
    ]);
  });

  test('what we write (v3) reads back equal, block entities included', () => {
    const s = sample();
    const back = decodeStructure(encodeStructure(s, '.schem'), '.schem', 'x.schem', 'x');
    expect(back.palette).toEqual(s.palette);
    expect(back.blocks).toEqual(s.blocks);
    expect(back.blockEntities?.map((e) => [e.pos, e.id, toSnbt(e.nbt as never)])).toEqual([
      [[1, 0, 0], 'minecraft:chest', '{Items:[{Slot:0b,id:"minecraft:diamond",count:3}]}'],
    ]);
  });
});

describe('vanilla .nbt and .litematic', () => {
  test.each(['.nbt', '.litematic'] as const)(
    '%s round-trips blocks, block entities and structure void',
    (ext) => {
      const s = sample();
      const back = decodeStructure(encodeStructure(s, ext), ext, `x${ext}`, 'x');
      expect(back.size).toEqual(s.size);
      for (let y = 0; y < s.size.y; y++)
        for (let z = 0; z < s.size.z; z++)
          for (let x = 0; x < s.size.x; x++) {
            const want = keyAt(s, x, y, z);
            // Litematica has no structure void: it keeps air there
            expect(keyAt(back, x, y, z)).toBe(
              ext === '.litematic' && want === STRUCTURE_VOID ? 'minecraft:air' : want,
            );
          }
      expect(back.blockEntities?.map((e) => [e.pos, e.id, toSnbt(e.nbt as never)])).toEqual(
        s.blockEntities?.map((e) => [e.pos, e.id, toSnbt(e.nbt as never)]),
      );
    },
  );

  test('Litematica bit packing crosses long boundaries (5 bits: entry 12 spans longs 0 and 1)', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i * 7) % 32);
    const longs = packStates(values, 5).map((l) => BigInt.asUintN(64, l));
    expect(longs).toHaveLength(Math.ceil((100 * 5) / 64));
    expect(unpackStates(longs, 100, 5)).toEqual(values);
  });

  test('a litematic region with a negative size is placed from its minimum corner', () => {
    const longs = packStates([1, 0], 2);
    const file = gz(
      nbt.comp({
        Version: nbt.int(6),
        MinecraftDataVersion: nbt.int(3700),
        Regions: nbt.comp({
          r: nbt.comp({
            Position: nbt.comp({ x: nbt.int(5), y: nbt.int(0), z: nbt.int(0) }),
            Size: nbt.comp({ x: nbt.int(-2), y: nbt.int(1), z: nbt.int(1) }),
            BlockStatePalette: nbt.list(
              nbt.comp([{ Name: nbt.string('minecraft:air') }, { Name: nbt.string('minecraft:gold_block') }]),
            ),
            BlockStates: nbt.longArray(longs),
          }),
        }),
      }),
    );
    const s = decodeStructure(file, '.litematic', 'neg.litematic', 'neg');
    expect(s.size).toEqual({ x: 2, y: 1, z: 1 });
    expect(keyAt(s, 0, 0, 0)).toBe('minecraft:gold_block');
    expect(keyAt(s, 1, 0, 0)).toBe('minecraft:air');
  });
  test('two litematic regions merge into their enclosing box; tile entities move with their region', () => {
    const region = (x: number, block: string, entities: object[] = []) =>
      nbt.comp({
        Position: nbt.comp({ x: nbt.int(x), y: nbt.int(10), z: nbt.int(0) }),
        Size: nbt.comp({ x: nbt.int(1), y: nbt.int(1), z: nbt.int(1) }),
        BlockStatePalette: nbt.list(
          nbt.comp([{ Name: nbt.string('minecraft:air') }, { Name: nbt.string(block) }]),
        ),
        BlockStates: nbt.longArray(packStates([1], 2)),
        TileEntities: nbt.list(nbt.comp(entities as never[])),
      });
    const file = gz(
      nbt.comp({
        Version: nbt.int(7),
        Regions: nbt.comp({
          a: region(2, 'minecraft:stone'),
          b: region(4, 'minecraft:barrel[facing=up,open=false]', [
            { x: nbt.int(0), y: nbt.int(0), z: nbt.int(0), id: nbt.string('minecraft:barrel') },
          ]),
        }),
      }),
    );
    const s = decodeStructure(file, '.litematic', 'two.litematic', 'two');
    expect(s.size).toEqual({ x: 3, y: 1, z: 1 });
    expect([0, 1, 2].map((x) => keyAt(s, x, 0, 0))).toEqual([
      'minecraft:stone',
      STRUCTURE_VOID,
      'minecraft:barrel[facing=up,open=false]',
    ]);
    expect(s.blockEntities?.map((e) => e.pos)).toEqual([[2, 0, 0]]);
  });

  test('a vanilla file with several palettes (random variants) is read with its first', () => {
    const palette = (name: string) => ({ type: 'compound', value: [{ Name: nbt.string(name) }] });
    const file = gz(
      nbt.comp({
        DataVersion: nbt.int(4189),
        size: nbt.list(nbt.int([1, 1, 1])),
        palettes: {
          type: 'list',
          value: { type: 'list', value: [palette('minecraft:stone'), palette('minecraft:dirt')] },
        },
        blocks: nbt.list(nbt.comp([{ state: nbt.int(0), pos: nbt.list(nbt.int([0, 0, 0])) }])),
      } as never),
    );
    expect(keyAt(decodeStructure(file, '.nbt', 'v.nbt', 'v'), 0, 0, 0)).toBe('minecraft:stone');
  });

  test('a 26.3 file names its states `id` and `properties` (BlockStateFieldNamesFix, 5006): read and written so', () => {
    const file = gz(
      nbt.comp({
        DataVersion: nbt.int(5023),
        size: nbt.list(nbt.int([1, 1, 1])),
        palette: nbt.list(
          nbt.comp([
            {
              id: nbt.string('minecraft:oak_stairs'),
              properties: nbt.comp({ facing: nbt.string('east'), half: nbt.string('top') }),
            },
          ]),
        ),
        blocks: nbt.list(nbt.comp([{ state: nbt.int(0), pos: nbt.list(nbt.int([0, 0, 0])) }])),
      } as never),
    );
    const read = decodeStructure(file, '.nbt', 'n.nbt', 'n');
    expect(keyAt(read, 0, 0, 0)).toBe('minecraft:oak_stairs[facing=east,half=top]');
    expect(read.dataVersion).toBe(5023);
    const entry = (dataVersion: number) => {
      const root = nbt.parseUncompressed(
        gunzipSync(encodeStructure(read, '.nbt', dataVersion)),
      ) as unknown as {
        value: { palette: { value: { value: Array<Record<string, unknown>> } } };
      };
      return Object.keys(root.value.palette.value.value[0]!).sort();
    };
    expect(entry(5023)).toEqual(['id', 'properties']);
    expect(entry(4189)).toEqual(['Name', 'Properties']);
  });
});

describe('MCEdit .schematic (read only)', () => {
  test('numeric ids become states through the legacy table; an unknown id is kept and named', () => {
    const file = gz(
      nbt.comp({
        Width: nbt.short(3),
        Height: nbt.short(1),
        Length: nbt.short(1),
        Materials: nbt.string('Alpha'),
        Blocks: nbt.byteArray([1, 35, -3]),
        Data: nbt.byteArray([0, 14, 0]),
      }),
    );
    const s = decodeStructure(file, '.schematic', 'old.schematic', 'old');
    expect(keyAt(s, 0, 0, 0)).toBe('minecraft:stone');
    expect(keyAt(s, 1, 0, 0)).toBe('minecraft:red_wool');
    expect(keyAt(s, 2, 0, 0)).toBe('mcedit:unknown_253_0');
    expect(() => encodeStructure(s, '.schematic')).toThrow(/read only/);
  });
});

describe('damaged files', () => {
  test.each([
    ['not gzip, not NBT', Buffer.from('hello, this is not a schematic'), /not valid NBT/],
    ['a gzip that is not NBT', gzipSync(Buffer.from('nope')), /not valid NBT/],
    ['NBT of another shape', gz(nbt.comp({ Hello: nbt.string('x') })), /"Width" is missing/],
    [
      'a block index past the palette',
      gz(
        nbt.comp({
          Version: nbt.int(2),
          Width: nbt.short(1),
          Height: nbt.short(1),
          Length: nbt.short(1),
          Palette: nbt.comp({ 'minecraft:stone': nbt.int(0) }),
          BlockData: nbt.byteArray([5]),
        }),
      ),
      /not in the palette/,
    ],
  ])('%s is one clear error', (_what, bytes, message) => {
    expect(() => decodeStructure(bytes, '.schem', 'bad.schem', 'bad')).toThrow(message);
  });

  test(`a gzip that unpacks past ${MAX_NBT_BYTES / 1024 / 1024} MiB is refused before it is parsed`, () => {
    const bomb = gzipSync(Buffer.alloc(MAX_NBT_BYTES + 1024));
    expect(() => decodeStructure(bomb, '.schem', 'bomb.schem', 'bomb')).toThrow(/unpacks to more than/);
  });

  test('a box too big for a structure file is refused by its size', () => {
    const big = gz(
      nbt.comp({
        Version: nbt.int(2),
        Width: nbt.short(1024),
        Height: nbt.short(1024),
        Length: nbt.short(2),
        Palette: nbt.comp({}),
        BlockData: nbt.byteArray([]),
      }),
    );
    expect(() => decodeStructure(big, '.schem', 'big.schem', 'big')).toThrow(/more than 1,048,576/);
  });
});

describe('where structure files may be', () => {
  const base = mkdtempSync(join(tmpdir(), 'mcbridge-files-'));
  const data = join(base, 'data');
  const allowed = join(base, 'shared');
  const outside = join(base, 'outside');
  for (const d of [data, allowed, outside]) mkdirSync(d, { recursive: true });
  writeFileSync(join(outside, 'secret.schem'), encodeStructure(sample(), '.schem'));
  writeFileSync(join(allowed, 'ok.schem'), encodeStructure(sample(), '.schem'));
  symlinkSync(join(outside, 'secret.schem'), join(data, 'link.schem'));
  const files = new StructureFiles(data, [allowed]);

  test.each([
    ['../outside/secret.schem', /outside the directories/],
    [join(outside, 'secret.schem'), /outside the directories/],
    ['link.schem', /outside the directories/],
    ['castle.txt', /does not end in/],
    ['missing.schem', /no structure file/],
  ])('%s is refused', async (file, message) => {
    await expect(files.read(file)).rejects.toThrow(message);
  });

  test('a directory the operator allows is readable by absolute path', async () => {
    expect((await files.read(join(allowed, 'ok.schem'))).size).toEqual(sample().size);
  });

  test('writing: .schematic is read only, and nothing is written outside', async () => {
    await expect(files.write('x.schematic', sample())).rejects.toThrow(/read only/);
    await expect(files.write('../outside/x.nbt', sample())).rejects.toThrow(/outside the directories/);
    expect(await files.write('sub/x.nbt', sample())).toBe(join(data, 'sub', 'x.nbt'));
  });

  test('the config names more directories, relative to the config file', () => {
    const config = parseCompanionConfig(
      { connections: { a: { backend: 'embedded' } }, structureDirs: ['schematics', '/srv/shared'] },
      '/etc/mcbridge/config.json',
    );
    expect(config.structureDirs).toEqual(['/etc/mcbridge/schematics', '/srv/shared']);
  });

  test(`a file over ${MAX_FILE_BYTES / 1024 / 1024} MiB is refused before it is read`, async () => {
    writeFileSync(join(data, 'huge.schem'), Buffer.alloc(MAX_FILE_BYTES + 1));
    await expect(files.read('huge.schem')).rejects.toThrow(/MiB, more than 16 MiB/);
  });
});

/** 2×2×2: stone, a chest with an item, structure void, air, a north-facing stair */
function sample(): Structure {
  return {
    format: 'mcbridge-structure',
    version: 1,
    name: 'sample',
    savedAt: new Date(0).toISOString(),
    size: { x: 2, y: 2, z: 2 },
    palette: [
      'minecraft:stone',
      'minecraft:chest[facing=north,type=single,waterlogged=false]',
      STRUCTURE_VOID,
      'minecraft:air',
      'minecraft:oak_stairs[facing=north,half=bottom,shape=straight,waterlogged=false]',
    ],
    blocks: [0, 1, 2, 3, 4, 0, 3, 3],
    blockEntities: [
      {
        pos: [1, 0, 0],
        id: 'minecraft:chest',
        nbt: nbt.comp({
          Items: nbt.list(
            nbt.comp([{ Slot: nbt.byte(0), id: nbt.string('minecraft:diamond'), count: nbt.int(3) }]),
          ),
        }) as never,
      },
    ],
  };
}
