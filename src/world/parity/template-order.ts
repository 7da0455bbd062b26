/**
 * The order a template keeps its blocks in, as vanilla 1.21.4's StructureTemplate builds it
 * (world/level/levelgen/structure/templatesystem/StructureTemplate.java, addToLists + buildInfoList): blocks
 * whose collision shape is a full cube (and whose shape is not dynamic) first, then the other blocks, then
 * the blocks with block entity data, each group sorted by y, then x, then z of the template. placeInWorld
 * processes the blocks in this order, so `place template`'s integrity draws (BlockRotProcessor, one random
 * for the whole placement) follow it.
 */
import { blockEntityTypeOf } from './block-entities.js';
import type { BlockStates } from './block-states.js';
import {
  collisionBoxesByIndex,
  DYNAMIC_SHAPE,
  isFullBlockShape,
} from '../../vocabulary/block-behaviour/collision.js';
import type { Vec } from './entities.js';

/** BlockState.isCollisionShapeFullBlock, false for dynamic shapes (addToLists tests hasDynamicShape first) */
function fullCube(states: BlockStates, stateId: number, version: string): boolean {
  const block = states.blockOf(stateId);
  if (!block || DYNAMIC_SHAPE.has(block.name)) return false;
  return isFullBlockShape(collisionBoxesByIndex(block.name, stateId - block.minStateId, version));
}

export interface TemplateBlock {
  /** the position inside the template, before rotation and mirror */
  pos: Vec;
  stateId: number;
}

/** the template's blocks in vanilla's placement order */
export function placementOrder(
  blocks: TemplateBlock[],
  states: BlockStates,
  version: string,
): TemplateBlock[] {
  const full: TemplateBlock[] = [];
  const other: TemplateBlock[] = [];
  const withData: TemplateBlock[] = [];
  for (const b of blocks) {
    if (blockEntityTypeOf(states.blockOf(b.stateId)?.name ?? '')) withData.push(b);
    else if (fullCube(states, b.stateId, version)) full.push(b);
    else other.push(b);
  }
  const byYXZ = (a: TemplateBlock, b: TemplateBlock) =>
    a.pos.y - b.pos.y || a.pos.x - b.pos.x || a.pos.z - b.pos.z;
  return [...full.sort(byYXZ), ...other.sort(byYXZ), ...withData.sort(byYXZ)];
}
