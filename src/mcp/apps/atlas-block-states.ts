/**
 * The atlas version's block states (prismarine-viewer's `blocksStates/<version>.json`: every block's variants
 * with their models resolved inline), kept compact. Parsed whole, the 12 MB file is some 28 MB of live heap
 * (half a million boxed numbers) for the life of the process, while one View draws a few dozen blocks. So
 * the file is parsed once, each block's entry is kept as deflated JSON (about 1 MB in all), and each View
 * gets a table that inflates only the blocks it looks up; the mesher (`getModelVariants` in
 * prismarine-viewer's viewer/lib/models.js) only reads `table[name]` and `table.missing_texture`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** One View's table: block name → that block's state entry, parsed on first look-up */
export type BlockStatesTable = Readonly<Record<string, unknown>>;

/** Deflated JSON of each block's entry in a block states file. */
export function compactBlockStates(file: string): Map<string, Buffer> {
  const whole = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const names = Object.keys(whole);
  const parts = names.map((name) => deflateRawSync(Buffer.from(JSON.stringify(whole[name])), { level: 1 }));
  // zlib hands each result out in a chunk of at least 16 kB: one buffer for all of them holds only the bytes
  const all = Buffer.concat(parts);
  const packed = new Map<string, Buffer>();
  let at = 0;
  names.forEach((name, i) => {
    packed.set(name, all.subarray(at, at + parts[i]!.length));
    at += parts[i]!.length;
  });
  return packed;
}

/** A table over `packed` that parses each block's entry once, when first read; drop it after the View. */
export function blockStatesTable(packed: ReadonlyMap<string, Buffer>): BlockStatesTable {
  const parsed = new Map<string, unknown>();
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        if (parsed.has(name)) return parsed.get(name);
        const deflated = packed.get(name);
        const entry: unknown = deflated ? JSON.parse(inflateRawSync(deflated).toString('utf8')) : undefined;
        parsed.set(name, entry);
        return entry;
      },
      has: (_target, name) => typeof name === 'string' && packed.has(name),
    },
  );
}

let atlasPacked: Map<string, Buffer> | undefined;
/** The atlas version's block states under `publicDir`, compacted on the first View. */
export function atlasBlockStatesTable(publicDir: string, version: string): BlockStatesTable {
  atlasPacked ??= compactBlockStates(join(publicDir, 'blocksStates', `${version}.json`));
  return blockStatesTable(atlasPacked);
}
