/** Command text for suggestions and the split of a too-big fill. */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Box } from '../../src/vocabulary/blocks/box.js';
import { closeBlockIds, editDistance } from '../../src/hints/advice/block-ids.js';
import { emitsLight, roleOf, spec } from '../../src/hints/batch/blocks.js';
import { countSplitBox, fillCommand, splitBox } from '../../src/hints/advice/commands.js';
import { volume } from '../../src/hints/geometry.js';
import { fillSplit, MAX_SPLIT_COMMANDS, replaceBlockId } from '../../src/hints/advice/rejected-fixes.js';
import { parseCommand } from '../../src/commands/parse.js';

const require = createRequire(import.meta.url);

const arbBox = fc
  .tuple(
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: -64, max: 300 }),
    fc.integer({ min: -50, max: 50 }),
    fc.integer({ min: 1, max: 120 }),
    fc.integer({ min: 1, max: 120 }),
    fc.integer({ min: 1, max: 120 }),
  )
  .map(([x, y, z, sx, sy, sz]): Box => ({
    min: { x, y, z },
    max: { x: x + sx - 1, y: y + sy - 1, z: z + sz - 1 },
  }));

describe('splitBox', () => {
  test('pieces fit the limit, do not overlap, and cover the box exactly', () => {
    fc.assert(
      fc.property(arbBox, fc.integer({ min: 1, max: 40_000 }), (box, limit) => {
        const pieces = splitBox(box, limit);
        if (pieces.length > 5000) return; // degenerate tiny limits: not worth counting
        for (const p of pieces) {
          expect(volume(p)).toBeLessThanOrEqual(limit);
          for (const a of ['x', 'y', 'z'] as const) {
            expect(p.min[a]).toBeGreaterThanOrEqual(box.min[a]);
            expect(p.max[a]).toBeLessThanOrEqual(box.max[a]);
          }
        }
        // all inside the box and summing to its volume; the next test counts cells for overlaps
        expect(pieces.reduce((n, p) => n + volume(p), 0)).toBe(volume(box));
      }),
      { numRuns: 200 },
    );
  });

  test('countSplitBox counts the pieces splitBox makes', () => {
    fc.assert(
      fc.property(arbBox, fc.integer({ min: 1, max: 40_000 }), (box, limit) => {
        const count = countSplitBox(box, limit);
        if (count > 5000) return; // degenerate tiny limits: not worth making
        expect(count).toBe(splitBox(box, limit).length);
      }),
      { numRuns: 300 },
    );
  });

  test('a fill as wide as the world is counted, not cut: the fix names how many commands it would take', () => {
    const at = { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 };
    for (const command of [
      'fill -30000000 -64 -30000000 30000000 319 30000000 stone',
      'fill -30000000 -64 -30000000 30000000 319 30000000 stone hollow',
      'clone -30000000 -64 -30000000 30000000 319 30000000 0 400 0',
    ]) {
      const split = fillSplit({ args: [], writes: parseCommand(command, at).blockWrites })!;
      expect(split.commands).toBeUndefined();
      expect(split.count).toBeGreaterThan(MAX_SPLIT_COMMANDS);
      expect(split.limit).toBe(32_768);
    }
    // within the cap the commands are spelled out, as many as counted
    const small = fillSplit({ args: [], writes: parseCommand('fill 0 0 0 99 9 99 stone', at).blockWrites })!;
    expect(small.commands).toHaveLength(small.count);
    expect(small.count).toBe(4);
  });

  test('a box within the limit stays whole', () => {
    const box = { min: { x: 0, y: 0, z: 0 }, max: { x: 31, y: 31, z: 31 } };
    expect(splitBox(box, 32_768)).toEqual([box]);
  });

  test('pieces of a small box cover each cell once', () => {
    fc.assert(
      fc.property(
        arbBox.filter((b) => volume(b) <= 3000),
        fc.integer({ min: 7, max: 500 }),
        (box, limit) => {
          const seen = new Set<string>();
          for (const p of splitBox(box, limit))
            for (let x = p.min.x; x <= p.max.x; x++)
              for (let y = p.min.y; y <= p.max.y; y++)
                for (let z = p.min.z; z <= p.max.z; z++) {
                  const key = `${x},${y},${z}`;
                  expect(seen.has(key)).toBe(false);
                  seen.add(key);
                }
          expect(seen.size).toBe(volume(box));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('command text', () => {
  test.each<[string, string]>([
    [
      fillCommand({ min: { x: 0, y: 1, z: 2 }, max: { x: 3, y: 4, z: 5 } }, spec('stone')),
      'fill 0 1 2 3 4 5 minecraft:stone',
    ],
    [
      fillCommand(
        { min: { x: 0, y: 1, z: 2 }, max: { x: 3, y: 4, z: 5 } },
        spec('oak_log', { axis: 'y' }),
        'keep',
      ),
      'fill 0 1 2 3 4 5 minecraft:oak_log[axis=y] keep',
    ],
    [
      fillCommand({ min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } }, spec('stone'), 'replace', {
        kind: 'tag',
        tag: 'minecraft:logs',
        states: {},
      }),
      'fill 0 0 0 1 1 1 minecraft:stone replace #minecraft:logs',
    ],
  ])('%s', (got, expected) => {
    expect(got).toBe(expected);
  });

  test.each<[string, string, string, string | undefined]>([
    [
      'setblock 1 2 3 minecraft:oak_plank',
      'minecraft:oak_plank',
      'oak_planks',
      'setblock 1 2 3 minecraft:oak_planks',
    ],
    [
      'setblock 1 2 3 oak_plank[axis=y]',
      'minecraft:oak_plank',
      'oak_planks',
      'setblock 1 2 3 oak_planks[axis=y]',
    ],
    [
      'fill 0 0 0 1 1 1 stone replace dirtt',
      'minecraft:dirtt',
      'dirt',
      'fill 0 0 0 1 1 1 stone replace dirt',
    ],
    ['setblock 1 2 3 minecraft:stone', 'minecraft:ston', 'stone', undefined],
  ])('replaceBlockId(%s)', (command, wrong, replacement, expected) => {
    expect(replaceBlockId(command, wrong, replacement)).toBe(expected);
  });
});

describe('block knowledge', () => {
  const data = require('minecraft-data')('1.21.4') as {
    blocksArray: Array<{ name: string; emitLight: number; states?: Array<{ name: string }> }>;
  };

  test('every block the game data gives light ≥ 10 in its default state is a light source, no other', () => {
    for (const b of data.blocksArray) {
      if (b.states?.some((s) => s.name === 'lit')) continue;
      expect([b.name, emitsLight(spec(b.name))]).toEqual([b.name, b.emitLight >= 10]);
    }
  });

  test.each<[string, Record<string, string>, string]>([
    ['minecraft:air', {}, 'air'],
    ['minecraft:cave_air', {}, 'air'],
    ['minecraft:oak_door', {}, 'door'],
    ['minecraft:iron_door', { half: 'upper' }, 'door'],
    ['minecraft:glass', {}, 'glass'],
    ['minecraft:red_stained_glass_pane', {}, 'glass'],
    ['minecraft:tinted_glass', {}, 'glass'],
    ['minecraft:glowstone', {}, 'light'],
    ['minecraft:campfire', {}, 'light'],
    ['minecraft:campfire', { lit: 'false' }, 'solid'],
    ['minecraft:redstone_lamp', {}, 'solid'],
    ['minecraft:redstone_lamp', { lit: 'true' }, 'light'],
    ['minecraft:white_candle', { lit: 'true' }, 'light'],
    ['minecraft:stone', {}, 'solid'],
    ['minecraft:magma_block', {}, 'solid'],
    ['minecraft:sea_lantern', {}, 'light'],
    ['minecraft:ochre_froglight', {}, 'light'],
    ['minecraft:furnace', { lit: 'true' }, 'light'],
    ['minecraft:redstone_torch', { lit: 'true' }, 'solid'],
    ['minecraft:redstone_torch', {}, 'solid'],
    ['minecraft:spyglass', {}, 'solid'],
  ])('%s %j is %s', (name, states, role) => {
    expect(roleOf({ name, states })).toBe(role);
    expect(emitsLight({ name, states })).toBe(role === 'light');
  });

  test.each<[string, string[]]>([
    ['oak_plank', ['oak_planks']],
    ['minecraft:stonebrick', ['stone_bricks']],
    ['cobblestone_wal', ['cobblestone_wall']],
    ['zzzzzzzzzzzzzzzz', []],
  ])('close ids for %s start with %j', (wrong, first) => {
    expect(closeBlockIds(wrong).slice(0, first.length)).toEqual(first);
  });

  test.each<[string, string, number]>([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['stone', 'stone', 0],
    ['oak_plank', 'oak_planks', 1],
  ])('editDistance(%s, %s) = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});
