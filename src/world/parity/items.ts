/**
 * Items for give and clear: the item argument (commands/arguments/item/ItemParser.java), the display name
 * (world/item/ItemStack.getDisplayName: `[name]` with a show_item hover) and the player's inventory as
 * vanilla fills and empties it (world/entity/player/Inventory.java add/clearOrCountMatchingItems), kept in
 * flying-squid's inventory window so each changed slot reaches the client as set_slot.
 */
import { createRequire } from 'node:module';
import type { ComponentObject } from '../../vocabulary/text/message.js';
import { readResourceLocation } from './brigadier.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import type { StringReader } from './reader.js';

const require = createRequire(import.meta.url);

export interface ItemType {
  id: number;
  name: string;
  stackSize: number;
}

interface McData {
  itemsByName: Record<string, ItemType | undefined>;
  blocksByName: Record<string, unknown>;
  language: Record<string, string>;
}

interface Stack {
  type: number;
  name: string;
  count: number;
  stackSize: number;
}

interface Inventory {
  slots: Array<Stack | null | undefined>;
  updateSlot(slot: number, item: Stack | null): void;
}

type InventoryPlayer = FlyingSquidPlayer & { inventory: Inventory; heldItemSlot: number };

const data = new Map<string, McData>();
const mcData = (version: string) => {
  let d = data.get(version);
  if (!d) data.set(version, (d = require('minecraft-data')(version) as McData));
  return d;
};

/** ItemParser.readItem: a resource location naming an item; argument.item.id.invalid at its start */
export function readItem(reader: StringReader, version: string): ItemType {
  const start = reader.cursor;
  const id = readResourceLocation(reader);
  const item = id.startsWith('minecraft:') ? mcData(version).itemsByName[id.slice(10)] : undefined;
  if (!item || item.name === 'air') {
    reader.cursor = start;
    throw reader.fail('argument.item.id.invalid', [id]);
  }
  // data components (`[…]`) are read past and not applied: the embedded world's items carry none
  if (reader.peek() === '[') {
    let depth = 0;
    do {
      const c = reader.peek();
      if (c === '[') depth++;
      else if (c === ']') depth--;
      reader.skip();
    } while (reader.canRead() && depth > 0);
  }
  return item;
}

/** ItemStack.getDisplayName for a stack of one: `[Name]` (common rarity: white) with a show_item hover */
export function itemDisplayName(item: ItemType, version: string): ComponentObject {
  const d = mcData(version);
  const blockKey = `block.minecraft.${item.name}`;
  const key = d.blocksByName[item.name] && d.language[blockKey] ? blockKey : `item.minecraft.${item.name}`;
  return {
    translate: 'chat.square_brackets',
    with: [{ text: '', extra: [{ translate: key }] }],
    color: 'white',
    hoverEvent: { action: 'show_item', contents: { id: `minecraft:${item.name}`, count: 1 } },
  };
}

const itemClass = (version: string) =>
  require('prismarine-item')(version) as new (type: number, count: number) => Stack;

/** Puts `count` of `item` (or nothing) into a slot of the player's inventory window, sent as set_slot. */
export function setWindowSlot(
  player: FlyingSquidPlayer,
  slot: number,
  item: ItemType | null,
  count: number,
  version: string,
): void {
  const { inventory } = player as InventoryPlayer;
  inventory.updateSlot(slot, item ? new (itemClass(version))(item.id, count) : null);
}

/** The stack in a slot of the player's inventory window */
export const inventoryStack = (player: FlyingSquidPlayer, slot: number): Stack | null =>
  (player as InventoryPlayer).inventory.slots[slot] ?? null;

/** The hotbar slot the player holds (0-8) */
export const heldSlot = (player: FlyingSquidPlayer): number => (player as InventoryPlayer).heldItemSlot;

/** Inventory index (0-8 hotbar, 9-35 main, 40 offhand) → slot of the player's inventory window */
const windowSlot = (index: number) => (index < 9 ? 36 + index : index === 40 ? 45 : index);
const SEARCH_ORDER = (selected: number) => [selected, 40, ...Array.from({ length: 36 }, (_, i) => i)];

/** Inventory.add: top up matching stacks (held slot, offhand, then 0..35), then free slots; returns what did not fit */
export function addItems(player: FlyingSquidPlayer, item: ItemType, count: number, version: string): number {
  const { inventory, heldItemSlot } = player as InventoryPlayer;
  const Item = itemClass(version);
  let left = count;
  while (left > 0) {
    let index = SEARCH_ORDER(heldItemSlot).find((i) => {
      const s = inventory.slots[windowSlot(i)];
      return s && s.type === item.id && s.count < item.stackSize;
    });
    if (index === undefined) index = [...Array(36).keys()].find((i) => !inventory.slots[windowSlot(i)]);
    if (index === undefined) break;
    const slot = windowSlot(index);
    const current = inventory.slots[slot];
    const have = current?.count ?? 0;
    const put = Math.min(left, item.stackSize - have);
    left -= put;
    inventory.updateSlot(slot, new Item(item.id, have + put));
  }
  return left;
}

/**
 * Inventory.clearOrCountMatchingItems over the inventory window (crafting grid included): removes up to
 * `max` matching items (-1: all), or only counts them when `max` is 0.
 */
export function clearItems(
  player: FlyingSquidPlayer,
  matches: (name: string) => boolean,
  max: number,
  version: string,
): number {
  const { inventory } = player as InventoryPlayer;
  const Item = itemClass(version);
  let total = 0;
  for (let slot = 1; slot < inventory.slots.length; slot++) {
    const stack = inventory.slots[slot];
    if (!stack || !matches(stack.name)) continue;
    if (max === 0) {
      total += stack.count;
      continue;
    }
    const take = max < 0 ? stack.count : Math.min(stack.count, max - total);
    if (take <= 0) break;
    total += take;
    inventory.updateSlot(slot, stack.count - take > 0 ? new Item(stack.type, stack.count - take) : null);
  }
  return total;
}
