/**
 * Saved structures read from disk: a file nobody should have to read whole (far larger than any structure
 * save_structure writes) is refused before it is read, and a file that is not JSON is named damaged, not
 * thrown as a parse error. The real store on a real temporary folder.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { SAVED_STRUCTURE_MAX_BYTES, StructureError, StructureStore } from '../../src/structures/store.js';

const dir = mkdtempSync(join(tmpdir(), 'mcbridge-saved-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = new StructureStore(dir);

test('a saved structure file over the limit is refused with its size and the limit, before it is read', async () => {
  const file = join(dir, 'huge.json');
  writeFileSync(file, '');
  truncateSync(file, SAVED_STRUCTURE_MAX_BYTES + 1); // a sparse file: its size is all that is checked
  const refused = await store.load('huge').then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(refused).toBeInstanceOf(StructureError);
  expect((refused as Error).message).toMatch(/"huge" is 16\.0 MiB, more than 16 MiB: it was not read/);
});

test('a saved structure file that is not JSON is named damaged', async () => {
  writeFileSync(join(dir, 'broken.json'), '{"format": "mcbridge-structure", ');
  await expect(store.load('broken')).rejects.toThrow(/structure file for "broken" is damaged/);
});

test('a saved structure that does not exist is named missing', async () => {
  await expect(store.load('absent')).rejects.toThrow(/no structure named "absent"/);
});
