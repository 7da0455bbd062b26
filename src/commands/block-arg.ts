/** Block, block-filter and item arguments: `id[states]{nbt}`, `#tag[states]`, `id[components]{nbt}`. */
import type { BlockFilter, BlockSpec } from './block-write.js';
import { normalizeId } from './coords.js';
import type { Reader } from './reader.js';

function readStates(reader: Reader): Record<string, string> {
  const states: Record<string, string> = {};
  if (reader.peek() !== '[') return states;
  const at = reader.cursor;
  const inner = reader.readBalanced().slice(1, -1).trim();
  if (inner === '') return states;
  for (const pair of inner.split(',')) {
    const eq = pair.indexOf('=');
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (eq < 0 || key === '' || value === '') throw reader.fail(`malformed block state "${pair.trim()}"`, at);
    states[key] = value;
  }
  return states;
}

function readNbt(reader: Reader): string | undefined {
  if (reader.peek() !== '{') return undefined;
  return reader.readBalanced();
}

function expectEndOfArgument(reader: Reader, what: string): void {
  if (reader.canRead() && reader.peek() !== ' ')
    throw reader.fail(`unexpected "${reader.peek()}" after the ${what}`);
}

export function readBlock(reader: Reader): BlockSpec {
  if (reader.peek() === '#') throw reader.fail('a block tag cannot be placed; name one block');
  const name = normalizeId(reader.readResource());
  const states = readStates(reader);
  const nbt = readNbt(reader);
  expectEndOfArgument(reader, 'block');
  return nbt === undefined ? { name, states } : { name, states, nbt };
}

export function readBlockFilter(reader: Reader): BlockFilter {
  if (reader.peek() !== '#') return { kind: 'block', block: readBlock(reader) };
  reader.skip();
  const tag = `#${normalizeId(reader.readResource())}`;
  const states = readStates(reader);
  readNbt(reader);
  expectEndOfArgument(reader, 'block tag');
  return { kind: 'tag', tag, states };
}

/** An item stack argument; components (1.20.5+) and NBT (before) are kept as written. */
export function readItem(reader: Reader): { name: string; extra: string } {
  const name = normalizeId(reader.readResource());
  const start = reader.cursor;
  while (reader.peek() === '[' || reader.peek() === '{') reader.readBalanced();
  expectEndOfArgument(reader, 'item');
  return { name, extra: reader.input.slice(start, reader.cursor) };
}
