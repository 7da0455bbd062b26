/**
 * Slots for `item`: the slot names of vanilla 1.21.4's net/minecraft/world/inventory/SlotRanges.java read as
 * commands/arguments/SlotArgument.java reads them (slot.unknown, slot.only_single_allowed), and what a
 * player's slot number reaches (world/entity/player/Player.getSlot, LivingEntity.getSlot with
 * createEquipmentSlotAccess: chest, legs, feet and body only take empty stacks or items worn there).
 */
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { heldSlot } from '../items.js';
import type { StringReader } from '../reader.js';

const SINGLE = new Map<string, number>();
const MULTI = new Set<string>();

function range(prefix: string, start: number, count: number): void {
  for (let i = 0; i < count; i++) SINGLE.set(`${prefix}${i}`, start + i);
  MULTI.add(`${prefix}*`);
}
SINGLE.set('contents', 0);
range('container.', 0, 54);
range('hotbar.', 0, 9);
range('inventory.', 9, 27);
range('enderchest.', 200, 27);
range('villager.', 300, 8);
range('horse.', 500, 15);
SINGLE.set('weapon', 98).set('weapon.mainhand', 98).set('weapon.offhand', 99);
SINGLE.set('armor.head', 103).set('armor.chest', 102).set('armor.legs', 101).set('armor.feet', 100);
SINGLE.set('armor.body', 105).set('horse.saddle', 400).set('horse.chest', 499).set('player.cursor', 499);
range('player.crafting.', 500, 4);
MULTI.add('weapon.*').add('armor.*');

/** SlotArgument.parse: the word up to the next space; errors put the cursor after it */
export function readSlot(reader: StringReader): number {
  const start = reader.cursor;
  while (reader.canRead() && reader.peek() !== ' ') reader.skip();
  const name = reader.input.slice(start, reader.cursor);
  const slot = SINGLE.get(name);
  if (slot !== undefined) return slot;
  throw reader.fail(MULTI.has(name) ? 'slot.only_single_allowed' : 'slot.unknown', [name]);
}

/** the equipment slot an item is worn in (Equippable component of 1.21.4 items), by its registry name */
export function wornSlot(item: string): number {
  if (/_chestplate$|^elytra$/.test(item)) return 102;
  if (/_leggings$/.test(item)) return 101;
  if (/_boots$/.test(item)) return 100;
  if (/_helmet$|^carved_pumpkin$|_head$|_skull$/.test(item)) return 103;
  if (/_horse_armor$|^wolf_armor$|_carpet$/.test(item)) return 105;
  return 98;
}

/**
 * Player.getSlot → the slot of flying-squid's inventory window the stack goes to; `undefined` when the
 * player has no such slot here (SlotAccess.NULL, or a slot the embedded world does not keep: ender chest,
 * cursor) or when the item is not worn in that armour slot (the SlotAccess refuses it); -1 when the slot
 * accepts the item but keeps nothing (a player's body slot). Without `item` (reading, or an empty stack)
 * every armour slot is reachable.
 */
export function playerWindowSlot(player: FlyingSquidPlayer, slot: number, item?: string): number | undefined {
  if (slot >= 0 && slot < 9) return 36 + slot;
  if (slot >= 9 && slot < 36) return slot;
  if (slot >= 500 && slot < 504) return slot - 499;
  if (slot === 98) return 36 + heldSlot(player);
  if (slot === 99) return 45;
  if (slot === 103) return 5;
  const fits = (worn: number) => item === undefined || item === '' || wornSlot(item) === worn;
  if (slot >= 100 && slot <= 102) return fits(slot) ? 8 - (slot - 100) : undefined;
  // Player.setItemSlot keeps nothing in the body slot, yet its SlotAccess accepts body armour
  if (slot === 105) return fits(105) ? -1 : undefined;
  return undefined;
}
