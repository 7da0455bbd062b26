/**
 * The View's block states, read a block at a time from the atlas file: every block reads back exactly as the file has
 * it, a name the file lacks reads as absent (so the mesher falls back to missing_texture), and a block looked
 * up twice in one View is parsed once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  atlasBlockStatesTable,
  blockStatesTable,
  indexBlockStates,
} from '../../src/mcp/apps/atlas-block-states.js';
import { ATLAS_VERSION } from '../../src/mcp/apps/region-mesh.js';
import { PUBLIC_DIR } from '../../src/viewer/assets.js';

const file = join(PUBLIC_DIR, 'blocksStates', `${ATLAS_VERSION}.json`);

test('every block of the atlas file reads back as the file has it', () => {
  const whole = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const table = atlasBlockStatesTable(PUBLIC_DIR, ATLAS_VERSION);
  const names = Object.keys(whole);
  expect(names.length).toBeGreaterThan(1000);
  expect(names).toContain('missing_texture');
  const differing = names.filter((n) => JSON.stringify(table[n]) !== JSON.stringify(whole[n]));
  expect(differing).toEqual([]);
});

test('a name the file lacks is absent; a block read twice is the same object', () => {
  const table = atlasBlockStatesTable(PUBLIC_DIR, ATLAS_VERSION);
  expect(table['strange_block']).toBeUndefined();
  expect('strange_block' in table).toBe(false);
  expect('oak_fence' in table).toBe(true);
  const fence = table['oak_fence'] as { multipart: unknown[] };
  expect(fence.multipart.length).toBeGreaterThan(0);
  expect(table['oak_fence']).toBe(fence);
  // a new View parses its own copy, so nothing one View does to its blocks reaches the next
  expect(atlasBlockStatesTable(PUBLIC_DIR, ATLAS_VERSION)['oak_fence']).not.toBe(fence);
});

test('the index reads the file as JSON does: escaped keys, braces and quotes inside strings, entries across pieces', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-block-states-'));
  const file = join(dir, 'states.json');
  const whole: Record<string, unknown> = {
    plain: { variants: { '': { model: 'a' } } },
    'with "quotes" and \\ backslash': ['}', ']', '{', ',', ':', '"'],
    'ünïcödé ✓': { text: 'a string with } and ] and \\" inside', n: [1, 2.5, -3e2, null, true] },
    // longer than one 64 kB piece of the scan
    long: { parts: Array.from({ length: 20_000 }, (_, i) => ({ i, s: `x${'}'.repeat(i % 3)}` })) },
    last: 'a bare string',
  };
  writeFileSync(file, JSON.stringify(whole, null, 1));
  const index = indexBlockStates(file);
  expect([...index.keys()]).toEqual(Object.keys(whole));
  const table = blockStatesTable(file, index);
  for (const name of Object.keys(whole)) expect(table[name]).toEqual(whole[name]);
  expect(table['absent']).toBeUndefined();
});
