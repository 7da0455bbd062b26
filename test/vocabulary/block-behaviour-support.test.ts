/**
 * The block-behaviour module's collision shapes and support rules against an oracle written here from
 * vanilla 1.21.4's classes (BaseTorchBlock, WallTorchBlock, LadderBlock, LanternBlock, CarpetBlock,
 * DoorBlock, BedBlock; SupportType FULL/CENTER; Block.canSupportCenter) and the collision boxes the
 * classes declare (SlabBlock, FenceBlock's post, HopperBlock, FenceGateBlock), not from the module's helpers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockState } from '../../src/vocabulary/blocks/block-state.js';
import {
  canSurvive,
  collisionBoxes,
  isFullBlockShape,
  lowestTop,
  sturdyFace,
  supportOf,
} from '../../src/vocabulary/block-behaviour/index.js';

const st = (name: string, properties: Record<string, string> = {}): BlockState => ({
  name: `minecraft:${name}`,
  properties,
});

type Face = 'north' | 'south' | 'east' | 'west' | 'up' | 'down';
const FACES: Face[] = ['north', 'south', 'east', 'west', 'up', 'down'];
const SIDES = ['north', 'south', 'east', 'west'] as const;

/**
 * Holders and, written by hand from their classes' shapes, which faces are full (SupportType.FULL) and
 * which cover the centre (SupportType.CENTER).
 */
const HOLDERS: Array<{ state: BlockState; full: Face[]; center: Face[] }> = [
  { state: st('stone'), full: FACES, center: FACES },
  { state: st('glass'), full: FACES, center: FACES },
  { state: st('air'), full: [], center: [] },
  // SlabBlock.BOTTOM_AABB 0..8 high: only its bottom is whole; its top plane is not at the block's top
  { state: st('oak_slab', { type: 'bottom' }), full: ['down'], center: ['down'] },
  { state: st('oak_slab', { type: 'top' }), full: ['up'], center: ['up'] },
  // FenceBlock's post 6..10, 24 high: no face whole, the centre held above and below
  {
    state: st('oak_fence', { north: 'false', south: 'false', east: 'false', west: 'false' }),
    full: [],
    center: ['up', 'down'],
  },
  // LeavesBlock.getBlockSupportShape: empty
  { state: st('oak_leaves'), full: [], center: [] },
  // HopperBlock: a hollow rim on top (INSIDE cut out, which is why RedStoneWireBlock names hoppers), the
  // spout 6..10 reaching down to the floor
  { state: st('hopper'), full: [], center: ['down'] },
  // FenceGateBlock: open — no support shape; shut — the bar 5..24 across its axis, and never from below
  // (unstable_bottom_center)
  { state: st('oak_fence_gate', { facing: 'north', open: 'true' }), full: [], center: [] },
  { state: st('oak_fence_gate', { facing: 'north', open: 'false' }), full: [], center: ['up'] },
];

/** Block.canSupportCenter as the oracle sees it */
const oracleCenter = (h: (typeof HOLDERS)[number], face: Face) =>
  h.center.includes(face) && !(face === 'down' && h.state.name.endsWith('_fence_gate'));

describe('collision shapes: one table for every part', () => {
  it('reads vanilla 1.21.4 boxes per state (a bottom slab half high, a chest 14/16, a fence post 1.5)', () => {
    expect(collisionBoxes(st('oak_slab', { type: 'bottom' }))).toEqual([[0, 0, 0, 1, 0.5, 1]]);
    expect(collisionBoxes(st('oak_slab', { type: 'double' }))).toEqual([[0, 0, 0, 1, 1, 1]]);
    expect(collisionBoxes(st('chest'))![0]![4]).toBeCloseTo(14 / 16);
    expect(collisionBoxes(st('oak_fence'))).toEqual([[0.375, 0, 0.375, 0.625, 1.5, 0.625]]);
    expect(collisionBoxes(st('torch'))).toEqual([]);
    expect(collisionBoxes(st('not_a_block'))).toBeUndefined();
    expect(collisionBoxes(st('oak_slab', { type: 'sideways' }))).toBeUndefined();
  });
  it('says which states are a full cube, and how low a block reaches in its lowest state', () => {
    expect(isFullBlockShape(collisionBoxes(st('stone')))).toBe(true);
    expect(isFullBlockShape(collisionBoxes(st('oak_stairs')))).toBe(false);
    expect(lowestTop('oak_slab')).toBe(0.5);
    expect(lowestTop('white_carpet')).toBeCloseTo(1 / 16);
    expect(lowestTop('not_a_block')).toBe(1);
  });
  it('judges sturdy faces as SupportType FULL and CENTER give them', () => {
    for (const h of HOLDERS)
      for (const face of FACES) {
        expect(sturdyFace(h.state, face), `${h.state.name} ${face} full`).toBe(h.full.includes(face));
        expect(sturdyFace(h.state, face, 'center'), `${h.state.name} ${face} center`).toBe(
          h.center.includes(face),
        );
      }
  });
});

