/**
 * SNBT (`{CustomName:'"Bob"',NoAI:1b,Tags:["a"]}`) parsed into typed tags the way vanilla 1.21.4's
 * net/minecraft/nbt/TagParser.java reads it: same number suffix rules, same error keys and cursors.
 * Tags use prismarine-nbt's `{ type, value }` shape so they can go on the wire unchanged.
 */
import { readString, readUnquotedString } from './brigadier.js';
import { StringReader } from './reader.js';

export type TagType =
  | 'byte'
  | 'short'
  | 'int'
  | 'long'
  | 'float'
  | 'double'
  | 'string'
  | 'list'
  | 'compound'
  | 'byteArray'
  | 'intArray'
  | 'longArray';

export type Tag =
  | { type: 'byte' | 'short' | 'int' | 'float' | 'double'; value: number }
  | { type: 'long'; value: bigint }
  | { type: 'string'; value: string }
  | { type: 'list'; value: { type: TagType | 'end'; value: Tag['value'][] } }
  | { type: 'compound'; value: Record<string, Tag> }
  | { type: 'byteArray' | 'intArray'; value: number[] }
  | { type: 'longArray'; value: bigint[] };

export type CompoundTag = Extract<Tag, { type: 'compound' }>;

/** TagType.getPrettyName, for the mixed list/array errors */
const PRETTY: Record<string, string> = {
  byte: 'TAG_Byte',
  short: 'TAG_Short',
  int: 'TAG_Int',
  long: 'TAG_Long',
  float: 'TAG_Float',
  double: 'TAG_Double',
  string: 'TAG_String',
  list: 'TAG_List',
  compound: 'TAG_Compound',
  byteArray: 'TAG_Byte_Array',
  intArray: 'TAG_Int_Array',
  longArray: 'TAG_Long_Array',
};

