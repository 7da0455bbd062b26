/**
 * Block.isFaceSturdy (SupportType.FULL): the face of the block's support shape on that side is the whole
 * face (Block.isFaceFull). The support shape is the collision shape (BlockBehaviour.getBlockSupportShape;
 * collision.ts holds vanilla's per state) except where a block class overrides it (1.21.4): leaves have
 * none, mud and soul sand a full cube, a fence gate and a chorus flower none that fills a face, a snow
 * layer one layer higher than its collision, a shulker box a full cube while shut (as placed). A block
 * 1.21.4 lacks is judged by name: a full cube, or a stair's back.
 */
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { type Box, collisionBoxes } from './collision.js';
import { bare, type Direction, isFullCube, isStairs } from './faces.js';

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

/** Block.isFaceFull: the boxes that reach the face's plane cover all of it (sampled every half sixteenth) */
export function faceFull(boxes: readonly Box[], face: Face): boolean {
  const [across, u, v, side] = PLANE[face];
  const touching = boxes.filter((b) => (side === 0 ? b[across]! <= 1e-6 : b[across + 3]! >= 1 - 1e-6));
  if (!touching.length) return false;
  for (let i = 0; i < 32; i++)
    for (let j = 0; j < 32; j++) {
      const pu = (i + 0.5) / 32;
      const pv = (j + 0.5) / 32;
      if (!touching.some((b) => b[u]! <= pu && pu <= b[u + 3]! && b[v]! <= pv && pv <= b[v + 3]!))
        return false;
    }
  return true;
}

// states are shared per palette entry: each is judged once per face
const judged = new WeakMap<BlockState, Map<Face, boolean>>();

/** Block.isFaceSturdy for the face of `s` that looks `face`-wards (see the header) */
export function sturdyFace(s: BlockState, face: Face): boolean {
  let faces = judged.get(s);
  if (!faces) judged.set(s, (faces = new Map()));
  let sturdy = faces.get(face);
  if (sturdy === undefined) faces.set(face, (sturdy = judgeFace(s, face)));
  return sturdy;
}

function judgeFace(s: BlockState, face: Face): boolean {
  const n = bare(s.name);
  if (n.endsWith('_leaves') || n.endsWith('_fence_gate') || n === 'chorus_flower') return false;
  if (n === 'mud' || n === 'soul_sand' || n.endsWith('shulker_box')) return true;
  if (n === 'snow') {
    // SHAPE_BY_LAYER[layers]: 2 × layers sixteenths high, from the bottom
    const layers = Number(s.properties['layers'] ?? '1');
    return face === 'down' || layers === 8;
  }
  const boxes = collisionBoxes(s);
  if (boxes) return faceFull(boxes, face);
  if (isStairs(s)) return s.properties['facing'] === face;
  return isFullCube(s.name);
}
