/**
 * NBT files through prismarine-nbt: decompressed here under a size bound (a small gzip can unpack to
 * gigabytes), parsed into prismarine-nbt's typed tags, and read with helpers that turn a missing or
 * mistyped field into one clear error naming the field.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import type * as Nbt from 'prismarine-nbt';
import { StructureError } from '../store.js';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as typeof Nbt;

/** a structure file unpacks to at most this many bytes of NBT */
export const MAX_NBT_BYTES = 64 * 1024 * 1024;

export type Tag = Nbt.Tags[Nbt.TagType];
export type Compound = Nbt.Compound;
export { nbt };

/** The file's root compound (gzip detected by its magic bytes; uncompressed NBT is accepted too). */
export function decodeNbt(bytes: Buffer, file: string): Compound {
  let raw = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: MAX_NBT_BYTES });
    } catch (err) {
      const tooBig = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw new StructureError(
        tooBig
          ? `${file} unpacks to more than ${MAX_NBT_BYTES / 1024 / 1024} MiB`
          : `${file} is not a readable gzip file`,
        { remedy: tooBig ? 'split the structure into smaller files' : 'export it again from its editor' },
      );
    }
  }
  try {
    const root = nbt.parseUncompressed(raw, 'big');
    if (root.type !== 'compound') throw new Error('root is not a compound');
    return root as unknown as Compound;
  } catch (err) {
    if (err instanceof StructureError) throw err;
    throw new StructureError(`${file} is not valid NBT (${(err as Error).message})`, {
      remedy: 'export it again from its editor; nothing was changed',
    });
  }
}

export function encodeNbt(root: Compound, name = ''): Buffer {
  return gzipSync(nbt.writeUncompressed({ ...root, name } as Parameters<typeof nbt.writeUncompressed>[0]));
}

/** Reads fields of one file, naming the file and the field when one is missing or of another type. */
export class NbtReader {
  constructor(readonly file: string) {}

  fail(what: string): never {
    throw new StructureError(`${this.file}: ${what}`, {
      remedy: 'the file is damaged or not of the format its extension names; nothing was changed',
    });
  }

  field(c: Compound, key: string): Tag | undefined {
    return c.value[key] as Tag | undefined;
  }

  compound(c: Compound, key: string): Compound {
    const t = this.field(c, key);
    if (t?.type !== 'compound') this.fail(`"${key}" is missing or not a compound`);
    return t as Compound;
  }

  optionalCompound(c: Compound, key: string): Compound | undefined {
    const t = this.field(c, key);
    return t?.type === 'compound' ? (t as Compound) : undefined;
  }

  /** byte, short or int (Sponge stores sizes as unsigned shorts) */
  int(c: Compound, key: string, unsignedShort = false): number {
    const t = this.field(c, key);
    if (t?.type === 'short' && unsignedShort) return t.value & 0xffff;
    if (t?.type === 'int' || t?.type === 'short' || t?.type === 'byte') return t.value;
    return this.fail(`"${key}" is missing or not a number`);
  }

  optionalInt(c: Compound, key: string): number | undefined {
    const t = this.field(c, key);
    return t?.type === 'int' || t?.type === 'short' || t?.type === 'byte' ? t.value : undefined;
  }

  string(c: Compound, key: string): string {
    const t = this.field(c, key);
    if (t?.type !== 'string') this.fail(`"${key}" is missing or not a string`);
    return (t as Nbt.String).value;
  }

  /** a list of compounds (an empty list of any type counts as empty) */
  compounds(c: Compound, key: string, required = true): Compound[] {
    const t = this.field(c, key);
    if (t === undefined && !required) return [];
    if (t?.type !== 'list') return this.fail(`"${key}" is missing or not a list`);
    const list = (t as Nbt.List<Nbt.TagType>).value;
    if (list.value.length === 0) return [];
    if (list.type !== 'compound') this.fail(`"${key}" is not a list of compounds`);
    return (list.value as Array<Compound['value']>).map((value) => ({ type: 'compound', value }));
  }

