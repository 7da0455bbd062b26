/**
 * Brigadier behaviours the everyday commands share: a required choice of literals, float reading, and
 * vanilla's TimeArgument (net/minecraft/commands/arguments/TimeArgument.java, 1.21.4).
 */
import type { StringReader } from './reader.js';

/**
 * A required literal out of `choices` after a separator. Brigadier offers only the literal that matches the
 * next word; when none does and the node has no argument child, the error is command.unknown.argument
 * at the word (or command.unknown.command when the input ends before it).
 */
export function readLiteral<T extends string>(reader: StringReader, choices: readonly T[]): T {
  if (!reader.canRead()) throw reader.fail('command.unknown.command', [], reader.input.length);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  const start = reader.cursor;
  const word = reader.readUnquoted();
  if (!(choices as readonly string[]).includes(word)) {
    reader.cursor = start;
    throw reader.fail('command.unknown.argument');
  }
  return word as T;
}

/** The word after the separator if it is one of `choices` (the cursor stays put otherwise). */
export function peekLiteral<T extends string>(reader: StringReader, choices: readonly T[]): T | undefined {
  const rest = reader.input.slice(reader.cursor);
  if (!rest.startsWith(' ')) return undefined;
  const word = rest.slice(1).split(' ', 1)[0] ?? '';
  if (!(choices as readonly string[]).includes(word)) return undefined;
  reader.cursor += 1 + word.length;
  return word as T;
}

// Brigadier's StringReader.isAllowedNumber: digits, '.', '-' (no '+')
const isNumberChar = (c: string) => /[0-9.-]/.test(c);

function readNumber(reader: StringReader, kind: 'float' | 'double' | 'int'): number {
  const start = reader.cursor;
  while (reader.canRead() && isNumberChar(reader.peek())) reader.skip();
  const text = reader.input.slice(start, reader.cursor);
  if (text === '') throw reader.fail(`parsing.${kind}.expected`);
  const valid = kind === 'int' ? /^-?\d+$/.test(text) : /^-?(\d+\.?\d*|\.\d+)$/.test(text);
  const value = Number(text);
  if (!valid || !Number.isFinite(value) || (kind === 'int' && Math.abs(value) > 2 ** 31 - 1)) {
    reader.cursor = start;
    throw reader.fail(`parsing.${kind}.invalid`, [text]);
  }
  return kind === 'float' ? Math.fround(value) : value;
}

export const readFloat = (reader: StringReader) => readNumber(reader, 'float');
export const readInteger = (reader: StringReader) => readNumber(reader, 'int');

/** Brigadier's readUnquotedString: 0-9 A-Z a-z _ - . + */
export function readUnquotedString(reader: StringReader): string {
  const start = reader.cursor;
  while (reader.canRead() && /[0-9A-Za-z_.+-]/.test(reader.peek())) reader.skip();
  return reader.input.slice(start, reader.cursor);
}

const UNITS: Record<string, number> = { d: 24000, s: 20, t: 1, '': 1 };

/** TimeArgument: a float with an optional unit d/s/t, rounded to ticks, at least `minimum`. */
export function readTime(reader: StringReader, minimum = 0): number {
  const amount = readFloat(reader);
  const unit = readUnquotedString(reader);
  const factor = UNITS[unit];
  if (factor === undefined) throw reader.fail('argument.time.invalid_unit');
  // Java's Math.round on a float product
  const ticks = Math.floor(Math.fround(amount * factor) + 0.5);
  if (ticks < minimum) throw reader.fail('argument.time.tick_count_too_low', [minimum, ticks]);
  return ticks;
}

/** A Brigadier integer argument with bounds (IntegerArgumentType). */
export function readBoundedInt(reader: StringReader, min: number, max: number): number {
  const start = reader.cursor;
  const value = readInteger(reader);
  if (value < min) {
    reader.cursor = start;
    throw reader.fail('argument.integer.low', [min, value]);
  }
  if (value > max) {
    reader.cursor = start;
    throw reader.fail('argument.integer.big', [max, value]);
  }
  return value;
}
