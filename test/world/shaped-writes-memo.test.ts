/**
 * The embedded world's kept answers for fences, panes and bars (shaped-writes.ts: by state, side and the
 * neighbour's state) give what the block-behaviour module gives when asked afresh: a fence or pane placed
 * among random neighbours, and every neighbour its placement reshapes (and theirs in turn), end as a plain
 * re-enactment of BlockInput.place and Level.setBlock over the module's updateShape says. The world here is an
 * in-memory stand-in for the chunk store behind WorldAccess's getState/setState (the rules under test never
 * touch chunks or players); the states are the real 1.21.4 table. fast-check, seeded: a failure prints its
 * seed and path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockStates } from '../../src/world/parity/block-states.js';
import { ShapedWrites } from '../../src/world/parity/shaped-writes.js';
import type { WorldAccess } from '../../src/world/parity/world-access.js';
import {
  oppositeFace,
  stepOf,
  UPDATE_SHAPE_ORDER,
  updateFromNeighbourShapes,
  updateShape,
} from '../../src/vocabulary/block-behaviour/index.js';
import type { BlockState } from '../../src/vocabulary/blocks/block-state.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';

const states = new BlockStates('1.21.4');
const st = (name: string, properties: Record<string, string> = {}): BlockState => ({
  name: `minecraft:${name}`,
  properties,
});
const idOf = (s: BlockState): number => {
  const id = states.stateId(states.block(s.name)!, s.properties);
  if (typeof id !== 'number') throw new Error(`no state ${JSON.stringify(s)}`);
  return id;
};
const stateOf = (id: number): BlockState => ({
  name: `minecraft:${states.blockOf(id)!.name}`,
  properties: states.properties(id),
});

const sides = fc.record({
  north: fc.constantFrom('true', 'false'),
  east: fc.constantFrom('true', 'false'),
  south: fc.constantFrom('true', 'false'),
  west: fc.constantFrom('true', 'false'),
});
const facing = fc.constantFrom('north', 'east', 'south', 'west');
/** what stands around: full blocks, see-through blocks, every family a fence or pane joins or refuses */
const neighbour: fc.Arbitrary<BlockState> = fc.oneof(
  fc.constantFrom(
    st('air'),
    st('stone'),
    st('glass'),
    st('oak_leaves', { distance: '7', persistent: 'true', waterlogged: 'false' }),
    st('barrier', { waterlogged: 'false' }),
    st('melon'),
    st('oak_slab', { type: 'bottom', waterlogged: 'false' }),
    st('oak_slab', { type: 'double', waterlogged: 'false' }),
  ),
  sides.map((p) => st('oak_fence', { ...p, waterlogged: 'false' })),
  sides.map((p) => st('nether_brick_fence', { ...p, waterlogged: 'false' })),
  sides.map((p) => st('glass_pane', { ...p, waterlogged: 'false' })),
  sides.map((p) => st('iron_bars', { ...p, waterlogged: 'false' })),
  facing.map((f) => st('oak_fence_gate', { facing: f, in_wall: 'false', open: 'false', powered: 'false' })),
  facing.map((f) => st('oak_stairs', { facing: f, half: 'bottom', shape: 'straight', waterlogged: 'false' })),
);
const placed = fc.oneof(
  fc.constantFrom('oak_fence', 'nether_brick_fence', 'glass_pane', 'red_stained_glass_pane', 'iron_bars'),
);

const key = (p: BlockPos) => `${p.x},${p.y},${p.z}`;

/**
 * The same placement asked of the module afresh every time: BlockInput.place (shaped, named put back, the
 * written state where the shape is air), then Level.setBlock's neighbour shapes, each changed neighbour written
 * the same way.
 */
function reference(start: Map<string, number>, written: BlockState, named: Record<string, string>) {
  const cells = new Map<string, BlockState>([...start].map(([k, id]) => [k, stateOf(id)]));
  const get = (x: number, y: number, z: number) => cells.get(`${x},${y},${z}`) ?? st('air');
  const same = (a: BlockState, b: BlockState) =>
    JSON.stringify(stateOf(idOf(a))) === JSON.stringify(stateOf(idOf(b)));
  const set = (x: number, y: number, z: number, s: BlockState, depth: number): void => {
    if (same(get(x, y, z), s)) return;
    cells.set(`${x},${y},${z}`, s);
    if (depth === 0) return;
    for (const face of UPDATE_SHAPE_ORDER) {
      const [dx, dy, dz] = stepOf(face);
      const n = get(x + dx, y + dy, z + dz);
      if (n.name === 'minecraft:air') continue;
      const next = updateShape(n, oppositeFace(face), (ex, ey, ez) =>
        get(x + dx + ex, y + dy + ey, z + dz + ez),
      );
      if (!same(next, n)) set(x + dx, y + dy, z + dz, next, depth - 1);
    }
  };
  let shaped = updateFromNeighbourShapes(written, get);
  if (shaped.name === 'minecraft:air') shaped = written;
  else shaped = { name: shaped.name, properties: { ...shaped.properties, ...named } };
  set(0, 0, 0, shaped, 512);
  return new Map([...cells].map(([k, s]) => [k, stateOf(idOf(s))]));
}

describe('kept shape answers for fences, panes and bars', () => {
  it('match the module asked afresh, for the placed block and the neighbours it reshapes', async () => {
    // one state table for every run, so that answers kept by earlier runs are read by later ones
    await fc.assert(
      fc.asyncProperty(
        placed,
        fc.array(neighbour, { minLength: 6, maxLength: 6 }),
        fc.option(sides, { nil: undefined }),
        async (name, around, named) => {
          const cells = new Map<string, number>();
          const world = {
            getState: async (p: BlockPos) => cells.get(key(p)) ?? states.airStateId,
            setState: async (p: BlockPos, id: number) => void cells.set(key(p), id),
          } as unknown as WorldAccess;
          const at = (face: (typeof UPDATE_SHAPE_ORDER)[number]) => {
            const [x, y, z] = stepOf(face);
            return { x, y, z };
          };
          UPDATE_SHAPE_ORDER.forEach((face, i) => cells.set(key(at(face)), idOf(around[i]!)));
          const before = new Map(cells);
          // the command's state: the block's defaults with the named properties (BlockStateParser)
          const written = st(name, {
            north: 'false',
            east: 'false',
            south: 'false',
            west: 'false',
            waterlogged: 'false',
            ...named,
          });
          const writes = new ShapedWrites(world, states);
          await writes.place({ x: 0, y: 0, z: 0 }, idOf(written), named ?? {});

          expect(stateOf(cells.get('0,0,0')!), JSON.stringify({ name, around, named })).toEqual(
            reference(before, written, named ?? {}).get('0,0,0'),
          );
          const expected = reference(before, written, named ?? {});
          for (const [k, s] of expected) expect(stateOf(cells.get(k)!), k).toEqual(s);
        },
      ),
      { seed: 5801, numRuns: 400 },
    );
  });
});
