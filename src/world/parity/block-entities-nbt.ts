/**
 * Reading and writing the parts of block entity NBT as vanilla 1.21.4 does: ItemStack.CODEC for stored
 * stacks (world/item/ItemStack.java: id, count 1..99 else 1, components), ContainerHelper.loadAllItems /
 * saveAllItems (world/ContainerHelper.java), SignText.DIRECT_CODEC (world/level/block/entity/SignText.java,
 * lines through ComponentSerialization.FLAT_CODEC), BaseContainerBlockEntity's lock and CustomName,
 * BannerPatternLayers.CODEC and SkullBlockEntity's profile/note_block_sound/custom_name.
 */
import { createRequire } from 'node:module';
import type { CompoundTag, Tag } from './snbt.js';

const require = createRequire(import.meta.url);

export const byte = (v: number): Tag => ({ type: 'byte', value: v });
export const short = (v: number): Tag => ({ type: 'short', value: v });
export const int = (v: number): Tag => ({ type: 'int', value: v });
export const str = (v: string): Tag => ({ type: 'string', value: v });
export const list = (type: 'string' | 'compound', values: unknown[]): Tag =>
  ({ type: 'list', value: { type: values.length ? type : 'end', value: values } }) as Tag;
export const compound = (value: Record<string, Tag>): CompoundTag => ({ type: 'compound', value });

const items = require('minecraft-data')('1.21.4') as { itemsByName: Record<string, unknown> };

/** CompoundTag.getInt & co: a number of any numeric type, 0 otherwise */
export function numberOf(tag: Tag | undefined): number {
  if (!tag || !['byte', 'short', 'int', 'long', 'float', 'double'].includes(tag.type)) return 0;
  return Math.trunc(Number(tag.value));
}

/** ItemStack.parse (CODEC): id a known item but air, count 1..99 (else 1), components kept; else empty */
export function parseItemStack(tag: Tag | undefined): Record<string, Tag> | undefined {
  if (tag?.type !== 'compound') return undefined;
  const id = tag.value['id'];
  if (id?.type !== 'string') return undefined;
  const name = id.value.startsWith('minecraft:')
    ? id.value.slice(10)
    : id.value.includes(':')
      ? ''
      : id.value;
  if (!name || name === 'air' || !items.itemsByName[name]) return undefined;
  // Codec.INT reads any number tag; out of 1..99 (or absent) the field falls back to 1
  const n = numberOf(tag.value['count']);
  const count = n >= 1 && n <= 99 ? n : 1;
  const out: Record<string, Tag> = { id: str(`minecraft:${name}`), count: int(count) };
  const components = tag.value['components'];
  if (components?.type === 'compound' && Object.keys(components.value).length > 0)
    out['components'] = components;
  return out;
}

/** ContainerHelper.loadAllItems: Slot & 255 inside the container, later entries win */
export function loadItems(tag: CompoundTag, size: number): Map<number, Record<string, Tag>> {
  const out = new Map<number, Record<string, Tag>>();
  const listTag = tag.value['Items'];
  if (listTag?.type !== 'list' || listTag.value.type !== 'compound') return out;
  for (const entry of listTag.value.value as Array<Record<string, Tag>>) {
    const slot = numberOf(entry['Slot']) & 255;
    if (slot >= size) continue;
    const stack = parseItemStack(compound(entry));
    if (stack) out.set(slot, stack);
    else out.delete(slot);
  }
  return out;
}

/** ContainerHelper.saveAllItems: non-empty slots in order as {Slot, id, count[, components]} */
export function saveItems(stacks: Map<number, Record<string, Tag>>, always: boolean): Tag | undefined {
  const entries = [...stacks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([slot, s]) => ({ Slot: byte(slot), ...s }));
  return entries.length > 0 || always ? list('compound', entries) : undefined;
}