/** the oracle's canSurvive, per class, with `at` the holder of each neighbour */
function oracleSurvives(s: BlockState, at: (f: Face) => (typeof HOLDERS)[number] | BlockState): boolean {
  const n = s.name.slice(10);
  const holder = (f: Face) => {
    const h = at(f);
    return 'full' in h ? h : undefined;
  };
  if (n === 'torch' || n === 'soul_torch' || n === 'redstone_torch') {
    const h = holder('down');
    return h !== undefined && oracleCenter(h, 'up');
  }
  if (n === 'wall_torch' || n === 'ladder') {
    // the block behind, the opposite of facing, must show a full face towards the torch
    const facing = s.properties['facing'] as Face;
    const back = { north: 'south', south: 'north', east: 'west', west: 'east' }[facing as string] as Face;
    const h = holder(back);
    return h !== undefined && h.full.includes(facing);
  }
  if (n === 'lantern') {
    const hanging = s.properties['hanging'] === 'true';
    const h = holder(hanging ? 'up' : 'down');
    return h !== undefined && oracleCenter(h, hanging ? 'down' : 'up');
  }
  if (n === 'red_carpet' || n === 'moss_carpet') {
    const h = holder('down');
    return h !== undefined && h.state.name !== 'minecraft:air';
  }
  throw new Error(`no oracle for ${n}`);
}

describe('support rules (canSurvive) against the classes, over every arrangement fast-check draws', () => {
  const holder = fc.constantFrom(...HOLDERS);
  const block = fc.oneof(
    fc.constantFrom(st('torch'), st('soul_torch'), st('redstone_torch'), st('red_carpet'), st('moss_carpet')),
    fc.constantFrom(...SIDES).map((facing) => st('wall_torch', { facing })),
    fc.constantFrom(...SIDES).map((facing) => st('ladder', { facing })),
    fc.boolean().map((h) => st('lantern', { hanging: String(h) })),
  );
  it('a block survives exactly where its class lets it', () => {
    fc.assert(
      fc.property(block, fc.tuple(holder, holder, holder, holder, holder, holder), (s, around) => {
        const byFace = Object.fromEntries(FACES.map((f, i) => [f, around[i]!])) as Record<
          Face,
          (typeof HOLDERS)[number]
        >;
        const step: Record<string, Face> = {
          '0,0,-1': 'north',
          '0,0,1': 'south',
          '1,0,0': 'east',
          '-1,0,0': 'west',
          '0,1,0': 'up',
          '0,-1,0': 'down',
        };
        const got = canSurvive(s, (dx, dy, dz) => byFace[step[`${dx},${dy},${dz}`]!].state);
        expect(got).toBe(oracleSurvives(s, (f) => byFace[f]));
      }),
      { seed: 57, numRuns: 1500 },
    );
  });
  it('says undefined when a cell it needs cannot be read, and true for blocks that need nothing', () => {
    expect(canSurvive(st('torch'), () => undefined)).toBeUndefined();
    expect(canSurvive(st('stone'), () => undefined)).toBe(true);
  });
});

describe('halves: doors and beds hold each other (DoorBlock, BedBlock)', () => {
  const door = (half: string) => st('oak_door', { half, facing: 'north', hinge: 'left', open: 'false' });
  it('a lower door half needs a sturdy top below and its upper half above', () => {
    const world = (below: BlockState, above: BlockState) => (_: number, dy: number) =>
      dy < 0 ? below : dy > 0 ? above : st('air');
    expect(canSurvive(door('lower'), world(st('stone'), door('upper')))).toBe(true);
    expect(canSurvive(door('lower'), world(st('oak_slab', { type: 'bottom' }), door('upper')))).toBe(false);
    expect(canSurvive(door('lower'), world(st('stone'), st('air')))).toBe(false);
    // an upper half needs only its lower half below
    expect(canSurvive(door('upper'), world(door('lower'), st('air')))).toBe(true);
    expect(canSurvive(door('upper'), world(st('stone'), st('air')))).toBe(false);
    expect(supportOf(door('lower')).map((n) => n.trigger)).toEqual(['up', 'down']);
  });
  it('a bed half needs the other part of the same bed where its facing says, and is checked only from there', () => {
    // BedBlock.getNeighbourDirection: the foot's head lies towards facing, the head's foot away from it
    const foot = st('red_bed', { part: 'foot', facing: 'east', occupied: 'false' });
    const head = st('red_bed', { part: 'head', facing: 'east', occupied: 'false' });
    expect(supportOf(foot).map((n) => [n.offset, n.trigger])).toEqual([[[1, 0, 0], 'east']]);
    expect(supportOf(head).map((n) => [n.offset, n.trigger])).toEqual([[[-1, 0, 0], 'west']]);
    const beside = (other: BlockState) => (dx: number) => (dx !== 0 ? other : st('air'));
    expect(canSurvive(foot, beside(head))).toBe(true);
    expect(canSurvive(foot, beside(foot))).toBe(false);
    expect(canSurvive(foot, beside(st('blue_bed', { part: 'head', facing: 'east' })))).toBe(false);
    // nothing under a bed matters
    expect(canSurvive(head, (dx, dy) => (dy < 0 ? st('air') : dx < 0 ? foot : st('air')))).toBe(true);
  });
  it('a carpet is checked on an update from any side, a torch only from below', () => {
    expect(supportOf(st('white_carpet'))[0]!.trigger).toBe('any');
    expect(supportOf(st('torch'))[0]!.trigger).toBe('down');
    expect(supportOf(st('wall_torch', { facing: 'east' }))[0]!.trigger).toBe('west');
    expect(supportOf(st('lantern', { hanging: 'true' }))[0]!.trigger).toBe('up');
  });
});
