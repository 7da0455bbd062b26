/**
 * What one block is to a player's body: its collision boxes, and whether a player opens it by hand or
 * climbs it. The building model reads blocks only through this file.
 *
 * Collision boxes per state come from the shared block-behaviour module (vanilla's
 * `BlockBehaviour.getCollisionShape`, per state). By hand
 * (`DoorBlock.useWithoutItem`, `FenceGateBlock.useWithoutItem`, `TrapDoorBlock.useWithoutItem`, 1.21.4
 * `net/minecraft/world/level/block/`): wooden doors, fence gates and trapdoors open; iron ones only take
 * redstone (`BlockSetType.IRON.canOpenByHand` is false). Climbed (`LivingEntity.onClimbable`, the block tag
 * `minecraft:climbable`): ladders, vines, the cave, weeping and twisting vines, and scaffolding.
 */
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { collisionBoxes, SHAPES_VERSION } from '../../vocabulary/block-behaviour/index.js';

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

const shapeCache = new Map<string, BodyShape>();

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

/** A block a player climbs inside of, taking no room: a ladder or a vine (scaffolding is stood on). */
export const isClimbedThrough = (name: string): boolean => {
  const n = bare(name);
  return CLIMBABLE.has(n) && n !== 'scaffolding';
};

const opensByHandName = (name: string): boolean =>
  (name.endsWith('_door') || name.endsWith('_trapdoor') || name.endsWith('_fence_gate')) &&
  !name.startsWith('iron_');

const FULL: ShapeBox = { min: [0, 0, 0], max: [1, 1, 1] };

/** The block's shape for the body; an unknown block is a full cube (it stands in the way). */
export const bodyShape = (b: BlockState, version = SHAPES_VERSION): BodyShape => {
  const name = bare(b.name);
  const key = `${version} ${name} ${Object.entries(b.properties)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;
  const cached = shapeCache.get(key);
  if (cached) return cached;
  const found = collisionBoxes(b, version);
  const boxes: ShapeBox[] = found
    ? found.map((s) => ({ min: [s[0], s[1], s[2]] as const, max: [s[3], s[4], s[5]] as const }))
    : [FULL];
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

/** The body passes through it: nothing in the cell, a door, gate or trapdoor opened by hand, or a climbed ladder. */
export const letsBodyThrough = (shape: BodyShape): boolean =>
  shape.boxes.length === 0 || shape.opensByHand || shape.climbable;

/** One box filling the whole cell: a full block. */
export const isFullCube = (shape: BodyShape): boolean =>
  shape.boxes.length === 1 &&
  shape.boxes[0]!.min.every((v) => v === 0) &&
  shape.boxes[0]!.max.every((v) => v === 1);
