/**
 * Tag operations the NBT path and `data` need, on prismarine-nbt's `{ type, value }` shape, following vanilla
 * 1.21.4's net/minecraft/nbt: Tag.equals (CompoundTag is a HashMap: key order does not count), copy, the
 * element access of CollectionTag (ListTag.setTag/addTag refuse a second element type; the array tags take
 * any number), NbtUtils.compareNbt (the partial match of path filters), CompoundTag.merge, and the iteration
 * order of a Java HashMap, which is the order vanilla prints a compound's keys in.
 */
import { CommandSyntaxError } from './reader.js';
import type { CompoundTag, Tag, TagType } from './snbt.js';

const ARRAY_ELEMENT: Record<string, TagType> = { byteArray: 'byte', intArray: 'int', longArray: 'long' };
const NUMERIC = new Set(['byte', 'short', 'int', 'long', 'float', 'double']);

export const isCollection = (t: Tag): boolean => t.type === 'list' || t.type in ARRAY_ELEMENT;
export const isNumeric = (t: Tag): boolean => NUMERIC.has(t.type);

export const copyTag = <T extends Tag>(t: T): T => structuredClone(t);

/** The elements of a list or array tag as tags; compound and list elements share their storage. */
export function elements(t: Tag): Tag[] {
  if (t.type === 'list') return t.value.value.map((v) => ({ type: t.value.type, value: v }) as Tag);
  const type = ARRAY_ELEMENT[t.type];
  if (!type) return [];
  return (t.value as Array<number | bigint>).map((v) => ({ type, value: v }) as Tag);
}

export function collectionSize(t: Tag): number {
  return t.type === 'list' ? t.value.value.length : isCollection(t) ? (t.value as unknown[]).length : 0;
}

function arrayValue(t: Tag, element: TagType): number | bigint | undefined {
  if (!isNumeric(t)) return undefined;
  const n = t.value as number | bigint;
  if (element === 'long') return BigInt(typeof n === 'bigint' ? n : Math.trunc(n));
  const v = Math.trunc(Number(n));
  return element === 'byte' ? (v << 24) >> 24 : v | 0;
}

/** CollectionTag.addTag (replace: setTag): false when the element does not fit the collection */
export function putElement(list: Tag, index: number, tag: Tag, replace: boolean): boolean {
  const count = replace ? 1 : 0;
  if (list.type === 'list') {
    const items = list.value;
    if (items.type !== 'end' && items.value.length > 0 && items.type !== tag.type) return false;
    if (index < 0 || index > items.value.length - count) throw new RangeError(String(index));
    items.type = tag.type;
    items.value.splice(index, count, tag.value);
    return true;
  }
  const element = ARRAY_ELEMENT[list.type];
  if (!element) return false;
  const value = arrayValue(tag, element);
  if (value === undefined) return false;
  const items = list.value as Array<number | bigint>;
  if (index < 0 || index > items.length - count) throw new RangeError(String(index));
  items.splice(index, count, value);
  return true;
}

export function removeElement(list: Tag, index: number): void {
  if (list.type === 'list') {
    list.value.value.splice(index, 1);
    // ListTag.updateTypeAfterRemove: an emptied list takes any type again
    if (list.value.value.length === 0) list.value.type = 'end';
  } else (list.value as unknown[]).splice(index, 1);
}

export function clearCollection(list: Tag): void {
  if (list.type === 'list') list.value = { type: 'end', value: [] };
  else (list.value as unknown[]).length = 0;
}

/** NbtPath.isTooDeep: more than 512 levels of nesting below `depth` */
function tooDeep(tag: Tag, depth: number): boolean {
  if (depth >= 512) return true;
  if (tag.type === 'compound') return Object.values(tag.value).some((t) => tooDeep(t, depth + 1));
  if (tag.type === 'list') return elements(tag).some((t) => tooDeep(t, depth + 1));
  return false;
}

