/**
 * What one block is to a player's body: its collision boxes, and whether a player opens it by hand or
 * climbs it. The building model reads blocks only through this file, so that the shared block-behaviour
 * module can take its place in one edit.
 *
 * Collision boxes per state come from minecraft-data's `blockCollisionShapes` (the shapes vanilla's
 * `BlockBehaviour.getCollisionShape` returns, exported per state id; the state id is the block's
 * `minStateId` plus its properties' value indexes, the last property varying fastest). By hand
 * (`DoorBlock.useWithoutItem`, `FenceGateBlock.useWithoutItem`, `TrapDoorBlock.useWithoutItem`, 1.21.4
 * `net/minecraft/world/level/block/`): wooden doors, fence gates and trapdoors open; iron ones only take
 * redstone (`BlockSetType.IRON.canOpenByHand` is false). Climbed (`LivingEntity.onClimbable`, the block tag
 * `minecraft:climbable`): ladders, vines, the cave, weeping and twisting vines, and scaffolding.
 */
import { createRequire } from 'node:module';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { FALLBACK_VERSION } from '../../suggest/registries.js';

const require = createRequire(import.meta.url);

/** One collision box in the block's own space, 0..1 (a fence reaches 1.5). */
export interface ShapeBox {
  readonly min: readonly [number, number, number];
  readonly max: readonly [number, number, number];
}

/** A block as the body meets it. */
export interface BodyShape {
  /** collision boxes; empty: the body passes through */
  readonly boxes: readonly ShapeBox[];
  /** highest point of the collision (0 when none): what a player standing on it stands at */
  readonly top: number;
  /** lowest point of the collision (1 when none): the headroom it leaves under it */
  readonly bottom: number;
  /** a player opens it by hand and walks or climbs through (wooden door, fence gate, trapdoor) */
  readonly opensByHand: boolean;
  /** climbed (ladder, vines, scaffolding) */
  readonly climbable: boolean;
  /** a player stands on its top (not on a ladder, a vine or a door: those are climbed or walked through) */
  readonly stoodOn: boolean;
}

interface Data {
  blocksByName: Record<
    string,
    {
      minStateId: number;
      defaultState: number;
      states?: Array<{ name: string; type: string; num_values: number; values?: string[] }>;
    }
  >;
  blockCollisionShapes: { blocks: Record<string, number | number[]>; shapes: Record<string, number[][]> };
}

const dataCache = new Map<string, Data>();
const shapeCache = new Map<string, BodyShape>();

const dataOf = (version: string): Data => {
  let d = dataCache.get(version);
  if (!d) {
    const load = require('minecraft-data') as (v: string) => Data | null;
    d = load(version) ?? load(FALLBACK_VERSION)!;
    dataCache.set(version, d);
  }
  return d;
};

const bare = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);

const CLIMBABLE = new Set([
  'ladder',
  'vine',
  'scaffolding',
  'cave_vines',
  'cave_vines_plant',
  'weeping_vines',
  'weeping_vines_plant',
  'twisting_vines',
  'twisting_vines_plant',
]);

const opensByHandName = (name: string): boolean =>
  (name.endsWith('_door') || name.endsWith('_trapdoor') || name.endsWith('_fence_gate')) &&
  !name.startsWith('iron_');

/**
 * The state's offset from the block's first state: each property's value index, the last one fastest; a
 * property the state leaves out takes the block's default.
 */
const stateOffset = (
  block: Data['blocksByName'][string],
  props: Readonly<Record<string, string>>,
): number => {
  const states = block.states ?? [];
  let rest = block.defaultState - block.minStateId;
  let offset = 0;
  let mult = 1;
  for (let i = states.length - 1; i >= 0; i--) {
    const s = states[i]!;
    const value = props[s.name];
    let index = rest % s.num_values;
    rest = Math.floor(rest / s.num_values);
    if (value !== undefined) {
      // bool states list true first (prismarine-block's order)
      const found =
        s.type === 'bool' ? (value === 'true' ? 0 : 1) : (s.values ?? []).map(String).indexOf(value);
      if (found >= 0) index = found;
    }
    offset += index * mult;
    mult *= s.num_values;
  }
  return offset;
};

const FULL: ShapeBox = { min: [0, 0, 0], max: [1, 1, 1] };

/** The block's shape for the body; an unknown block is a full cube (it stands in the way). */
export const bodyShape = (b: BlockState, version = FALLBACK_VERSION): BodyShape => {
  const name = bare(b.name);
  const key = `${version} ${name} ${Object.entries(b.properties)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;
  const cached = shapeCache.get(key);
  if (cached) return cached;
  const data = dataOf(version);
  const block = data.blocksByName[name];
  const ids = data.blockCollisionShapes.blocks[name];
  let boxes: ShapeBox[];
  if (!block || ids === undefined) boxes = [FULL];
  else {
    const id = Array.isArray(ids) ? (ids[stateOffset(block, b.properties)] ?? ids[0]!) : ids;
    boxes = (data.blockCollisionShapes.shapes[String(id)] ?? []).map((s) => ({
      min: [s[0] ?? 0, s[1] ?? 0, s[2] ?? 0] as const,
      max: [s[3] ?? 1, s[4] ?? 1, s[5] ?? 1] as const,
    }));
  }
  const shape: BodyShape = {
    boxes,
    top: boxes.length ? Math.max(...boxes.map((s) => s.max[1])) : 0,
    bottom: boxes.length ? Math.min(...boxes.map((s) => s.min[1])) : 1,
    opensByHand: opensByHandName(name),
    climbable: CLIMBABLE.has(name),
    stoodOn: boxes.length > 0 && (!CLIMBABLE.has(name) || name === 'scaffolding') && !name.endsWith('_door'),
  };
  shapeCache.set(key, shape);
  return shape;
};
