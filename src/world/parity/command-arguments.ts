/**
 * Brigadier behaviours the everyday commands share: a required choice of literals, float reading, bounded
 * ints, and vanilla's TimeArgument (net/minecraft/commands/arguments/TimeArgument.java, 1.21.4).
 */
import { readBrigadierInt, readUnquotedString } from './brigadier.js';
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

/** Brigadier readFloat: `-`, `.` and digits only, kept in float precision. */
export function readFloat(reader: StringReader): number {
  const start = reader.cursor;
  while (reader.canRead() && /[0-9.-]/.test(reader.peek())) reader.skip();
  const text = reader.input.slice(start, reader.cursor);
  if (text === '') throw reader.fail('parsing.float.expected');
  const value = Number(text);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(value)) {
    reader.cursor = start;
    throw reader.fail('parsing.float.invalid', [text]);
  }
  return Math.fround(value);
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

/** IntegerArgumentType with bounds: argument.integer.low / .big [bound, found] at the number. */
export function readBoundedInt(reader: StringReader, min: number, max: number): number {
  const start = reader.cursor;
  const value = readBrigadierInt(reader);
  if (value < min || value > max) {
    reader.cursor = start;
    throw reader.fail(value < min ? 'argument.integer.low' : 'argument.integer.big', [
      value < min ? min : max,
      value,
    ]);
  }
  return value;
}
