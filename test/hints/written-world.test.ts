/** What a batch's own writes say is at a position: later writes win, fill modes respected. */
import { expect, test } from 'vitest';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { writeBox } from '../../src/hints/geometry.js';
import { WrittenWorld } from '../../src/hints/batch/written-world.js';
import { parse } from './helpers.js';

const worldOf = (...commands: string[]) =>
  new WrittenWorld(
    commands.flatMap((c, entry) => parse(c).map((write) => ({ write, entry, box: writeBox(write) }))),
  );

const name = (w: WrittenWorld, p: BlockPos) => {
  const b = w.at(p);
  return b === undefined || b === 'unknown' ? b : b.name.replace('minecraft:', '');
};

test.each<[string, string[], BlockPos, string | undefined]>([
  ['untouched', ['setblock 0 0 0 stone'], { x: 1, y: 0, z: 0 }, undefined],
  ['the later write wins', ['setblock 0 0 0 stone', 'setblock 0 0 0 dirt'], { x: 0, y: 0, z: 0 }, 'dirt'],
  ['hollow: shell', ['fill 0 0 0 4 4 4 stone hollow'], { x: 0, y: 2, z: 2 }, 'stone'],
  [
    'hollow: inside is air',
    ['setblock 2 2 2 dirt', 'fill 0 0 0 4 4 4 stone hollow'],
    { x: 2, y: 2, z: 2 },
    'air',
  ],
  [
    'outline: inside untouched',
    ['setblock 2 2 2 dirt', 'fill 0 0 0 4 4 4 stone outline'],
    { x: 2, y: 2, z: 2 },
    'dirt',
  ],
  [
    'replace filter matching',
    ['setblock 1 1 1 dirt', 'fill 0 0 0 4 4 4 stone replace dirt'],
    { x: 1, y: 1, z: 1 },
    'stone',
  ],
  [
    'replace filter not matching',
    ['setblock 1 1 1 glass', 'fill 0 0 0 4 4 4 stone replace dirt'],
    { x: 1, y: 1, z: 1 },
    'glass',
  ],
  [
    'replace filter on unknown ground',
    ['fill 0 0 0 4 4 4 stone replace dirt'],
    { x: 1, y: 1, z: 1 },
    'unknown',
  ],
  [
    'keep over a written block',
    ['setblock 1 1 1 glass', 'fill 0 0 0 4 4 4 stone keep'],
    { x: 1, y: 1, z: 1 },
    'glass',
  ],
  ['keep over air', ['setblock 1 1 1 air', 'fill 0 0 0 4 4 4 stone keep'], { x: 1, y: 1, z: 1 }, 'stone'],
  [
    'negative coordinates across a chunk border',
    ['fill -17 0 -17 -15 0 -15 stone'],
    { x: -16, y: 0, z: -17 },
    'stone',
  ],
  [
    'a huge fill (not indexed by column) still orders with indexed writes',
    ['setblock 100 0 100 dirt', 'fill -300 0 -300 300 0 300 stone', 'setblock 100 0 100 glass'],
    { x: 100, y: 0, z: 100 },
    'glass',
  ],
  [
    'a huge fill over an earlier block',
    ['setblock 100 0 100 dirt', 'fill -300 0 -300 300 0 300 stone'],
    { x: 100, y: 0, z: 100 },
    'stone',
  ],
])('%s', (_name, commands, pos, expected) => {
  expect(name(worldOf(...commands), pos)).toBe(expected);
});

test('a clone destination is unknown and counts as filled', () => {
  const w = new WrittenWorld([
    {
      entry: 0,
      write: {
        kind: 'clone',
        from: { x: 0, y: 0, z: 0 },
        to: { x: 1, y: 1, z: 1 },
        destination: { x: 10, y: 0, z: 10 },
        maskMode: 'replace',
        cloneMode: 'normal',
      },
      box: { min: { x: 10, y: 0, z: 10 }, max: { x: 11, y: 1, z: 11 } },
    },
  ]);
  expect(w.at({ x: 11, y: 1, z: 11 })).toBe('unknown');
  expect(w.isFilled({ x: 11, y: 1, z: 11 })).toBe(true);
  expect(w.isFilled({ x: 12, y: 1, z: 11 })).toBe(false);
});