const FLOAT = /^[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?f$/i;
const BYTE = /^[-+]?(?:0|[1-9][0-9]*)b$/i;
const LONG = /^[-+]?(?:0|[1-9][0-9]*)l$/i;
const SHORT = /^[-+]?(?:0|[1-9][0-9]*)s$/i;
const INT = /^[-+]?(?:0|[1-9][0-9]*)$/;
const DOUBLE = /^[-+]?(?:[0-9]+[.]?|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?d$/i;
const DOUBLE_NOSUFFIX = /^[-+]?(?:[0-9]+[.]|[0-9]*[.][0-9]+)(?:e[-+]?[0-9]+)?$/i;

function inBits(value: number, bits: number): boolean {
  return Number.isInteger(value) && value >= -(2 ** (bits - 1)) && value < 2 ** (bits - 1);
}

/** TagParser.type: the unquoted word as a number tag when it is one, else a string */
function typed(word: string): Tag {
  const body = word.slice(0, -1);
  if (FLOAT.test(word)) return { type: 'float', value: Math.fround(Number(body)) };
  if (BYTE.test(word) && inBits(Number(body), 8)) return { type: 'byte', value: Number(body) };
  if (LONG.test(word)) {
    const v = BigInt(body);
    if (v >= -(2n ** 63n) && v < 2n ** 63n) return { type: 'long', value: v };
  }
  if (SHORT.test(word) && inBits(Number(body), 16)) return { type: 'short', value: Number(body) };
  if (INT.test(word) && inBits(Number(word), 32)) return { type: 'int', value: Number(word) };
  if (DOUBLE.test(word)) return { type: 'double', value: Number(body) };
  if (DOUBLE_NOSUFFIX.test(word)) return { type: 'double', value: Number(word) };
  if (word.toLowerCase() === 'true') return { type: 'byte', value: 1 };
  if (word.toLowerCase() === 'false') return { type: 'byte', value: 0 };
  return { type: 'string', value: word };
}

function expect(reader: StringReader, c: string): void {
  reader.skipWhitespace();
  if (!reader.canRead() || reader.peek() !== c) throw reader.fail('parsing.expected', [c]);
  reader.skip();
}

function separator(reader: StringReader): boolean {
  reader.skipWhitespace();
  if (reader.canRead() && reader.peek() === ',') {
    reader.skip();
    reader.skipWhitespace();
    return true;
  }
  return false;
}

export function readValue(reader: StringReader): Tag {
  reader.skipWhitespace();
  if (!reader.canRead()) throw reader.fail('argument.nbt.expected.value');
  const c = reader.peek();
  if (c === '{') return readCompound(reader);
  if (c === '[') {
    const quoted = reader.peek(1) === '"' || reader.peek(1) === "'";
    return reader.canRead(3) && !quoted && reader.peek(2) === ';' ? readArray(reader) : readList(reader);
  }
  const start = reader.cursor;
  if (c === '"' || c === "'") return { type: 'string', value: readString(reader) };
  const word = readUnquotedString(reader);
  if (word === '') {
    reader.cursor = start;
    throw reader.fail('argument.nbt.expected.value');
  }
  return typed(word);
}

export function readCompound(reader: StringReader): CompoundTag {
  expect(reader, '{');
  const value: Record<string, Tag> = {};
  reader.skipWhitespace();
  while (reader.canRead() && reader.peek() !== '}') {
    const start = reader.cursor;
    reader.skipWhitespace();
    if (!reader.canRead()) throw reader.fail('argument.nbt.expected.key');
    const key = readString(reader);
    if (key === '') {
      reader.cursor = start;
      throw reader.fail('argument.nbt.expected.key');
    }
    expect(reader, ':');
    value[key] = readValue(reader);
    if (!separator(reader)) break;
    if (!reader.canRead()) throw reader.fail('argument.nbt.expected.key');
  }
  expect(reader, '}');
  return { type: 'compound', value };
}

function readList(reader: StringReader): Tag {
  expect(reader, '[');
  reader.skipWhitespace();
  if (!reader.canRead()) throw reader.fail('argument.nbt.expected.value');
  const items: Tag[] = [];
  let type: TagType | undefined;
  while (reader.peek() !== ']') {
    const start = reader.cursor;
    const tag = readValue(reader);
    if (type === undefined) type = tag.type;
    else if (tag.type !== type) {
      reader.cursor = start;
      throw reader.fail('argument.nbt.list.mixed', [PRETTY[tag.type]!, PRETTY[type]!]);
    }
    items.push(tag);
    if (!separator(reader)) break;
    if (!reader.canRead()) throw reader.fail('argument.nbt.expected.value');
  }
  expect(reader, ']');
  return { type: 'list', value: { type: type ?? 'end', value: items.map((t) => t.value) } } as Tag;
}

function readArray(reader: StringReader): Tag {
  expect(reader, '[');
  const at = reader.cursor;
  const kind = reader.peek();
  reader.skip();
  reader.skip();
  reader.skipWhitespace();
  if (!reader.canRead()) throw reader.fail('argument.nbt.expected.value');
  const arrays = { B: ['byteArray', 'byte'], I: ['intArray', 'int'], L: ['longArray', 'long'] } as const;
  const spec = arrays[kind as keyof typeof arrays];
  if (!spec) {
    reader.cursor = at;
    throw reader.fail('argument.nbt.array.invalid', [kind]);
  }
  const values: Array<number | bigint> = [];
  while (reader.peek() !== ']') {
    const start = reader.cursor;
    const tag = readValue(reader);
    if (tag.type !== spec[1]) {
      reader.cursor = start;
      throw reader.fail('argument.nbt.array.mixed', [PRETTY[tag.type]!, PRETTY[spec[0]]!]);
    }
    values.push(tag.value as number | bigint);
    if (!separator(reader)) break;
    if (!reader.canRead()) throw reader.fail('argument.nbt.expected.value');
  }
  expect(reader, ']');
  return { type: spec[0], value: values } as Tag;
}

/** TagParser.parseTag: a whole string as one compound, nothing after it. */
export function parseCompound(text: string): CompoundTag {
  const reader = new StringReader(text);
  const tag = readCompound(reader);
  reader.skipWhitespace();
  if (reader.canRead()) throw reader.fail('argument.nbt.trailing');
  return tag;
}
