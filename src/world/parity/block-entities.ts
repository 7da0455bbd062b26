/**
 * Block entities as vanilla 1.21.4 keeps them (net/minecraft/world/level/block/entity/): which blocks have
 * one (BlockEntityType.java — the type ids are its registration order), what each writes
 * (BaseContainerBlockEntity lock/CustomName, ChestBlockEntity & co. Items via ContainerHelper.saveAllItems
 * with the ItemStack codec {Slot, id, count, components}, AbstractFurnaceBlockEntity's cook times and
 * RecipesUsed, HopperBlockEntity's TransferCooldown, BrewingStandBlockEntity's BrewTime and Fuel, SignBlockEntity/SignText front_text/back_text/is_waxed,
 * LecternBlockEntity Book/Page, EnchantingTableBlockEntity CustomName, ComparatorBlockEntity OutputSignal,
 * BannerBlockEntity patterns/CustomName, SkullBlockEntity profile/note_block_sound/custom_name) and what
 * each reads back (loadAdditional; the tag readers are in block-entities-nbt.ts). A block entity is its type
 * plus the compound its saveAdditional writes; `load` rebuilds that compound from any tag the way
 * loadAdditional would read it, so fields a block entity does not have are dropped like in vanilla.
 */
import {
  baseContainer,
  byte,
  compound,
  int,
  loadItems,
  loadSignText,
  numberOf,
  parseComponent,
  loadBannerPatterns,
  parseItemStack,
  saveItems,
  short,
  str,
} from './block-entities-nbt.js';
import type { CompoundTag, Tag } from './snbt.js';

type Kind =
  | 'container'
  | 'furnace'
  | 'hopper'
  | 'brewing'
  | 'shulker'
  | 'sign'
  | 'lectern'
  | 'named'
  | 'comparator'
  | 'banner'
  | 'skull'
  | 'plain';

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
  brewing_stand: type('brewing_stand', 'brewing', 5),
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
const BANNER = type('banner', 'banner');
const SKULL = type('skull', 'skull');

/** BlockEntityType's valid blocks: the type of the block entity a block has, if it has a modelled one */
export function blockEntityTypeOf(block: string): BlockEntityType | undefined {
  if (BY_BLOCK[block]) return BY_BLOCK[block];
  if (block.endsWith('_hanging_sign')) return HANGING_SIGN;
  if (block.endsWith('_sign')) return SIGN;
  if (block.endsWith('shulker_box')) return SHULKER;
  if (block.endsWith('_bed')) return BED;
  if (block.endsWith('_banner')) return BANNER;
  if (/_(skull|head)$/.test(block) && block !== 'piston_head') return SKULL;
  return undefined;
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
    case 'brewing': {
      // BrewingStandBlockEntity: BrewTime, Items, Fuel
      const out = baseContainer(tag);
      out['BrewTime'] = short((numberOf(v['BrewTime']) << 16) >> 16);
      out['Items'] = saveItems(loadItems(tag, type.size), true)!;
      out['Fuel'] = byte((numberOf(v['Fuel']) << 24) >> 24);
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
    case 'banner': {
      const out: Record<string, Tag> = {};
      const patterns = loadBannerPatterns(v['patterns'], current?.value['patterns']);
      if (patterns) out['patterns'] = patterns;
      const name = v['CustomName'] ?? current?.value['CustomName'];
      if (name?.type === 'string' && parseComponent(name.value) !== undefined) out['CustomName'] = name;
      return compound(out);
    }
    case 'skull':
      return loadSkull(v, current);
    case 'comparator':
      return compound({ OutputSignal: int(numberOf(v['OutputSignal'])) });
    default:
      return compound({});
  }
}

/** SkullBlockEntity.loadAdditional: profile (a name or a profile compound), note_block_sound, custom_name */
function loadSkull(v: Record<string, Tag>, current: CompoundTag | undefined): CompoundTag {
  const out: Record<string, Tag> = {};
  const profile = v['profile'];
  if (profile?.type === 'string') out['profile'] = compound({ name: str(profile.value) });
  else if (profile?.type === 'compound') out['profile'] = profile;
  else if (current?.value['profile']) out['profile'] = current.value['profile'];
  const sound = v['note_block_sound'] ?? current?.value['note_block_sound'];
  if (sound?.type === 'string' && /^([a-z0-9_.-]+:)?[a-z0-9_./-]+$/.test(sound.value))
    out['note_block_sound'] = str(sound.value.includes(':') ? sound.value : `minecraft:${sound.value}`);
  const name = v['custom_name'];
  if (name?.type === 'string' && parseComponent(name.value) !== undefined) out['custom_name'] = name;
  return compound(out);
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
