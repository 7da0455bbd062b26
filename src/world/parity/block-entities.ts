/**
 * Block entities as vanilla 1.21.4 keeps them (net/minecraft/world/level/block/entity/): which blocks have
 * one (BlockEntityType.java — the type ids are its registration order), what each writes
 * (BaseContainerBlockEntity lock/CustomName, ChestBlockEntity & co. Items via ContainerHelper.saveAllItems
 * with the ItemStack codec {Slot, id, count, components}, AbstractFurnaceBlockEntity's cook times and
 * RecipesUsed, HopperBlockEntity's TransferCooldown, SignBlockEntity/SignText front_text/back_text/is_waxed,
 * LecternBlockEntity Book/Page, EnchantingTableBlockEntity CustomName, ComparatorBlockEntity OutputSignal) and
 * what each reads back (loadAdditional). A block entity is its type plus
 * the compound its saveAdditional writes; `load` rebuilds that compound from any tag the way loadAdditional
 * would read it, so fields a block entity does not have are dropped like in vanilla.
 */
import { createRequire } from 'node:module';
import type { CompoundTag, Tag } from './snbt.js';

const require = createRequire(import.meta.url);

type Kind =
  'container' | 'furnace' | 'hopper' | 'shulker' | 'sign' | 'lectern' | 'named' | 'comparator' | 'plain';

export interface BlockEntityType {
  /** registry name without namespace: `chest`, `sign`, `hanging_sign` */
  id: string;
  /** network id (registration order in BlockEntityType.java) */
  networkId: number;
  kind: Kind;
  /** container size (Container.getContainerSize); 0 when not a container */
  size: number;
}

const TYPE_ORDER = [
  'furnace', 'chest', 'trapped_chest', 'ender_chest', 'jukebox', 'dispenser', 'dropper', 'sign',
  'hanging_sign', 'mob_spawner', 'creaking_heart', 'piston', 'brewing_stand', 'enchanting_table',
  'end_portal', 'beacon', 'skull', 'daylight_detector', 'hopper', 'comparator', 'banner', 'structure_block',
  'end_gateway', 'command_block', 'shulker_box', 'bed', 'conduit', 'barrel', 'smoker', 'blast_furnace',
  'lectern', 'bell',
]; // prettier-ignore

const type = (id: string, kind: Kind, size = 0): BlockEntityType => ({
  id,
  networkId: TYPE_ORDER.indexOf(id),
  kind,
  size,
});

const CHEST = type('chest', 'container', 27);
const BY_BLOCK: Record<string, BlockEntityType> = {
  chest: CHEST,
  trapped_chest: type('trapped_chest', 'container', 27),
  barrel: type('barrel', 'container', 27),
  dispenser: type('dispenser', 'container', 9),
  dropper: type('dropper', 'container', 9),
  hopper: type('hopper', 'hopper', 5),
  furnace: type('furnace', 'furnace', 3),
  smoker: type('smoker', 'furnace', 3),
  blast_furnace: type('blast_furnace', 'furnace', 3),
  lectern: type('lectern', 'lectern'),
  ender_chest: type('ender_chest', 'plain'),
  enchanting_table: type('enchanting_table', 'named'),
  comparator: type('comparator', 'comparator'),
  bell: type('bell', 'plain'),
  conduit: type('conduit', 'plain'),
  daylight_detector: type('daylight_detector', 'plain'),
  end_portal: type('end_portal', 'plain'),
};
const SIGN = type('sign', 'sign');
const HANGING_SIGN = type('hanging_sign', 'sign');
const SHULKER = type('shulker_box', 'shulker', 27);
const BED = type('bed', 'plain');

/** BlockEntityType's valid blocks: the type of the block entity a block has, if it has a modelled one */
export function blockEntityTypeOf(block: string): BlockEntityType | undefined {
  if (BY_BLOCK[block]) return BY_BLOCK[block];
  if (block.endsWith('_hanging_sign')) return HANGING_SIGN;
  if (block.endsWith('_sign')) return SIGN;
  if (block.endsWith('shulker_box')) return SHULKER;
  if (block.endsWith('_bed')) return BED;
  return undefined;
}

const byte = (v: number): Tag => ({ type: 'byte', value: v });
const short = (v: number): Tag => ({ type: 'short', value: v });
const int = (v: number): Tag => ({ type: 'int', value: v });
const str = (v: string): Tag => ({ type: 'string', value: v });
const list = (type: 'string' | 'compound', values: unknown[]): Tag =>
  ({ type: 'list', value: { type: values.length ? type : 'end', value: values } }) as Tag;
