import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { blockStateKey, MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import {
  AreaTooLargeError,
  decodeArea,
  EncodedAreaSchema,
  encodeArea,
  splitBox,
} from '../../src/world-view/encode.js';

const DOOR_LOW = 'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]';
const DOOR_HIGH = 'minecraft:oak_door[facing=north,half=upper,hinge=left,open=false,powered=false]';

/** a 3×2×2 wall: planks with a door in the middle */
function wall(): MapBlockSource {
  const s = new MapBlockSource();
  for (const y of [0, 1]) {
    s.set({ x: 10, y, z: 5 }, 'minecraft:oak_planks');
    s.set({ x: 12, y, z: 5 }, 'minecraft:oak_planks');
  }
  s.set({ x: 11, y: 0, z: 5 }, DOOR_LOW).set({ x: 11, y: 1, z: 5 }, DOOR_HIGH);
  s.set({ x: 12, y: 0, z: 6 }, 'minecraft:lantern[hanging=false,waterlogged=false]');
  return s;
}

describe('encodeArea', () => {
  test('layers: palette by first appearance in y, z, x order, one row per z, one char per x', () => {
    const area = encodeArea(wall(), { x: 12, y: 1, z: 6 }, { x: 10, y: 0, z: 5 });
    expect(area).toEqual({
      from: { x: 10, y: 0, z: 5 },
      to: { x: 12, y: 1, z: 6 },
      size: { x: 3, y: 2, z: 2 },
      format: 'layers',
      cellWidth: 1,
      palette: {
        '.': 'minecraft:air',
        a: 'minecraft:oak_planks',
        b: DOOR_LOW,
        c: 'minecraft:lantern[hanging=false,waterlogged=false]',
        d: DOOR_HIGH,
      },
      layers: [
        { y: 0, rows: ['aba', '..c'] },
        { y: 1, rows: ['ada', '...'] },
      ],
      counts: { '.': 5, a: 4, b: 1, c: 1, d: 1 },
    });
    expect(EncodedAreaSchema.parse(area)).toEqual(area);
  });

  test('runs: x-runs of non-air blocks only, unless includeAir', () => {
    const runs = encodeArea(wall(), { x: 10, y: 0, z: 5 }, { x: 12, y: 0, z: 6 }, { format: 'runs' }).runs;
    expect(runs).toEqual([
      { y: 0, z: 5, x: 10, length: 1, block: 'a' },
      { y: 0, z: 5, x: 11, length: 1, block: 'b' },
      { y: 0, z: 5, x: 12, length: 1, block: 'a' },
      { y: 0, z: 6, x: 12, length: 1, block: 'c' },
    ]);
    const withAir = encodeArea(
      wall(),
      { x: 10, y: 0, z: 6 },
      { x: 12, y: 0, z: 6 },
      { format: 'runs', includeAir: true },
    );
    expect(withAir.runs).toEqual([
      { y: 0, z: 6, x: 10, length: 2, block: '.' },
      { y: 0, z: 6, x: 12, length: 1, block: 'a' },
    ]);
  });

  test('unloaded positions are "?" and listed as boxes, never air', () => {
    const source = new MapBlockSource((p) => p.x < 16).set({ x: 15, y: 0, z: 0 }, 'minecraft:stone');
    const area = encodeArea(source, { x: 14, y: 0, z: 0 }, { x: 17, y: 1, z: 1 });
    expect(area.layers).toEqual([
      { y: 0, rows: ['.a??', '..??'] },
      { y: 1, rows: ['..??', '..??'] },
    ]);
    expect(area.palette['?']).toBe('unloaded');
    expect(area.unloaded).toEqual([{ min: { x: 16, y: 0, z: 0 }, max: { x: 17, y: 1, z: 1 } }]);
    expect(area.counts['?']).toBe(8);
    const runs = encodeArea(source, { x: 14, y: 0, z: 0 }, { x: 17, y: 1, z: 1 }, { format: 'runs' });
    expect(runs.runs).toEqual([{ y: 0, z: 0, x: 15, length: 1, block: 'a' }]);
    expect(runs.unloaded).toEqual(area.unloaded);
  });

  test('more than 62 distinct states switch to two-character cells', () => {
    const s = new MapBlockSource();
    for (let x = 0; x < 70; x++) s.set({ x, y: 0, z: 0 }, `minecraft:wool_${x}`);
    const area = encodeArea(s, { x: 0, y: 0, z: 0 }, { x: 70, y: 0, z: 0 });
    expect(area.cellWidth).toBe(2);
    expect(area.layers?.[0]?.rows[0]).toHaveLength(142);
    expect(area.layers?.[0]?.rows[0]?.slice(0, 6)).toBe('aaabac');
    expect(area.layers?.[0]?.rows[0]?.slice(-2)).toBe('..');
    expect(area.palette['ba']).toBe('minecraft:wool_62');
  });

  test('32,768 blocks pass; one more fails with a typed error that says how to split along y', () => {
    const s = new MapBlockSource();
    expect(encodeArea(s, { x: 0, y: 0, z: 0 }, { x: 31, y: 31, z: 31 }).counts['.']).toBe(32_768);
    const error = (() => {
      try {
        encodeArea(s, { x: 0, y: 0, z: 0 }, { x: 99, y: 7, z: 99 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AreaTooLargeError);
    expect((error as Error).message).toBe(
      'the area has 80,000 blocks, more than 32,768 per call: split along y into 3 parts of at most ' +
        '32,768 blocks (same x and z): {"from":{"x":0,"y":0,"z":0},"to":{"x":99,"y":2,"z":99}}, ' +
        '{"from":{"x":0,"y":3,"z":0},"to":{"x":99,"y":5,"z":99}}, {"from":{"x":0,"y":6,"z":0},"to":{"x":99,"y":7,"z":99}}',
    );
  });

  test.each([
    [{ x: 300, y: 2, z: 300 }, 'z', 6],
    [{ x: 40_000, y: 1, z: 2 }, 'x', 4],
  ] as const)('a box of %o splits along %s into %i boxes within the limit', (size, axis, count) => {
    const box = { min: { x: 0, y: 0, z: 0 }, max: { x: size.x - 1, y: size.y - 1, z: size.z - 1 } };
    const split = splitBox(box, 32_768);
    expect(split.axis).toBe(axis);
    expect(split.boxes).toHaveLength(count);
    let total = 0;
    for (const b of split.boxes) {
      const v = (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1);
      expect(v).toBeLessThanOrEqual(32_768);
      total += v;
    }
    expect(total).toBe(size.x * size.y * size.z);
  });

  test('a box as wide as the world is refused at once with a count of parts and a few ready ones', () => {
    const from = { x: -30_000_000, y: -64, z: -30_000_000 };
    const to = { x: 30_000_000, y: 319, z: 30_000_000 };
    const error = (() => {
      try {
        encodeArea(new MapBlockSource(), from, to);
      } catch (e) {
        return e as AreaTooLargeError;
      }
    })()!;
    expect(error).toBeInstanceOf(AreaTooLargeError);
    expect(error.count).toBe(384 * 60_000_001 * Math.ceil(60_000_001 / 32_768));
    expect(error.parts).toHaveLength(4);
    expect(error.parts.at(-1)!.max).toEqual(to);
    expect(error.message.length).toBeLessThan(1_000);
    expect(error.message).toMatch(/ask for the box around what you built/);
  });
});

describe('decodeArea', () => {
  const STATES = [
    'minecraft:air',
    'minecraft:cave_air',
    'minecraft:stone',
    'minecraft:oak_planks',
    DOOR_LOW,
    DOOR_HIGH,
    'minecraft:oak_log[axis=x]',
    'minecraft:oak_log[axis=y]',
    'unloaded',
  ];
  const area = fc.record({
    origin: fc.record({
      x: fc.integer({ min: -40, max: 40 }),
      y: fc.integer({ min: -64, max: 300 }),
      z: fc.integer({ min: -40, max: 40 }),
    }),
    size: fc.record({
      x: fc.integer({ min: 1, max: 6 }),
      y: fc.integer({ min: 1, max: 4 }),
      z: fc.integer({ min: 1, max: 5 }),
    }),
    seed: fc.array(fc.integer({ min: 0, max: STATES.length - 1 }), { minLength: 1, maxLength: 120 }),
    format: fc.constantFrom('layers' as const, 'runs' as const),
    includeAir: fc.boolean(),
  });

  test('round-trips every block with all its states; air variants stay air; unloaded stays unloaded', () => {
    fc.assert(
      fc.property(area, ({ origin, size, seed, format, includeAir }) => {
        const cells = new Map<string, string>();
        const source = new MapBlockSource((p) => cells.get(`${p.x},${p.y},${p.z}`) !== 'unloaded');
        const to: BlockPos = { x: origin.x + size.x - 1, y: origin.y + size.y - 1, z: origin.z + size.z - 1 };
        let n = 0;
        for (let y = origin.y; y <= to.y; y++)
          for (let z = origin.z; z <= to.z; z++)
            for (let x = origin.x; x <= to.x; x++) {
              const state = STATES[seed[n++ % seed.length]!]!;
              cells.set(`${x},${y},${z}`, state);
              if (state !== 'unloaded') source.set({ x, y, z }, state);
            }
        const decoded = decodeArea(
          JSON.parse(JSON.stringify(encodeArea(source, to, origin, { format, includeAir }))),
        );
        for (const [key, state] of cells) {
          const [x, y, z] = key.split(',').map(Number) as [number, number, number];
          const got = decoded.readBlock({ x, y, z });
          const want = state === 'minecraft:cave_air' && !includeAir ? 'minecraft:air' : state;
          expect(got === 'unloaded' ? got : blockStateKey(got)).toBe(want);
        }
      }),
    );
  });
});
