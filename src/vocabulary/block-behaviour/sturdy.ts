/**
 * Block.isFaceSturdy (1.21.4 `net/minecraft/world/level/block/SupportType.java`): FULL — the face of the
 * block's support shape on that side is the whole face (Block.isFaceFull); CENTER — it covers the centre
 * column (Block.box(7, 0, 7, 9, 10, 9) seen through that face; Block.canSupportCenter, what a torch or lantern stands on, also refuses
 * the bottom of a fence gate, tag `unstable_bottom_center`). The support shape is the collision shape
 * (BlockBehaviour.getBlockSupportShape; collision.ts holds vanilla's per state) except where a block class
 * overrides it: LeavesBlock none, MudBlock and SoulSandBlock a full cube, FenceGateBlock none when open and
 * its raised bar when shut, ChorusFlowerBlock 1..15 × 0..15, SnowLayerBlock one layer higher than its
 * collision, ShulkerBoxBlock a full cube while shut (as placed). A face shape is the slice of the shape
 * just inside that face (VoxelShape.getFaceShape). A block 1.21.4 lacks is judged by name: a full cube, or
 * a stair's back.
 */
import type { BlockState } from '../blocks/block-state.js';
import { type Box, collisionBoxes } from './collision.js';
import { bare, type Direction, isFullCube, isStairs } from './blocks.js';

export type Face = Direction | 'up' | 'down';

/** the two axes a face spans, and where its plane lies: [axis across, u axis, v axis, side (0 or 1)] */
const PLANE: Record<Face, readonly [number, number, number, 0 | 1]> = {
  west: [0, 1, 2, 0],
  east: [0, 1, 2, 1],
  down: [1, 0, 2, 0],
  up: [1, 0, 2, 1],
  north: [2, 0, 1, 0],
  south: [2, 0, 1, 1],
};

/** a range per axis (x, y, z) in block units */
type Ranges = readonly [readonly [number, number], readonly [number, number], readonly [number, number]];
const WHOLE: Ranges = [
  [0, 1],
  [0, 1],
  [0, 1],
];
// SupportType.CENTER_SUPPORT_SHAPE, Block.box(7, 0, 7, 9, 10, 9)
const CENTER: Ranges = [
  [7 / 16, 9 / 16],
  [0, 10 / 16],
  [7 / 16, 9 / 16],
];

/**
 * Does the boxes' slice just inside `face` (extruded across the block, as VoxelShape.getFaceShape gives it)
 * hold all of `test` (Shapes.joinIsNotEmpty(face, test, ONLY_SECOND) false)? Sampled every half sixteenth.
 */
function covers(boxes: readonly Box[], face: Face, test: Ranges): boolean {
  const [across, u, v, side] = PLANE[face];
  const inside = side === 0 ? 1e-7 : 1 - 1e-7;
  const touching = boxes.filter((b) => b[across]! <= inside && inside <= b[across + 3]!);
  if (!touching.length) return false;
  const [u0, u1] = test[u]!;
  const [v0, v1] = test[v]!;
  for (let pu = u0 + 1 / 64; pu < u1; pu += 1 / 32)
    for (let pv = v0 + 1 / 64; pv < v1; pv += 1 / 32)
      if (!touching.some((b) => b[u]! <= pu && pu <= b[u + 3]! && b[v]! <= pv && pv <= b[v + 3]!))
        return false;
  return true;
}

/** Block.isFaceFull: the boxes' face on that side is the whole face */
export const faceFull = (boxes: readonly Box[], face: Face): boolean => covers(boxes, face, WHOLE);

const FULL_BOX: readonly Box[] = [[0, 0, 0, 1, 1, 1]];
const px = (n: number) => n / 16;

/** BlockBehaviour.getBlockSupportShape (see the header); undefined when not known from the state */
export function supportShape(s: BlockState): readonly Box[] | undefined {
  const n = bare(s.name);
  if (n.endsWith('_leaves')) return [];
  if (n === 'mud' || n === 'soul_sand' || n.endsWith('shulker_box')) return FULL_BOX;
  if (n.endsWith('_fence_gate')) {
    if (s.properties['open'] === 'true') return [];
    const facing = s.properties['facing'] ?? 'north';
    return facing === 'north' || facing === 'south'
      ? [[0, px(5), px(6), 1, 1.5, px(10)]]
      : [[px(6), px(5), 0, px(10), 1.5, 1]];
  }
  if (n === 'chorus_flower') return [[px(1), 0, px(1), px(15), px(15), px(15)]];
  if (n === 'snow') {
    // SHAPE_BY_LAYER[layers]: 2 × (layers) sixteenths high
    const layers = Number(s.properties['layers'] ?? '1');
    return [[0, 0, 0, 1, px(2 * layers), 1]];
  }
  return collisionBoxes(s);
}

export type Support = 'full' | 'center';

// states are shared per palette entry: each is judged once per face and support type
const judged = new WeakMap<BlockState, Map<string, boolean>>();

/** Block.isFaceSturdy for the face of `s` that looks `face`-wards (see the header) */
export function sturdyFace(s: BlockState, face: Face, support: Support = 'full'): boolean {
  let faces = judged.get(s);
  if (!faces) judged.set(s, (faces = new Map()));
  const key = `${face} ${support}`;
  let sturdy = faces.get(key);
  if (sturdy === undefined) faces.set(key, (sturdy = judgeFace(s, face, support)));
  return sturdy;
}

function judgeFace(s: BlockState, face: Face, support: Support): boolean {
  const boxes = supportShape(s);
  if (boxes) return covers(boxes, face, support === 'full' ? WHOLE : CENTER);
  if (isStairs(s)) return s.properties['facing'] === face;
  return isFullCube(s.name);
}

/** Block.canSupportCenter: the face covers the centre, and no fence gate holds anything from below */
export const canSupportCenter = (s: BlockState, face: Face): boolean =>
  !(face === 'down' && bare(s.name).endsWith('_fence_gate')) && sturdyFace(s, face, 'center');
