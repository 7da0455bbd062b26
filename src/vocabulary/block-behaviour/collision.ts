/**
 * Vanilla's collision boxes per block state — what BlockBehaviour.getCollisionShape returns with an empty
 * collision context (1.21.4 `net/minecraft/world/level/block/state/BlockBehaviour.java`) — from
 * minecraft-data's blockCollisionShapes (extracted from the game, per version; 1.21.4 unless a version is
 * named). A block's states are numbered as minecraft-data numbers them: properties in its order, the last
 * one fastest, booleans `true` first; a property the state leaves out takes the default state's value.
 * This is the one table of collision shapes: the embedded world (template order, heightmaps), the upgrader
 * (sturdy faces, walls) and the hints (what a player stands on) read it here.
 */
import { createRequire } from 'node:module';
import type { BlockState } from '../blocks/block-state.js';
import { bare } from './blocks.js';

const require = createRequire(import.meta.url);

/** a box in block units: x0, y0, z0, x1, y1, z1 */
export type Box = readonly [number, number, number, number, number, number];

/** the version whose tables answer when none is named: the embedded world's */
export const SHAPES_VERSION = '1.21.4';

/**
 * The blocks built with BlockBehaviour.Properties.dynamicShape() in Blocks.java (1.21.4; shulker boxes too,
 * judged by name): their collision is not their state's alone (a piston's block entity, bamboo's and
 * dripstone's random offset, who stands on scaffolding or in powder snow).
 */
export const DYNAMIC_SHAPE: ReadonlySet<string> = new Set([
  'moving_piston',
  'bamboo',
  'scaffolding',
  'powder_snow',
  'pointed_dripstone',
]);

interface McState {
  name: string;
  type: string;
  values?: string[];
  num_values: number;
}
interface McBlock {
  name: string;
  minStateId: number;
  defaultState: number;
  states: McState[];
}
interface Tables {
  blocks: Map<string, McBlock>;
  shapeIds: Record<string, number | number[]>;
  shapes: Record<string, Box[]>;
}

const byVersion = new Map<string, Tables>();
function load(version: string): Tables {
  let tables = byVersion.get(version);
  if (tables) return tables;
  const data = require('minecraft-data')(version) as {
    blocksArray: McBlock[];
    blockCollisionShapes: { blocks: Record<string, number | number[]>; shapes: Record<string, Box[]> };
  } | null;
  if (!data) return load(SHAPES_VERSION);
  tables = {
    blocks: new Map(data.blocksArray.map((b) => [b.name, b])),
    shapeIds: data.blockCollisionShapes.blocks,
    shapes: data.blockCollisionShapes.shapes,
  };
  byVersion.set(version, tables);
  return tables;
}

const valuesOf = (p: McState) => (p.type === 'bool' ? ['true', 'false'] : (p.values ?? []));

/**
 * The collision boxes of a block's state by its index among the block's states (a state id minus the
 * block's first state id, as the world numbers them); undefined when the version has no such block.
 */
export function collisionBoxesByIndex(
  name: string,
  stateIndex: number,
  version = SHAPES_VERSION,
): readonly Box[] | undefined {
  const { shapeIds, shapes } = load(version);
  const ids = shapeIds[bare(name)];
  if (ids === undefined) return undefined;
  const id = Array.isArray(ids) ? ids[stateIndex] : ids;
  return id === undefined ? undefined : shapes[String(id)];
}

/** the state's collision boxes; undefined when the version has no such block or no such value */
export function collisionBoxes(s: BlockState, version = SHAPES_VERSION): readonly Box[] | undefined {
  const block = load(version).blocks.get(bare(s.name));
  if (!block) return undefined;
  let index = 0;
  let rest = block.defaultState - block.minStateId;
  const defaults: number[] = [];
  for (let i = block.states.length - 1; i >= 0; i--) {
    const n = block.states[i]!.num_values;
    defaults[i] = rest % n;
    rest = Math.floor(rest / n);
  }
  for (const [i, p] of block.states.entries()) {
    const given = s.properties[p.name];
    const at = given === undefined ? defaults[i]! : valuesOf(p).indexOf(given);
    if (at < 0) return undefined;
    index = index * p.num_values + at;
  }
  return collisionBoxesByIndex(s.name, index, version);
}

/** Block.isShapeFullBlock of a collision shape: exactly the unit cube */
export const isFullBlockShape = (boxes: readonly Box[] | undefined): boolean =>
  boxes !== undefined && boxes.length === 1 && boxes[0]!.join(',') === '0,0,0,1,1,1';

/** BlockBehaviour.hasCollision as a shape: nothing stands in the block (air, torches, signs, flowers) */
export const isEmptyShape = (boxes: readonly Box[] | undefined): boolean =>
  boxes !== undefined && boxes.length === 0;

/** how high the boxes reach (0 for none) */
export const topOf = (boxes: readonly Box[]): number => Math.max(0, ...boxes.map((b) => b[4]));

const lowest = new Map<string, Map<string, number>>();
/**
 * How high a block's collision shape reaches in its lowest state (a slab 0.5, a carpet 0.0625, a chest
 * 0.875), so that a claim that a block is too high to step over holds whatever its state; 1 when unknown.
 */
export function lowestTop(name: string, version = SHAPES_VERSION): number {
  let byName = lowest.get(version);
  if (!byName) {
    const { shapeIds, shapes } = load(version);
    byName = new Map(
      Object.entries(shapeIds).map(([block, ids]) => {
        const each = [...new Set(Array.isArray(ids) ? ids : [ids])].map((id) =>
          topOf(shapes[String(id)] ?? []),
        );
        return [block, Math.min(...each)];
      }),
    );
    lowest.set(version, byName);
  }
  return byName.get(bare(name)) ?? 1;
}
