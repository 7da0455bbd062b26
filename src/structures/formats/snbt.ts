/**
 * prismarine-nbt's typed tags → SNBT, the text form `setblock … <state>{…}` takes for block entity data.
 * Suffixes and quoting as vanilla's TagParser reads them (net/minecraft/nbt/TagParser.java, 1.21.4).
 */
import type { Tag } from './nbt-file.js';

const BARE_KEY = /^[A-Za-z0-9._+-]+$/;

const quote = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const long = ([hi, lo]: [number, number]): string =>
  BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo >>> 0)).toString();

const decimal = (n: number): string => (Number.isInteger(n) ? `${n}.0` : String(n));

export function toSnbt(tag: Tag): string {
  switch (tag.type) {
    case 'byte':
      return `${tag.value}b`;
    case 'short':
      return `${tag.value}s`;
    case 'int':
      return String(tag.value);
    case 'long':
      return `${long(tag.value)}L`;
    case 'float':
      return `${decimal(tag.value)}f`;
    case 'double':
      return `${decimal(tag.value)}d`;
    case 'string':
      return quote(tag.value);
    case 'byteArray':
      return `[B;${tag.value.map((b) => `${b}b`).join(',')}]`;
    case 'intArray':
      return `[I;${tag.value.join(',')}]`;
    case 'longArray':
      return `[L;${tag.value.map((l) => `${long(l)}L`).join(',')}]`;
    case 'shortArray':
      return `[${tag.value.map((s) => `${s}s`).join(',')}]`;
    case 'list': {
      const { type, value } = tag.value;
      return `[${(value as unknown[]).map((v) => toSnbt({ type, value: v } as Tag)).join(',')}]`;
    }
    case 'compound':
      return `{${Object.entries(tag.value)
        .filter((e): e is [string, Tag] => e[1] !== undefined)
        .map(([k, v]) => `${BARE_KEY.test(k) ? k : quote(k)}:${toSnbt(v)}`)
        .join(',')}}`;
  }
}
