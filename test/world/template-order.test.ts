/**
 * StructureTemplate's block order (addToLists + buildInfoList, vanilla 1.21.4): full-cube collision blocks,
 * then the others (partial shapes, no collision, dynamic shapes), then blocks with block entity data, each
 * group by y, x, z. Collision shapes come from minecraft-data's blockCollisionShapes for the state.
 */
import { expect, test } from 'vitest';
import { BlockStates } from '../../src/world/parity/block-states.js';
import { placementOrder } from '../../src/world/parity/template-order.js';

const states = new BlockStates('1.21.4');
const id = (name: string, props: Record<string, string> = {}) => {
  const s = states.stateId(states.block(name)!, props);
  if (typeof s !== 'number') throw new Error(`no state ${name}`);
  return s;
};

test('full cubes first, then the others, then block entities; each group sorted by y, then x, then z', () => {
  const blocks = [
    { pos: { x: 0, y: 0, z: 0 }, stateId: id('chest') },
    { pos: { x: 1, y: 0, z: 0 }, stateId: id('oak_slab', { type: 'bottom' }) },
    { pos: { x: 0, y: 0, z: 1 }, stateId: id('stone') },
    { pos: { x: 1, y: 0, z: 1 }, stateId: id('scaffolding') },
    { pos: { x: 0, y: 1, z: 0 }, stateId: id('glass') },
    { pos: { x: 1, y: 0, z: 2 }, stateId: id('air') },
    { pos: { x: 0, y: 0, z: 2 }, stateId: id('oak_slab', { type: 'double' }) },
  ];
  const order = placementOrder(blocks, states, '1.21.4').map((b) => states.blockOf(b.stateId)?.name);
  // full: stone (0,0,1), double slab (0,0,2), glass (0,1,0); other: slab (1,0,0), scaffolding (1,0,1),
  // air (1,0,2); data: chest
  expect(order).toEqual(['stone', 'oak_slab', 'glass', 'oak_slab', 'scaffolding', 'air', 'chest']);
  const slabs = placementOrder(blocks, states, '1.21.4').filter(
    (b) => states.blockOf(b.stateId)?.name === 'oak_slab',
  );
  expect(slabs.map((b) => states.properties(b.stateId)['type'])).toEqual(['double', 'bottom']);
});
