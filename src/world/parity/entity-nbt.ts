/**
 * The NBT of an entity as `data` reads and merges it: the fields vanilla 1.21.4's Entity.saveWithoutId
 * writes for every entity (Pos, Motion, Rotation, …, UUID, CustomName, Tags) plus the flags summon kept.
 * Type-specific data (health, inventory, variants) is not modelled.
 */
import { uuidInts } from './display-names.js';
import { type Target, WorldEntity } from './entities.js';
import type { CompoundTag, Tag } from './snbt.js';

const float = (v: number): Tag => ({ type: 'float', value: Math.fround(v) });
const byte = (v: boolean): Tag => ({ type: 'byte', value: v ? 1 : 0 });

export function entityNbt(t: Target): CompoundTag {
  const p = t.position;
  const v: Record<string, Tag> = {
    Pos: { type: 'list', value: { type: 'double', value: [p.x, p.y, p.z] } },
    Motion: { type: 'list', value: { type: 'double', value: [0, 0, 0] } },
    Rotation: { type: 'list', value: { type: 'float', value: [Math.fround(t.yaw), Math.fround(t.pitch)] } },
    FallDistance: float(0),
    Fire: { type: 'short', value: -1 },
    Air: { type: 'short', value: 300 },
    OnGround: byte(true),
    Invulnerable: byte(false),
    PortalCooldown: { type: 'int', value: 0 },
    UUID: { type: 'intArray', value: uuidInts(t.uuid) },
  };
  if (t.customName !== undefined) v['CustomName'] = { type: 'string', value: JSON.stringify(t.customName) };
  if (t instanceof WorldEntity) {
    for (const [key, on] of Object.entries(t.flags)) if (on) v[key] = byte(true);
  }
  if (t.tags.size > 0) v['Tags'] = { type: 'list', value: { type: 'string', value: [...t.tags] } };
  return { type: 'compound', value: v };
}

/** CompoundTag.merge: nested compounds merge, everything else is replaced */
export function mergeCompound(base: CompoundTag, patch: CompoundTag): CompoundTag {
  const value: Record<string, Tag> = { ...base.value };
  for (const [k, tag] of Object.entries(patch.value)) {
    const old = value[k];
    value[k] = old?.type === 'compound' && tag.type === 'compound' ? mergeCompound(old, tag) : tag;
  }
  return { type: 'compound', value };
}

export const sameTag = (a: Tag, b: Tag): boolean =>
  JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ===
  JSON.stringify(b, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
