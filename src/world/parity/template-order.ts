/**
 * The order a template keeps its blocks in, as vanilla 1.21.4's StructureTemplate builds it
 * (world/level/levelgen/structure/templatesystem/StructureTemplate.java, addToLists + buildInfoList): blocks
 * whose collision shape is a full cube (and whose shape is not dynamic) first, then the other blocks, then
 * the blocks with block entity data, each group sorted by y, then x, then z of the template. placeInWorld
 * processes the blocks in this order, so `place template`'s integrity draws (BlockRotProcessor, one random
 * for the whole placement) follow it.
 */
import { createRequire } from 'node:module';
import { blockEntityTypeOf } from './block-entities.js';
import type { BlockStates } from './block-states.js';
import type { Vec } from './entities.js';

const require = createRequire(import.meta.url);

interface CollisionShapes {
  /** per block: one shape id for every state, or one per state (from minStateId) */
  blocks: Record<string, number | number[]>;
  shapes: Record<string, number[][]>;
}

/** the blocks built with BlockBehaviour.Properties.dynamicShape() in Blocks.java (shulker boxes have data) */
const DYNAMIC_SHAPE = new Set(['moving_piston', 'bamboo', 'scaffolding', 'powder_snow', 'pointed_dripstone']);

const shapesByVersion = new Map<string, CollisionShapes>();

function collisionShapes(version: string): CollisionShapes {
  let shapes = shapesByVersion.get(version);
  if (!shapes) {
    shapes = (require('minecraft-data')(version) as { blockCollisionShapes: CollisionShapes })
      .blockCollisionShapes;
    shapesByVersion.set(version, shapes);
  }
  return shapes;
}

/** BlockState.isCollisionShapeFullBlock: the state's collision shape is the one unit cube */
function fullCube(states: BlockStates, stateId: number, version: string): boolean {
  const block = states.blockOf(stateId);
  if (!block || DYNAMIC_SHAPE.has(block.name)) return false;
  const { blocks, shapes } = collisionShapes(version);
  const entry = blocks[block.name];
  const shapeId = Array.isArray(entry) ? entry[stateId - block.minStateId] : entry;
  const boxes = shapeId === undefined ? undefined : shapes[String(shapeId)];
  return boxes?.length === 1 && boxes[0]!.join(',') === '0,0,0,1,1,1';
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