export function checkDepth(tag: Tag, depth: number): void {
  if (tooDeep(tag, depth)) throw new CommandSyntaxError('arguments.nbtpath.too_deep');
}

/** Tag.equals */
export function tagEquals(a: Tag, b: Tag): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'compound') {
    const bv = (b as CompoundTag).value;
    const keys = Object.keys(a.value);
    if (keys.length !== Object.keys(bv).length) return false;
    return keys.every((k) => bv[k] !== undefined && tagEquals(a.value[k]!, bv[k]));
  }
  if (isCollection(a)) {
    const ea = elements(a);
    const eb = elements(b);
    return ea.length === eb.length && ea.every((t, i) => tagEquals(t, eb[i]!));
  }
  return a.value === b.value;
}

/** NbtUtils.compareNbt(pattern, tag, partial = true): what `{…}` filters in NBT paths test */
export function matchesPattern(pattern: Tag | undefined, tag: Tag | undefined): boolean {
  if (pattern === undefined) return true;
  if (tag === undefined || pattern.type !== tag.type) return false;
  if (pattern.type === 'compound') {
    const tv = (tag as CompoundTag).value;
    if (Object.keys(tv).length < Object.keys(pattern.value).length) return false;
    return Object.entries(pattern.value).every(([k, v]) => matchesPattern(v, tv[k]));
  }
  if (pattern.type === 'list') {
    const want = elements(pattern);
    const have = elements(tag);
    if (want.length === 0) return have.length === 0;
    if (have.length < want.length) return false;
    return want.every((w) => have.some((h) => matchesPattern(w, h)));
  }
  return tagEquals(pattern, tag);
}

/** CompoundTag.merge, in place: nested compounds merge, everything else is replaced by a copy */
export function mergeInto(base: CompoundTag, patch: CompoundTag): CompoundTag {
  for (const [k, tag] of Object.entries(patch.value)) {
    const old = base.value[k];
    if (old?.type === 'compound' && tag.type === 'compound') mergeInto(old, tag);
    else base.value[k] = copyTag(tag);
  }
  return base;
}

/** java.lang.String.hashCode */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The order a java.util.HashMap filled by put() iterates its keys in: by bucket (the spread hash masked by
 * the table size, which starts at 16 and doubles past 3/4 full), insertion order within a bucket.
 */
export function hashMapOrder(keys: string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string) => {
    const h = javaHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((e) => e.k);
}

const SIMPLE = /^[A-Za-z0-9._+-]+$/;
const SUFFIX: Record<string, string> = { byte: 'b', short: 's', long: 'L', float: 'f', double: 'd' };

/** StringTag.quoteAndEscape */
export function quoteString(s: string): string {
  const q = s.includes('"') && !s.includes("'") ? "'" : '"';
  return q + s.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`) + q;
}

/** Tag.toString (StringTagVisitor): what translatableEscape puts in messages that quote a tag */
export function snbtString(tag: Tag): string {
  switch (tag.type) {
    case 'string':
      return quoteString(tag.value);
    case 'compound':
      return `{${Object.keys(tag.value)
        .sort()
        .map((k) => `${SIMPLE.test(k) ? k : quoteString(k)}:${snbtString(tag.value[k]!)}`)
        .join(',')}}`;
    case 'list':
      return `[${elements(tag).map(snbtString).join(',')}]`;
    case 'byteArray':
      return `[B;${tag.value.map((v) => `${v}B`).join(',')}]`;
    case 'intArray':
      return `[I;${tag.value.join(',')}]`;
    case 'longArray':
      return `[L;${tag.value.map((v) => `${v}L`).join(',')}]`;
    default: {
      const n = tag.value;
      const text =
        (tag.type === 'float' || tag.type === 'double') && Number.isInteger(n)
          ? Number(n).toFixed(1)
          : String(n);
      return text + (SUFFIX[tag.type] ?? '');
    }
  }
}