/** SignText: messages (4 JSON strings), color (dye, black), has_glowing_text; unchanged when malformed */
export function loadSignText(tag: Tag | undefined, current: Tag | undefined): Tag {
  const fallback =
    current ??
    compound({
      messages: list('string', ['""', '""', '""', '""']),
      color: str('black'),
      has_glowing_text: byte(0),
    });
  if (tag?.type !== 'compound') return fallback;
  const messages = tag.value['messages'];
  if (messages?.type !== 'list' || messages.value.type !== 'string' || messages.value.value.length !== 4)
    return fallback;
  const lines: string[] = [];
  for (const line of messages.value.value as string[]) {
    const parsed = parseComponent(line);
    if (parsed === undefined) return fallback;
    lines.push(parsed);
  }
  const color = tag.value['color'];
  const out: Record<string, Tag> = {
    messages: list('string', lines),
    color: str(color?.type === 'string' && DYES.has(color.value) ? color.value : 'black'),
    has_glowing_text: byte(numberOf(tag.value['has_glowing_text']) !== 0 ? 1 : 0),
  };
  const filtered = tag.value['filtered_messages'];
  if (filtered?.type === 'list' && filtered.value.type === 'string' && filtered.value.value.length === 4)
    out['filtered_messages'] = filtered;
  return compound(out);
}

const DYES = new Set(
  'white orange magenta light_blue yellow lime pink gray light_gray cyan purple blue brown green red black'.split(
    ' ',
  ),
);

/** ComponentSerialization.FLAT_CODEC: a JSON text; a plain text without style is written back as a string */
export function parseComponent(json: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json) as unknown;
  } catch {
    // Gson's lenient parser also takes one unquoted word as a string
    if (!/^[^/\\;#={}[\]:,\s"']+$/.test(json) || /^(true|false|null|-?[\d.]+)$/.test(json)) return undefined;
    value = json;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && typeof (value as { text?: unknown }).text === 'string')
      return JSON.stringify((value as { text: string }).text);
  }
  return value === null ? undefined : JSON.stringify(value);
}

/** BaseContainerBlockEntity.loadAdditional/saveAdditional: lock and CustomName */
export function baseContainer(tag: CompoundTag): Record<string, Tag> {
  const out: Record<string, Tag> = {};
  if (tag.value['lock']?.type === 'compound') out['lock'] = tag.value['lock'];
  const name = tag.value['CustomName'];
  if (name?.type === 'string' && parseComponent(name.value) !== undefined) out['CustomName'] = name;
  return out;
}

/** BannerPatterns.java (bootstrap): the patterns of the 1.21.4 registry */
const BANNER_PATTERNS = new Set(
  (
    'base square_bottom_left square_bottom_right square_top_left square_top_right stripe_bottom stripe_top ' +
    'stripe_left stripe_right stripe_center stripe_middle stripe_downright stripe_downleft small_stripes cross ' +
    'straight_cross triangle_bottom triangle_top triangles_bottom triangles_top diagonal_left diagonal_up_right ' +
    'diagonal_up_left diagonal_right circle rhombus half_vertical half_horizontal half_vertical_right ' +
    'half_horizontal_bottom border curly_border gradient gradient_up bricks globe creeper skull flower mojang ' +
    'piglin flow guster'
  ).split(' '),
);

/** BannerBlockEntity.loadAdditional: `patterns` (each {pattern, color}; unreadable layers dropped) */
export function loadBannerPatterns(tag: Tag | undefined, current: Tag | undefined): Tag | undefined {
  if (tag === undefined) return current;
  if (tag.type !== 'list') return current;
  const layers: Array<Record<string, Tag>> = [];
  for (const layer of tag.value.type === 'compound' ? (tag.value.value as Array<Record<string, Tag>>) : []) {
    const pattern = layer['pattern'];
    const color = layer['color'];
    if (pattern?.type !== 'string' || color?.type !== 'string' || !DYES.has(color.value)) continue;
    const id = pattern.value.startsWith('minecraft:') ? pattern.value.slice(10) : pattern.value;
    if (!BANNER_PATTERNS.has(id)) continue;
    layers.push({ pattern: str(`minecraft:${id}`), color: str(color.value) });
  }
  return layers.length > 0 ? list('compound', layers) : undefined;
}
