/**
 * JSON text component -> network NBT, as 1.20.3+ clients expect in system_chat.
 * Homogeneous lists stay typed (`with: [5]` is a list of ints, like vanilla); mixed lists become lists of
 * compounds, primitives wrapped as `{"": value}` the way vanilla's NbtOps writes heterogeneous lists.
 */
import type { TextComponent } from '../../vocabulary/text/message.js';

type Tag = { type: string; value: unknown };

/** A translation argument vanilla holds as a Java float (e.g. an angle): written as an NBT float. */
export class FloatArg {
  constructor(readonly float: number) {}
}

const isInt = (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31;

function primitive(v: string | number | boolean): Tag {
  if (typeof v === 'string') return { type: 'string', value: v };
  if (typeof v === 'boolean') return { type: 'byte', value: v ? 1 : 0 };
  return isInt(v) ? { type: 'int', value: v } : { type: 'double', value: v };
}

function list(items: unknown[]): Tag {
  if (items.length === 0) return { type: 'list', value: { type: 'end', value: [] } };
  const tags = items.map(toTag);
  const first = tags[0]!.type;
  if (first !== 'compound' && first !== 'list' && tags.every((t) => t.type === first)) {
    return { type: 'list', value: { type: first, value: tags.map((t) => t.value) } };
  }
  const compounds = tags.map((t) => (t.type === 'compound' ? t.value : { '': t }));
  return { type: 'list', value: { type: 'compound', value: compounds } };
}

function toTag(v: unknown): Tag {
  if (v instanceof FloatArg) return { type: 'float', value: v.float };
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return primitive(v);
  if (Array.isArray(v)) return list(v);
  if (v && typeof v === 'object') {
    const fields = v as Record<string, unknown>;
    const value: Record<string, Tag> = {};
    for (const k in fields) {
      const field = fields[k];
      if (field !== undefined && field !== null) value[k] = toTag(field);
    }
    return { type: 'compound', value };
  }
  return { type: 'string', value: String(v) };
}

/** Root of a chat packet: always a compound (a bare string becomes `{text: …}`). */
export function componentToNbt(component: TextComponent): Tag & { name: string } {
  const root =
    typeof component === 'object' && !Array.isArray(component) ? component : { text: '', extra: [component] };
  return { ...toTag(root), name: '' };
}
