/**
 * A JSON text component as 1.20.3+ servers put it on the wire: NBT. Vanilla's ComponentSerialization
 * writes strings, numbers and booleans as tags, and a list whose elements differ in type as a list of
 * compounds, each non-compound element wrapped as `{"": value}` (what src/vocabulary/text/component.ts unwraps).
 */
import type { TextComponent } from '../../src/vocabulary/text/message.js';

export interface Tag {
  type: string;
  value: unknown;
}

function listOf(items: readonly unknown[]): Tag {
  const tags = items.map(toTag);
  const first = tags[0];
  if (!first) return { type: 'list', value: { type: 'end', value: [] } };
  if (first.type !== 'compound' && tags.every((t) => t.type === first.type)) {
    return { type: 'list', value: { type: first.type, value: tags.map((t) => t.value) } };
  }
  const compounds = tags.map((t) => (t.type === 'compound' ? t.value : { '': t }));
  return { type: 'list', value: { type: 'compound', value: compounds } };
}

export function toTag(value: unknown): Tag {
  if (typeof value === 'string') return { type: 'string', value };
  if (typeof value === 'boolean') return { type: 'byte', value: value ? 1 : 0 };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { type: 'int', value } : { type: 'double', value };
  if (Array.isArray(value)) return listOf(value);
  const out: Record<string, Tag> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    if (v !== undefined) out[k] = toTag(v);
  return { type: 'compound', value: out };
}

/** The anonymous NBT root of a component (a bare string becomes a string tag, as vanilla writes it). */
export function componentNbt(component: TextComponent): Tag & { name: string } {
  return { ...toTag(component), name: '' };
}
