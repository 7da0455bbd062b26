/**
 * Prompt arguments as a user types them: every argument arrives as a string (MCP prompt arguments are
 * strings), and each is read for what it says — a count as digits or English words ("two", "twenty-one"), a
 * side, yes or no, a style, a block id. What cannot be read, or asks for more than the prompt builds, is
 * refused (-32602, invalid params) with the values it takes; nothing is replaced by a default without a word.
 * An empty argument is an argument not given: its default.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** Refuses an argument of a prompt: the SDK's own wording for invalid prompt arguments, then ours. */
export class PromptArgs {
  constructor(private readonly prompt: string) {}

  refuse(arg: string, problem: string): never {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid arguments for prompt ${this.prompt}: ${arg}: ${problem}`,
    );
  }

  /** A whole number in [min, max], as digits or words, optionally followed by its unit ("3 rooms"). */
  count(
    arg: string,
    value: string | undefined,
    o: { fallback: number; min: number; max: number; unit: string },
  ): number {
    const typed = given(value);
    if (typed === undefined) return o.fallback;
    const bare = typed
      .toLowerCase()
      .replace(new RegExp(`\\s+${o.unit}s?$`), '')
      .trim();
    const n = /^[+]?\d+$/.test(bare) ? Number(bare) : numberWords(bare);
    const takes = `a whole number of ${o.unit}s from ${o.min} to ${o.max}, as digits (${o.fallback}) or words (${wordsOf(o.fallback)})`;
    if (n === undefined) this.refuse(arg, `"${typed}" is not a number: give ${takes}`);
    if (n < o.min || n > o.max) this.refuse(arg, `${n} is outside what this prompt builds: give ${takes}`);
    return n;
  }

  /** One of `choices`, case and surrounding spaces aside; `aliases` map other words a user types to one. */
  choice<T extends string>(
    arg: string,
    value: string | undefined,
    choices: readonly T[],
    fallback: T,
    aliases: Readonly<Record<string, T>> = {},
  ): T {
    const typed = given(value);
    if (typed === undefined) return fallback;
    const key = typed.toLowerCase();
    const found = choices.find((c) => c === key) ?? aliases[key];
    if (found === undefined)
      this.refuse(arg, `"${typed}" is not one of ${listOf(choices)} (default ${fallback})`);
    return found;
  }

  yesNo(arg: string, value: string | undefined): boolean {
    return this.choice(arg, value, ['yes', 'no'], 'yes', YES_NO) === 'yes';
  }

  /** A block position, three whole numbers "x y z" (commas allowed), as get_blocks_in_area takes them. */
  position(arg: string, value: string): string {
    const parts = value.trim().split(/[\s,]+/);
    if (parts.length !== 3 || !parts.every((p) => /^[-+]?\d+$/.test(p)))
      this.refuse(
        arg,
        `"${value}" is not a block position: give three whole numbers, x y z (e.g. "10 64 -5"; absolute, not ~)`,
      );
    return parts.map(Number).join(' ');
  }

  /**
   * A block id, namespaced: `oak planks` and `Oak_Planks` read as `minecraft:oak_planks`. An id of the
   * `minecraft` namespace must be a block of `known` (the server's version); other namespaces are a mod's.
   */
  block(
    arg: string,
    value: string | undefined,
    fallback: string,
    known: readonly string[],
    near: (typed: string) => string[],
  ): string {
    const typed = given(value);
    if (typed === undefined) return fallback;
    const id = typed.toLowerCase().replace(/\s+/g, '_');
    const match = /^(?:([a-z0-9_.-]+):)?([a-z0-9_./-]+)(\[[^\]]*\])?$/.exec(id);
    if (!match)
      this.refuse(arg, `"${typed}" is not a block id: give one such as minecraft:oak_planks or oak_planks`);
    const namespaced = `${match[1] ?? 'minecraft'}:${match[2]}`;
    if (namespaced.startsWith('minecraft:') && known.length > 0 && !known.includes(namespaced)) {
      const like = near(match[2]!).slice(0, 3);
      this.refuse(
        arg,
        `"${typed}" is not a block of this server's version${like.length ? `: did you mean ${listOf(like)}?` : ''}`,
      );
    }
    return `${namespaced}${match[3] ?? ''}`;
  }
}

const YES_NO: Readonly<Record<string, 'yes' | 'no'>> = {
  y: 'yes',
  true: 'yes',
  on: 'yes',
  '1': 'yes',
  n: 'no',
  false: 'no',
  off: 'no',
  '0': 'no',
  none: 'no',
};

const given = (value: string | undefined): string | undefined => {
  const v = (value ?? '').trim();
  return v === '' ? undefined : v;
};

const listOf = (xs: readonly string[]) =>
  xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)!}`;

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–99 in English words ("seven", "twenty-one", "twenty one"); undefined for anything else. */
export function numberWords(words: string): number | undefined {
  const parts = words
    .trim()
    .toLowerCase()
    .split(/[\s-]+/);
  if (parts.length === 1) {
    const unit = UNITS.indexOf(parts[0]!);
    if (unit >= 0) return unit;
    const tens = TENS.indexOf(parts[0]!);
    return tens >= 2 ? tens * 10 : undefined;
  }
  if (parts.length !== 2) return undefined;
  const tens = TENS.indexOf(parts[0]!);
  const unit = UNITS.indexOf(parts[1]!);
  return tens >= 2 && unit >= 1 && unit <= 9 ? tens * 10 + unit : undefined;
}

/** The words of 0–99, as numberWords reads them back. */
export function wordsOf(n: number): string {
  if (n < 20) return UNITS[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]!}`;
}