  /** an int array, or a list of ints (vanilla's structure files use lists for positions) */
  ints(c: Compound, key: string, length?: number): number[] {
    const t = this.field(c, key);
    let out: number[] | undefined;
    if (t?.type === 'intArray') out = t.value;
    else if (t?.type === 'list' && (t.value.type === 'int' || t.value.value.length === 0))
      out = t.value.value as number[];
    if (!out) return this.fail(`"${key}" is missing or not a list of numbers`);
    if (length !== undefined && out.length !== length) this.fail(`"${key}" does not hold ${length} numbers`);
    return out;
  }

  bytes(c: Compound, key: string): number[] {
    const t = this.field(c, key);
    if (t?.type !== 'byteArray') return this.fail(`"${key}" is missing or not a byte array`);
    return t.value;
  }

  /** a long array as unsigned 64-bit values */
  longs(c: Compound, key: string): bigint[] {
    const t = this.field(c, key);
    if (t?.type !== 'longArray') return this.fail(`"${key}" is missing or not a long array`);
    return t.value.map(([hi, lo]) => BigInt.asUintN(64, (BigInt(hi) << 32n) | BigInt(lo >>> 0)));
  }
}

/**
 * The DataVersion from which vanilla names a block state's fields `id` and `properties` instead of `Name`
 * and `Properties` (BlockStateFieldNamesFix, registered on schema 5006 in 26.3's DataFixers; 26.3's
 * NbtUtils.writeBlockState writes them so).
 */
export const BLOCK_STATE_FIELD_NAMES_DATA_VERSION = 5006;

/**
 * `Name` + `Properties` (vanilla and Litematica palettes), or `id` + `properties` as files of 26.3 on
 * write them (BlockStateFieldNamesFix) → a state key with sorted properties.
 */
export function paletteEntryKey(reader: NbtReader, entry: Compound): string {
  const renamed = entry.value['Name'] === undefined && entry.value['id'] !== undefined;
  const name = reader.string(entry, renamed ? 'id' : 'Name');
  const props = reader.optionalCompound(entry, renamed ? 'properties' : 'Properties');
  const pairs = Object.entries(props?.value ?? {})
    .filter(([, v]) => v?.type === 'string')
    .map(([k, v]) => `${k}=${String(v!.value)}`)
    .sort();
  return pairs.length ? `${name}[${pairs.join(',')}]` : name;
}

/**
 * A state key → `Name` + `Properties` compound, or `id` + `properties` where the file's DataVersion is
 * BlockStateFieldNamesFix's or later.
 */
export function paletteEntryTag(key: string, dataVersion?: number): Compound['value'] {
  const renamed = dataVersion !== undefined && dataVersion >= BLOCK_STATE_FIELD_NAMES_DATA_VERSION;
  const open = key.indexOf('[');
  const name = open < 0 ? key : key.slice(0, open);
  const out: Compound['value'] = { [renamed ? 'id' : 'Name']: nbt.string(name) };
  if (open >= 0) {
    const props: Compound['value'] = {};
    for (const kv of key
      .slice(open + 1, -1)
      .split(',')
      .filter(Boolean)) {
      const [k, v] = kv.split('=') as [string, string];
      props[k] = nbt.string(v);
    }
    out[renamed ? 'properties' : 'Properties'] = nbt.comp(props) as Compound;
  }
  return out;
}

/** Block entity data without the fields that only say where it is. */
export function withoutPosition(data: Compound): Compound {
  const value = { ...data.value };
  for (const key of ['x', 'y', 'z', 'Pos', 'id', 'Id']) delete value[key];
  return { type: 'compound', value };
}

export const intList = (values: number[]): Tag =>
  ({ type: 'list', value: { type: 'int', value: values } }) as unknown as Tag;

export const compoundList = (values: Array<Compound['value']>): Tag =>
  ({ type: 'list', value: { type: values.length ? 'compound' : 'end', value: values } }) as unknown as Tag;
