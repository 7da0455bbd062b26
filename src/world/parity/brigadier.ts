/**
 * Brigadier's StringReader reads the parity reader does not have (quoted strings, unquoted words with
 * Brigadier's character set, resource locations, number ranges), with vanilla's error keys and cursors.
 * Follows com.mojang.brigadier.StringReader, net/minecraft/resources/ResourceLocation.java (read) and
 * net/minecraft/advancements/critereon/MinMaxBounds.java (fromReader) of 1.21.4.
 */
import type { StringReader } from './reader.js';

export const isUnquotedChar = (c: string): boolean => /^[0-9A-Za-z_\-.+]$/.test(c);
const isNumberChar = (c: string): boolean => /^[0-9.-]$/.test(c);
const isResourceChar = (c: string): boolean => /^[0-9a-z_:/.-]$/.test(c);

export function readUnquotedString(reader: StringReader): string {
  const start = reader.cursor;
  while (reader.canRead() && isUnquotedChar(reader.peek())) reader.skip();
  return reader.input.slice(start, reader.cursor);
}

/** The text up to the closing quote; the opening quote has been read. */
function readStringUntil(reader: StringReader, terminator: string): string {
  let out = '';
  let escaped = false;
  while (reader.canRead()) {
    const c = reader.peek();
    reader.skip();
    if (escaped) {
      if (c !== terminator && c !== '\\') {
        reader.cursor -= 1;
        throw reader.fail('parsing.quote.escape', [c]);
      }
      out += c;
      escaped = false;
    } else if (c === '\\') escaped = true;
    else if (c === terminator) return out;
    else out += c;
  }
  throw reader.fail('parsing.quote.expected.end');
}

/** Brigadier readString: a quoted string (either quote) or an unquoted word; "" at the end of input. */
export function readString(reader: StringReader): string {
  if (!reader.canRead()) return '';
  const c = reader.peek();
  if (c === '"' || c === "'") {
    reader.skip();
    return readStringUntil(reader, c);
  }
  return readUnquotedString(reader);
}

/** Brigadier readDouble: `-`, `.` and digits only (no `+`, no exponent). */
export function readBrigadierDouble(reader: StringReader): number {
  const start = reader.cursor;
  while (reader.canRead() && isNumberChar(reader.peek())) reader.skip();
  const text = reader.input.slice(start, reader.cursor);
  if (text === '') throw reader.fail('parsing.double.expected');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) {
    reader.cursor = start;
    throw reader.fail('parsing.double.invalid', [text]);
  }
  return Number(text);
}

export function readBrigadierInt(reader: StringReader): number {
  const start = reader.cursor;
  while (reader.canRead() && isNumberChar(reader.peek())) reader.skip();
  const text = reader.input.slice(start, reader.cursor);
  if (text === '') throw reader.fail('parsing.int.expected');
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < -(2 ** 31) || value >= 2 ** 31) {
    reader.cursor = start;
    throw reader.fail('parsing.int.invalid', [text]);
  }
  return value;
}

/** ResourceLocation.read: the id with its namespace (`minecraft:` when none is written). */
export function readResourceLocation(reader: StringReader): string {
  const start = reader.cursor;
  while (reader.canRead() && isResourceChar(reader.peek())) reader.skip();
  const text = reader.input.slice(start, reader.cursor);
  const colon = text.indexOf(':');
  const namespace = colon > 0 ? text.slice(0, colon) : 'minecraft';
  const path = colon >= 0 ? text.slice(colon + 1) : text;
  if (!/^[a-z0-9_.-]+$/.test(namespace) || !/^[a-z0-9_./-]*$/.test(path)) {
    reader.cursor = start;
    throw reader.fail('argument.id.invalid');
  }
  return `${namespace}:${path}`;
}

export interface Range {
  min?: number | undefined;
  max?: number | undefined;
}

export const isAnyRange = (r: Range): boolean => r.min === undefined && r.max === undefined;

export function inRange(r: Range, value: number): boolean {
  return (r.min === undefined || r.min <= value) && (r.max === undefined || value <= r.max);
}

/** MinMaxBounds: `5`, `1..5`, `..5`, `1..`; every error points at the start of the range. */
export function readRange(reader: StringReader, ints: boolean): Range {
  if (!reader.canRead()) throw reader.fail('argument.range.empty');
  const start = reader.cursor;
  const readNumber = (): number | undefined => {
    const from = reader.cursor;
    while (reader.canRead()) {
      const c = reader.peek();
      const dotDot = c === '.' && reader.peek(1) === '.';
      if (!(/[0-9-]/.test(c) || (c === '.' && !dotDot))) break;
      reader.skip();
    }
    const text = reader.input.slice(from, reader.cursor);
    if (text === '') return undefined;
    const ok = ints ? /^-?\d+$/.test(text) : /^-?(\d+\.?\d*|\.\d+)$/.test(text);
    if (!ok) {
      reader.cursor = start;
      throw reader.fail(ints ? 'parsing.int.invalid' : 'parsing.double.invalid', [text], start);
    }
    return Number(text);
  };
  const min = readNumber();
  let max = min;
  if (reader.peek() === '.' && reader.peek(1) === '.') {
    reader.skip();
    reader.skip();
    max = readNumber();
  }
  if (min === undefined && max === undefined) {
    reader.cursor = start;
    throw reader.fail('argument.range.empty', [], start);
  }
  if (min !== undefined && max !== undefined && min > max) {
    reader.cursor = start;
    throw reader.fail('argument.range.swapped', [], start);
  }
  return { min, max };
}

/**
 * StringRepresentableArgument (heightmaps, template rotation and mirror): Brigadier's unquoted word, and on a
 * wrong value argument.enum.invalid [word] with the cursor left after the word (createWithContext after the read)
 */
export function readEnum<T extends string>(reader: StringReader, values: readonly T[]): T {
  const word = readUnquotedString(reader);
  if ((values as readonly string[]).includes(word)) return word as T;
  throw reader.fail('argument.enum.invalid', [word]);
}
