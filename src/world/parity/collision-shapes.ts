/**
 * A block state's collision shape as boxes [minX, minY, minZ, maxX, maxY, maxZ] in block units, from
 * minecraft-data's blockCollisionShapes (generated from vanilla's getCollisionShape with an empty world):
 * what template order (isCollisionShapeFullBlock) and heightmaps (calculateSolid) test.
 */
import { createRequire } from 'node:module';
import type { BlockStates } from './block-states.js';

const require = createRequire(import.meta.url);

interface CollisionShapes {
  /** per block: one shape id for every state, or one per state (from minStateId) */
  blocks: Record<string, number | number[]>;
  shapes: Record<string, number[][]>;
}

/** the blocks built with BlockBehaviour.Properties.dynamicShape() in Blocks.java (besides shulker boxes) */
export const DYNAMIC_SHAPE = new Set([
  'moving_piston',
  'bamboo',
  'scaffolding',
  'powder_snow',
  'pointed_dripstone',
]);

const byVersion = new Map<string, CollisionShapes>();

function shapesOf(version: string): CollisionShapes {
  let shapes = byVersion.get(version);
  if (!shapes) {
    shapes = (require('minecraft-data')(version) as { blockCollisionShapes: CollisionShapes })
      .blockCollisionShapes;
    byVersion.set(version, shapes);
  }
  return shapes;
}

export function collisionBoxes(states: BlockStates, stateId: number, version: string): number[][] {
  const block = states.blockOf(stateId);
  if (!block) return [];
  const { blocks, shapes } = shapesOf(version);
  const entry = blocks[block.name];
  const shapeId = Array.isArray(entry) ? entry[stateId - block.minStateId] : entry;
  return (shapeId === undefined ? undefined : shapes[String(shapeId)]) ?? [];
}

/** Block.isShapeFullBlock of the collision shape: exactly the unit cube */
export function fullCollisionCube(states: BlockStates, stateId: number, version: string): boolean {
  const boxes = collisionBoxes(states, stateId, version);
  return boxes.length === 1 && boxes[0]!.join(',') === '0,0,0,1,1,1';
}
