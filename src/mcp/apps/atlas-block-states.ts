/**
 * The atlas version's block states (prismarine-viewer's `blocksStates/<version>.json`: every block's variants
 * with their models resolved inline), read a block at a time. One View draws a few dozen blocks of the 12 MB
 * file; parsed whole it is some 28 MB of live heap (half a million boxed numbers), and even parsed once and
 * packed it left serve's heap and resident memory some 50 MB larger than before (the whole parse's room,
 * kept by V8 after the collection). So the file is never parsed whole: the first View scans its bytes in
 * small pieces for where each block's entry starts and ends (an index of offsets, a few tens of kB), and each
 * View gets a table that reads from the file and parses only the blocks it looks up; the mesher
 * (`getModelVariants` in prismarine-viewer's viewer/lib/models.js) only reads `table[name]` and
 * `table.missing_texture`.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

/** One View's table: block name → that block's state entry, parsed on first look-up */
export type BlockStatesTable = Readonly<Record<string, unknown>>;

/** Where each block's entry is in the file: its value's first byte and length. */
export type BlockStatesIndex = ReadonlyMap<string, readonly [start: number, length: number]>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = new Set([0x7b, 0x5b]);
const CLOSE = new Set([0x7d, 0x5d]);
const PIECE = 64 * 1024;

/**
 * The offsets of every top-level entry of a JSON object file, read in pieces of 64 kB: a scan of its
 * structure (strings, their escapes, nesting), not a parse.
 */
export function indexBlockStates(file: string): Map<string, [number, number]> {
  const index = new Map<string, [number, number]>();
  const piece = Buffer.allocUnsafe(PIECE);
  const fd = openSync(file, 'r');
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** the bytes of the top-level key being read */
  let key: number[] | undefined;
  let lastKey = '';
  /** where the value of `lastKey` starts (after its colon); -1 between entries */
  let valueStart = -1;
  const end = (at: number) => {
    if (valueStart >= 0) index.set(lastKey, [valueStart, at - valueStart]);
    valueStart = -1;
  };
  try {
    for (let offset = 0; ;) {
      const n = readSync(fd, piece, 0, PIECE, offset);
      if (n === 0) break;
      for (let i = 0; i < n; i++) {
        const b = piece[i]!;
        const at = offset + i;
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) {
            inString = false;
            if (key) {
              lastKey = JSON.parse(`"${Buffer.from(key).toString('utf8')}"`) as string;
              key = undefined;
            }
            continue;
          }
          key?.push(b);
        } else if (b === QUOTE) {
          inString = true;
          if (depth === 1 && valueStart < 0) key = [];
        } else if (depth === 1 && b === COLON) valueStart = at + 1;
        else if (depth === 1 && b === COMMA) end(at);
        else if (OPEN.has(b)) depth++;
        else if (CLOSE.has(b)) {
          if (depth === 1) end(at);
          depth--;
        }
      }
      offset += n;
    }
  } finally {
    closeSync(fd);
  }
  return index;
}

/** A table over the entries of `file` that `index` locates: each read and parsed once, when first looked up. */
export function blockStatesTable(file: string, index: BlockStatesIndex): BlockStatesTable {
  const parsed = new Map<string, unknown>();
  const read = (name: string): unknown => {
    const at = index.get(name);
    if (!at) return undefined;
    const bytes = Buffer.allocUnsafe(at[1]);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, bytes, 0, at[1], at[0]);
    } finally {
      closeSync(fd);
    }
    return JSON.parse(bytes.toString('utf8'));
  };
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        if (parsed.has(name)) return parsed.get(name);
        const entry = read(name);
        parsed.set(name, entry);
        return entry;
      },
      has: (_target, name) => typeof name === 'string' && index.has(name),
    },
  );
}

const atlasIndexes = new Map<string, BlockStatesIndex>();
/** The atlas version's block states under `publicDir`, indexed on the first View. */
export function atlasBlockStatesTable(publicDir: string, version: string): BlockStatesTable {
  const file = join(publicDir, 'blocksStates', `${version}.json`);
  let index = atlasIndexes.get(file);
  if (!index) {
    index = indexBlockStates(file);
    atlasIndexes.set(file, index);
  }
  return blockStatesTable(file, index);
}
