/**
 * Vanilla's collision boxes per block state — what BlockBehaviour.getCollisionShape returns with an empty
 * collision context — from minecraft-data's blockCollisionShapes (1.21.4, extracted from the game). A
 * block's states are numbered as minecraft-data numbers them: properties in its order, the last one
 * fastest, booleans `true` first; a property the state leaves out takes the default state's value.
 */
import { createRequire } from 'node:module';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { bare } from './faces.js';

const require = createRequire(import.meta.url);

/** a box in block units: x0, y0, z0, x1, y1, z1 */
export type Box = readonly [number, number, number, number, number, number];

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

let tables: Tables | undefined;
function load(): Tables {
  if (tables) return tables;
  const data = require('minecraft-data')('1.21.4') as {
    blocksArray: McBlock[];
    blockCollisionShapes: { blocks: Record<string, number | number[]>; shapes: Record<string, Box[]> };
  };
  tables = {
    blocks: new Map(data.blocksArray.map((b) => [b.name, b])),
    shapeIds: data.blockCollisionShapes.blocks,
    shapes: data.blockCollisionShapes.shapes,
  };
  return tables;
}

const valuesOf = (p: McState) => (p.type === 'bool' ? ['true', 'false'] : (p.values ?? []));

/** the state's collision boxes; undefined when 1.21.4 has no such block or no such value */
export function collisionBoxes(s: BlockState): readonly Box[] | undefined {
  const { blocks, shapeIds, shapes } = load();
  const block = blocks.get(bare(s.name));
  const ids = shapeIds[bare(s.name)];
  if (!block || ids === undefined) return undefined;
  let index = 0;
  let rest = block.defaultState - block.minStateId;
  const defaults: number[] = [];
  for (let i = block.states.length - 1; i >= 0; i--) {
    const n = block.states[i]!.num_values;
    defaults[i] = rest % n;
    rest = Math.floor(rest / n);
  }
  for (const [i, p] of block.states.entries()) {
    const values = valuesOf(p);
    const given = s.properties[p.name];
    const at = given === undefined ? defaults[i]! : values.indexOf(given);
    if (at < 0) return undefined;
    index = index * p.num_values + at;
  }
  const id = Array.isArray(ids) ? ids[index] : ids;
  return id === undefined ? undefined : shapes[String(id)];
}