const compound = (value: Record<string, Tag>): CompoundTag => ({ type: 'compound', value });

const items = require('minecraft-data')('1.21.4') as { itemsByName: Record<string, unknown> };

/** CompoundTag.getInt & co: a number of any numeric type, 0 otherwise */
function numberOf(tag: Tag | undefined): number {
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
function loadItems(tag: CompoundTag, size: number): Map<number, Record<string, Tag>> {
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
function loadSignText(tag: Tag | undefined, current: Tag | undefined): Tag {
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
function parseComponent(json: string): string | undefined {
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
function baseContainer(tag: CompoundTag): Record<string, Tag> {
  const out: Record<string, Tag> = {};
  if (tag.value['lock']?.type === 'compound') out['lock'] = tag.value['lock'];
  const name = tag.value['CustomName'];
  if (name?.type === 'string' && parseComponent(name.value) !== undefined) out['CustomName'] = name;
  return out;
}

/** saveAdditional of a block entity of `type` loaded from `tag` (loadAdditional), `current` its old data */
export function loadBlockEntity(type: BlockEntityType, tag: CompoundTag, current?: CompoundTag): CompoundTag {
  const v = tag.value;
  switch (type.kind) {
    case 'container':
    case 'shulker': {
      const out = baseContainer(tag);
      const saved = saveItems(loadItems(tag, type.size), type.kind === 'container');
      if (saved) out['Items'] = saved;
      return compound(out);
    }
    case 'hopper': {
      const out = baseContainer(tag);
      out['Items'] = saveItems(loadItems(tag, type.size), true)!;
      out['TransferCooldown'] = int(numberOf(v['TransferCooldown']));
      return compound(out);
    }
    case 'furnace': {
      const out = baseContainer(tag);
      for (const key of ['cooking_time_spent', 'cooking_total_time', 'lit_time_remaining', 'lit_total_time'])
        out[key] = short((numberOf(v[key]) << 16) >> 16);
      out['Items'] = saveItems(loadItems(tag, type.size), true)!;
      const recipes: Record<string, Tag> = {};
      const used = v['RecipesUsed'];
      if (used?.type === 'compound')
        for (const [k, n] of Object.entries(used.value)) recipes[k] = int(numberOf(n));
      out['RecipesUsed'] = compound(recipes);
      return compound(out);
    }
    case 'sign':
      return compound({
        front_text: loadSignText(v['front_text'], current?.value['front_text']),
        back_text: loadSignText(v['back_text'], current?.value['back_text']),
        is_waxed: byte(numberOf(v['is_waxed']) !== 0 ? 1 : 0),
      });
    case 'lectern': {
      const book = parseItemStack(v['Book']);
      // any item loads as the book (resolveBook only fills in written books' components)
      if (!book) return compound({});
      const content = book['components']?.type === 'compound' ? book['components'].value : {};
      const pages = content['minecraft:written_book_content'] ?? content['minecraft:writable_book_content'];
      const list = pages?.type === 'compound' ? pages.value['pages'] : undefined;
      const count = list?.type === 'list' ? list.value.value.length : 0;
      // LecternBlockEntity.getPageCount, then Mth.clamp(page, 0, pageCount - 1): no pages gives -1
      return compound({
        Book: compound(book),
        Page: int(Math.min(Math.max(numberOf(v['Page']), 0), count - 1)),
      });
    }
    case 'named': {
      // EnchantingTableBlockEntity: only a CustomName
      const name = v['CustomName'];
      return compound(
        name?.type === 'string' && parseComponent(name.value) !== undefined ? { CustomName: name } : {},
      );
    }
    case 'comparator':
      return compound({ OutputSignal: int(numberOf(v['OutputSignal'])) });
    default:
      return compound({});
  }
}

/** A new block entity's data: loadAdditional of an empty tag */
export const defaultBlockEntity = (type: BlockEntityType): CompoundTag => loadBlockEntity(type, compound({}));

/** saveWithFullMetadata: saveAdditional, then id, x, y, z */
export function fullMetadata(
  type: BlockEntityType,
  data: CompoundTag,
  pos: { x: number; y: number; z: number },
): CompoundTag {
  return compound({
    ...structuredClone(data.value),
    id: str(`minecraft:${type.id}`),
    x: int(pos.x),
    y: int(pos.y),
    z: int(pos.z),
  });
}
