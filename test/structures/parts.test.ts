/** The parts a far placement is cut into: they cover the box once, and each is within reach of its stand. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { placeCommands } from '../../src/structures/capture.js';
import {
  PART_CHUNK_RADIUS,
  airCount,
  partCommands,
  placementParts,
  writesAir,
} from '../../src/structures/parts.js';
import type { Structure } from '../../src/structures/store.js';
import type { Box } from '../../src/vocabulary/blocks/box.js';

const chunk = (n: number) => Math.floor(n / 16);

const boxArb = fc
  .record({
    x: fc.integer({ min: -2000, max: 2000 }),
    z: fc.integer({ min: -2000, max: 2000 }),
    w: fc.integer({ min: 1, max: 400 }),
    d: fc.integer({ min: 1, max: 400 }),
  })
  .map(({ x, z, w, d }): Box => ({ min: { x, y: -60, z }, max: { x: x + w - 1, y: -50, z: z + d - 1 } }));

describe('placementParts', () => {
  test('every column of the box is in exactly one part, and every part is within two chunks of its stand', () => {
    fc.assert(
      fc.property(boxArb, (box) => {
        const parts = placementParts(box, -48);
        const area = (b: Box) => (b.max.x - b.min.x + 1) * (b.max.z - b.min.z + 1);
        // inside the box, and together as large as it: disjoint parts that cover it
        for (const p of parts) {
          expect(p.box.min.x).toBeGreaterThanOrEqual(box.min.x);
          expect(p.box.max.x).toBeLessThanOrEqual(box.max.x);
          expect(p.box.min.z).toBeGreaterThanOrEqual(box.min.z);
          expect(p.box.max.z).toBeLessThanOrEqual(box.max.z);
          expect(p.box.min.y).toBe(box.min.y);
          expect(p.box.max.y).toBe(box.max.y);
          for (const [lo, hi, at] of [
            [p.box.min.x, p.box.max.x, p.stand.x],
            [p.box.min.z, p.box.max.z, p.stand.z],
          ] as const) {
            expect(Math.abs(chunk(lo) - chunk(at))).toBeLessThanOrEqual(PART_CHUNK_RADIUS);
            expect(Math.abs(chunk(hi) - chunk(at))).toBeLessThanOrEqual(PART_CHUNK_RADIUS);
          }
          expect(p.stand.y).toBe(-48);
        }
        expect(parts.reduce((n, p) => n + area(p.box), 0)).toBe(area(box));
        for (let i = 0; i < parts.length; i++)
          for (let j = i + 1; j < parts.length; j++) {
            const [a, b] = [parts[i]!.box, parts[j]!.box];
            const overlap =
              a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.z <= b.max.z && b.min.z <= a.max.z;
            expect(overlap).toBe(false);
          }
        // the bot ends over the structure's middle
        const last = parts.at(-1)!.box;
        const mx = Math.floor((box.min.x + box.max.x) / 2);
        const mz = Math.floor((box.min.z + box.max.z) / 2);
        expect(mx >= last.min.x && mx <= last.max.x && mz >= last.min.z && mz <= last.max.z).toBe(true);
      }),
      { seed: 56, numRuns: 300 },
    );
  });

  test('a box inside one 5 × 5 chunk square is one part', () => {
    const box: Box = { min: { x: 311, y: -60, z: 8 }, max: { x: 317, y: -56, z: 14 } };
    const parts = placementParts(box, -54);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.box).toEqual(box);
    expect(parts[0]!.stand).toEqual({ x: 312, y: -54, z: 8 });
  });
});

describe('partCommands', () => {
  // 40 × 2 × 3 along x across four chunks, with air and runs that cross chunk borders
  const size = { x: 40, y: 2, z: 3 };
  const palette = ['minecraft:stone', 'minecraft:air', 'minecraft:glass'];
  const blocks: number[] = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) blocks.push(y === 1 ? (x % 7 ? 1 : 2) : 0);
  const structure: Structure = {
    format: 'mcbridge-structure',
    version: 1,
    name: 'strip',
    savedAt: '2026-12-06T00:00:00Z',
    size,
    palette,
    blocks,
  };
  const origin = { x: 10, y: -60, z: 0 };

  test('the parts write, between them, exactly the blocks of the whole placement', () => {
    const expand = (commands: string[]) => {
      const set = new Set<string>();
      for (const c of commands) {
        const t = c.split(' ');
        if (t[0] === 'setblock') set.add(`${t[1]},${t[2]},${t[3]} ${t[4]}`);
        else {
          const [x0, y0, z0, x1, y1, z1] = t.slice(1, 7).map(Number) as number[];
          for (let x = x0!; x <= x1!; x++)
            for (let y = y0!; y <= y1!; y++)
              for (let z = z0!; z <= z1!; z++) set.add(`${x},${y},${z} ${t[7]}`);
        }
      }
      return set;
    };
    const whole = expand(placeCommands(structure, origin));
    // parts one chunk wide, so that runs along x are cut at every chunk border
    const cuts: Box[] = [0, 1, 2, 3].map((c) => ({
      min: { x: c * 16, y: -60, z: 0 },
      max: { x: c * 16 + 15, y: -59, z: 2 },
    }));
    const commands = cuts.flatMap((b) => partCommands(structure, origin, 0, undefined, b));
    expect(expand(commands)).toEqual(whole);
    for (const [i, b] of cuts.entries())
      for (const c of partCommands(structure, origin, 0, undefined, b)) {
        const xs = c.split(' ')[0] === 'fill' ? [c.split(' ')[1], c.split(' ')[4]] : [c.split(' ')[1]];
        for (const x of xs.map(Number)) expect(chunk(x), `${c} in part ${i}`).toBe(i);
      }
  });

  test('air is counted and told apart from what is not air', () => {
    expect(airCount(structure)).toBe(size.x * size.z - Math.ceil(size.x / 7) * size.z);
    expect(writesAir('fill 1 2 3 4 2 3 minecraft:air')).toBe(true);
    expect(writesAir('setblock 1 2 3 minecraft:cave_air')).toBe(true);
    expect(writesAir('setblock 1 2 3 minecraft:glass')).toBe(false);
    expect(writesAir('setblock 1 2 3 minecraft:structure_void')).toBe(false);
  });
});
