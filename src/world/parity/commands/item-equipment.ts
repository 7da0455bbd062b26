/**
 * The equipment slots of summoned living entities for `item replace entity` (vanilla 1.21.4's
 * world/entity/LivingEntity.getSlot with createEquipmentSlotAccess: mainhand, offhand and head take any
 * stack; chest, legs, feet and body only an empty one or an item worn there), kept in memory and shown to
 * clients as entity_equipment (LivingEntity.handleEquipmentChanges), also to players who see the entity
 * later (ServerEntity.sendPairingData). Entities that are not living (boats, projectiles, displays…) have
 * no such slots.
 */
import { createRequire } from 'node:module';
import type { CommandContext } from '../context.js';
import { type Target, WorldEntity, entityStore } from '../entities.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from '../flying-squid-types.js';
import type { ItemType } from '../items.js';
import { wornSlot } from './item-slots.js';

const require = createRequire(import.meta.url);

export interface EquippedStack {
  item: ItemType | null;
  count: number;
}

/** slot number → EquipmentSlot's network id (mainhand 0, offhand 1, feet 2, legs 3, chest 4, head 5, body 6) */
const NETWORK: Record<number, number> = { 98: 0, 99: 1, 100: 2, 101: 3, 102: 4, 103: 5, 105: 6 };

type Worn = Map<number, { entity: WorldEntity; slots: Map<number, EquippedStack> }>;
/** per server (entity ids are only unique within one world) */
const wornBy = new WeakMap<FlyingSquidServer, Worn>();
function wornIn(serv: FlyingSquidServer): Worn {
  let worn = wornBy.get(serv);
  if (!worn) wornBy.set(serv, (worn = new Map()));
  return worn;
}

interface NotchItem {
  itemCount: number;
}
const itemClass = (version: string) =>
  require('prismarine-item')(version) as {
    new (type: number, count: number): unknown;
    toNotch(item: unknown): NotchItem;
  };

function isLiving(ctx: CommandContext, t: WorldEntity): boolean {
  const kind = entityStore(ctx.serv).typeInfo(t.type)?.kind;
  return kind !== undefined && kind !== 'other' && kind !== 'projectile';
}

function packet(entity: WorldEntity, slots: Map<number, EquippedStack>, version: string, only?: number) {
  const Item = itemClass(version);
  const equipments = [...slots]
    .filter(([slot]) => only === undefined || slot === only)
    .map(([slot, s]) => ({
      slot: NETWORK[slot]!,
      item: Item.toNotch(s.item ? new Item(s.item.id, s.count) : null),
    }));
  return { entityId: entity.id, equipments };
}

/** SlotAccess.set for a summoned entity's slot: false when it has no such slot or refuses the item */
export function equip(ctx: CommandContext, t: Target, slot: number, stack: EquippedStack): boolean {
  if (!(t instanceof WorldEntity) || !isLiving(ctx, t) || NETWORK[slot] === undefined) return false;
  const limited = slot >= 100 && slot !== 103;
  if (limited && stack.item && wornSlot(stack.item.name) !== slot) return false;
  const worn = wornIn(ctx.serv);
  // killed entities wear nothing any more
  for (const [id, e] of worn) if (!e.entity.alive) worn.delete(id);
  let entry = worn.get(t.id);
  if (!entry || entry.entity !== t) worn.set(t.id, (entry = { entity: t, slots: new Map() }));
  entry.slots.set(slot, stack);
  const handle = t.handle as { _writeOthersNearby?(name: string, data: unknown): void } | undefined;
  handle?._writeOthersNearby?.('entity_equipment', packet(t, entry.slots, ctx.level.version, slot));
  return true;
}

/** SlotAccess.get: the stack in a summoned entity's slot, undefined when it has no such slot */
export function equipped(ctx: CommandContext, t: Target, slot: number): EquippedStack | undefined {
  if (!(t instanceof WorldEntity) || !isLiving(ctx, t) || NETWORK[slot] === undefined) return undefined;
  const entry = wornIn(ctx.serv).get(t.id);
  return (entry?.entity === t ? entry.slots.get(slot) : undefined) ?? { item: null, count: 0 };
}

/** Follows each spawn of an equipped entity with its equipment, as vanilla's pairing data does. */
export function attachEquipment(serv: FlyingSquidServer, player: FlyingSquidPlayer, version: string): void {
  const worn = wornIn(serv);
  const client = player._client;
  const write = client.write.bind(client);
  client.write = (name: string, params: unknown) => {
    write(name, params);
    if (name !== 'spawn_entity') return;
    const entry = worn.get((params as { entityId: number }).entityId);
    if (!entry) return;
    if (!entry.entity.alive) worn.delete(entry.entity.id);
    else write('entity_equipment', packet(entry.entity, entry.slots, version));
  };
}
