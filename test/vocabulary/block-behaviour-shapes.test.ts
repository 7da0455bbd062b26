/**
 * The module's updateShape / updateFromNeighbourShapes against oracles written here from vanilla 1.21.4's
 * classes (FenceBlock.connectsTo, IronBarsBlock.attachsTo, WallBlock.updateShape/shouldRaisePost,
 * FenceGateBlock.updateShape, ChestBlock.updateShape, TripWireBlock.shouldConnectTo, SnowyDirtBlock,
 * ChorusPlantBlock, HugeMushroomBlock, DoorBlock, BedBlock), over what fast-check draws (seeded). The
 * oracles know their neighbours' faces from a hand-written table, not from the module's helpers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockState } from '../../src/vocabulary/blocks/block-state.js';
import {
  updateFromNeighbourShapes,
  updateShape,
  type Face,
} from '../../src/vocabulary/block-behaviour/index.js';

const st = (name: string, properties: Record<string, string> = {}): BlockState => ({
  name: `minecraft:${name}`,
  properties,
});
const SIDES = ['north', 'east', 'south', 'west'] as const;
type Side = (typeof SIDES)[number];
const OPP: Record<Side, Side> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const CW: Record<Side, Side> = { north: 'east', east: 'south', south: 'west', west: 'north' };
const STEP: Record<Side, [number, number]> = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };
const axisOf = (d: Side) => (d === 'north' || d === 'south' ? 'z' : 'x');

/**
 * Neighbours with what the oracle knows of them: `sturdySides` — their side faces are whole (FULL);
 * `exception` — Block.isExceptionForConnection; and for walls above, which of WallBlock's test shapes the
 * bottom of their collision covers.
 */
interface Known {
  state: BlockState;
  sturdySides: boolean;
  exception?: boolean;
  cover?: { post: boolean; sides: boolean };
}
const gate = (facing: Side, open: boolean): Known => ({
  state: st('oak_fence_gate', { facing, open: String(open), in_wall: 'false', powered: 'false' }),
  sturdySides: false,
});
const NEIGHBOURS: Known[] = [
  { state: st('air'), sturdySides: false, cover: { post: false, sides: false } },
  { state: st('stone'), sturdySides: true, cover: { post: true, sides: true } },
  { state: st('glass'), sturdySides: true, cover: { post: true, sides: true } },
  { state: st('oak_leaves'), sturdySides: false, exception: true },
  { state: st('pumpkin'), sturdySides: true, exception: true },
  { state: st('oak_slab', { type: 'bottom' }), sturdySides: false, cover: { post: true, sides: true } },
  { state: st('oak_slab', { type: 'top' }), sturdySides: false, cover: { post: false, sides: false } },
  // a torch: no collision, in wall_post_override
  { state: st('torch'), sturdySides: false, cover: { post: false, sides: false } },
  {
    state: st('oak_fence', { north: 'false', east: 'false', south: 'false', west: 'false' }),
    sturdySides: false,
  },
  {
    state: st('nether_brick_fence', { north: 'false', east: 'false', south: 'false', west: 'false' }),
    sturdySides: false,
  },
  {
    state: st('glass_pane', { north: 'false', east: 'false', south: 'false', west: 'false' }),
    sturdySides: false,
  },
  {
    state: st('iron_bars', { north: 'false', east: 'false', south: 'false', west: 'false' }),
    sturdySides: false,
  },
  {
    state: st('cobblestone_wall', { north: 'none', east: 'none', south: 'none', west: 'none', up: 'true' }),
    sturdySides: false,
  },
  ...SIDES.flatMap((f) => [gate(f, false), gate(f, true)]),
];
const kind = (k: Known) => k.state.name.slice(10);
const isFenceName = (n: string) => n.endsWith('_fence');
const isWallName = (n: string) => n.endsWith('_wall');
const isPaneName = (n: string) => n === 'glass_pane' || n === 'iron_bars';
/** FenceGateBlock.connectsToDirection: the gate's facing lies on the axis across the side it is met from */
const gateAcross = (k: Known, from: Side) =>
  kind(k).endsWith('_fence_gate') && axisOf(k.state.properties['facing'] as Side) === axisOf(CW[from]);

/** what each family joins, from the class, with `from` the neighbour's face looking back */
function oracleJoins(self: string, k: Known, from: Side): boolean {
  const sturdy = !k.exception && k.sturdySides;
  const n = kind(k);
  if (isFenceName(self))
    return (
      sturdy ||
      (isFenceName(n) && (n === 'nether_brick_fence') === (self === 'nether_brick_fence')) ||
      gateAcross(k, from)
    );
  if (isPaneName(self)) return sturdy || isPaneName(n) || isWallName(n);
  // WallBlock.connectsTo
  return isWallName(n) || sturdy || isPaneName(n) || gateAcross(k, from);
}

const neighbour = fc.constantFrom(...NEIGHBOURS);
const around = fc.tuple(neighbour, neighbour, neighbour, neighbour);
const reader =
  (sides: readonly Known[], above?: Known) =>
  (dx: number, dy: number, dz: number): BlockState | undefined => {
    if (dy === 1 && dx === 0 && dz === 0) return above?.state ?? st('air');
    if (dy !== 0) return st('air');
    const i = SIDES.findIndex((d) => STEP[d][0] === dx && STEP[d][1] === dz);
    return i < 0 ? st('air') : sides[i]!.state;
  };

describe('fences, panes and bars join as their classes say', () => {
  it.each(['oak_fence', 'nether_brick_fence', 'glass_pane', 'iron_bars'])('%s', (self) => {
    fc.assert(
      fc.property(around, (sides) => {
        const got = updateFromNeighbourShapes(
          st(self, { north: 'false', east: 'false', south: 'false', west: 'false', waterlogged: 'false' }),
          reader(sides),
        );
        for (const [i, d] of SIDES.entries())
          expect(got.properties[d], `${d} of ${self} beside ${kind(sides[i]!)}`).toBe(
            String(oracleJoins(self, sides[i]!, OPP[d])),
          );
      }),
      { seed: 571, numRuns: 600 },
    );
  });
});

describe('walls: sides from the neighbours, tall and post from the block on top (WallBlock)', () => {
  const coverable = NEIGHBOURS.filter((k) => k.cover);
  it('matches the class over every drawn arrangement', () => {
    fc.assert(
      fc.property(around, fc.constantFrom(...coverable), (sides, above) => {
        const wall = st('cobblestone_wall', {
          north: 'none',
          east: 'none',
          south: 'none',
          west: 'none',
          up: 'true',
          waterlogged: 'false',
        });
        const got = updateFromNeighbourShapes(wall, reader(sides, above));
        const expected: Record<string, string> = {};
        for (const [i, d] of SIDES.entries())
          expected[d] = !oracleJoins('cobblestone_wall', sides[i]!, OPP[d])
            ? 'none'
            : above.cover!.sides
              ? 'tall'
              : 'low';
        const none = (d: Side) => expected[d] === 'none';
        const tall = (d: Side) => expected[d] === 'tall';
        let post: boolean;
        if (
          (none('north') && none('south') && none('east') && none('west')) ||
          none('north') !== none('south') ||
          none('east') !== none('west')
        )
          post = true;
        else if ((tall('north') && tall('south')) || (tall('east') && tall('west'))) post = false;
        else post = kind(above) === 'torch' || above.cover!.post;
        expect(got.properties).toMatchObject({ ...expected, up: String(post) });
      }),
      { seed: 572, numRuns: 1500 },
    );
  });
});

describe('fence gates, chests, tripwire: one side at a time', () => {
  it('a fence gate is in_wall when a wall stands on either side across its facing (FenceGateBlock.updateShape)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIDES), fc.constantFrom(...SIDES), around, (facing, face, sides) => {
        const self = st('oak_fence_gate', { facing, open: 'false', in_wall: 'false', powered: 'false' });
        const got = updateShape(self, face, reader(sides));
        const onAxis = axisOf(CW[facing]) === axisOf(face);
        const wallAt = (d: Side) => isWallName(kind(sides[SIDES.indexOf(d)]!));
        expect(got.properties['in_wall']).toBe(onAxis ? String(wallAt(face) || wallAt(OPP[face])) : 'false');
      }),
      { seed: 573, numRuns: 800 },
    );
  });

  const chest = fc.record({
    name: fc.constantFrom('chest', 'trapped_chest'),
    type: fc.constantFrom('single', 'left', 'right'),
    facing: fc.constantFrom(...SIDES),
  });
  it('a chest joins only a half pointing at it, and a half turns single when its partner’s cell holds another block (ChestBlock.updateShape)', () => {
    fc.assert(
      fc.property(
        chest,
        fc.oneof(chest, fc.constant(undefined)),
        fc.constantFrom(...SIDES),
        (me, them, face) => {
          const self = st(me.name, { type: me.type, facing: me.facing, waterlogged: 'false' });
          const other = them
            ? st(them.name, { type: them.type, facing: them.facing, waterlogged: 'false' })
            : st('stone');
          const got = updateShape(self, face, (dx, _dy, dz) =>
            dx === STEP[face][0] && dz === STEP[face][1] ? other : st('air'),
          );
          // getConnectedDirection: LEFT → clockwise of facing, otherwise counter-clockwise
          const partner = (t: { type: string; facing: Side }) =>
            t.type === 'left' ? CW[t.facing] : OPP[CW[t.facing]];
          let type = me.type;
          if (them && them.name === me.name) {
            if (
              me.type === 'single' &&
              them.type !== 'single' &&
              them.facing === me.facing &&
              partner(them) === OPP[face]
            )
              type = them.type === 'left' ? 'right' : 'left';
          } else if (partner(me) === face) type = 'single';
          expect(got.properties['type']).toBe(type);
        },
      ),
      { seed: 574, numRuns: 1500 },
    );
  });

  it('tripwire joins tripwire and a hook facing back at it (TripWireBlock.shouldConnectTo)', () => {
    const wire = st('tripwire', {
      north: 'false',
      east: 'false',
      south: 'false',
      west: 'false',
      attached: 'false',
      disarmed: 'false',
      powered: 'false',
    });
    const hook = (facing: Side) => st('tripwire_hook', { facing, attached: 'false', powered: 'false' });
    for (const face of SIDES) {
      for (const facing of SIDES)
        expect(updateShape(wire, face, () => hook(facing)).properties[face]).toBe(
          String(facing === OPP[face]),
        );
      expect(updateShape(wire, face, () => wire).properties[face]).toBe('true');
      expect(updateShape(wire, face, () => st('stone')).properties[face]).toBe('false');
    }
  });
});

describe('the block above or beside, one property', () => {
  const some = fc.constantFrom(
    'snow',
    'snow_block',
    'powder_snow',
    'stone',
    'air',
    'chorus_plant',
    'chorus_flower',
    'end_stone',
    'red_mushroom_block',
    'brown_mushroom_block',
  );
  const FACES: Face[] = ['north', 'east', 'south', 'west', 'up', 'down'];
  it('grass, podzol and mycelium are snowy under snow (SnowyDirtBlock, tag snow), from above only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('grass_block', 'podzol', 'mycelium'),
        some,
        fc.constantFrom(...FACES),
        (self, other, face) => {
          const got = updateShape(st(self, { snowy: 'false' }), face, () => st(other));
          const snowy = face === 'up' && ['snow', 'snow_block', 'powder_snow'].includes(other);
          expect(got.properties['snowy']).toBe(String(snowy));
        },
      ),
      { seed: 575, numRuns: 400 },
    );
  });
  it('a chorus plant joins chorus plants and flowers, and end stone below (ChorusPlantBlock)', () => {
    const all = Object.fromEntries(FACES.map((f) => [f, 'false']));
    fc.assert(
      fc.property(some, fc.constantFrom(...FACES), (other, face) => {
        const got = updateShape(st('chorus_plant', all), face, () => st(other));
        const joins =
          other === 'chorus_plant' || other === 'chorus_flower' || (face === 'down' && other === 'end_stone');
        expect(got.properties[face]).toBe(String(joins));
      }),
      { seed: 576, numRuns: 400 },
    );
  });
  it('a mushroom block hides a face beside the same block, and never shows one again (HugeMushroomBlock)', () => {
    const all = (v: string) => Object.fromEntries(FACES.map((f) => [f, v]));
    fc.assert(
      fc.property(some, fc.constantFrom(...FACES), fc.boolean(), (other, face, shown) => {
        const got = updateShape(st('red_mushroom_block', all(String(shown))), face, () =>
          st(other, all('true')),
        );
        expect(got.properties[face]).toBe(other === 'red_mushroom_block' ? 'false' : String(shown));
      }),
      { seed: 577, numRuns: 400 },
    );
  });
});

describe('halves (DoorBlock, BedBlock, DoublePlantBlock)', () => {
  const door = (half: string, facing = 'north', hinge = 'left') =>
    st('oak_door', { half, facing, hinge, open: 'false', powered: 'false' });
  it('a door half takes its other half’s state, or turns to air without it', () => {
    expect(updateShape(door('upper'), 'down', () => door('lower', 'east', 'right'))).toEqual(
      door('upper', 'east', 'right'),
    );
    expect(updateShape(door('upper'), 'down', () => st('stone')).name).toBe('minecraft:air');
    expect(updateShape(door('lower'), 'up', () => door('lower')).name).toBe('minecraft:air');
    // the lower half's ground: a sturdy top
    expect(updateShape(door('lower'), 'down', () => st('oak_slab', { type: 'bottom' })).name).toBe(
      'minecraft:air',
    );
    expect(updateShape(door('lower'), 'down', () => st('oak_slab', { type: 'top' }))).toEqual(door('lower'));
    // a side update changes nothing
    expect(updateShape(door('lower'), 'east', () => st('air'))).toEqual(door('lower'));
  });
  it('a bed half goes only when the cell of its other half changes', () => {
    const bed = (part: string) => st('red_bed', { part, facing: 'south', occupied: 'false' });
    expect(updateShape(bed('foot'), 'south', () => st('air')).name).toBe('minecraft:air');
    expect(updateShape(bed('foot'), 'south', () => bed('head'))).toEqual(bed('foot'));
    expect(updateShape(bed('foot'), 'down', () => st('air'))).toEqual(bed('foot'));
    expect(updateShape(bed('head'), 'north', () => st('air')).name).toBe('minecraft:air');
  });
  it('a tall plant half goes without its other half', () => {
    const plant = (half: string) => st('tall_grass', { half });
    expect(updateShape(plant('upper'), 'down', () => plant('lower'))).toEqual(plant('upper'));
    expect(updateShape(plant('upper'), 'down', () => st('stone')).name).toBe('minecraft:air');
    expect(updateShape(plant('lower'), 'up', () => st('air')).name).toBe('minecraft:air');
  });
  it('a tall plant’s lower half goes, on an update from any side, when its ground is no dirt or farmland (BushBlock)', () => {
    // the lower half with its upper half above, `ground` below and stone to the east
    const on =
      (name: string, ground: BlockState) =>
      (dx: number, dy: number): BlockState =>
        dy === -1 ? ground : dy === 1 ? st(name, { half: 'upper' }) : dx === 1 ? st('stone') : st('air');
    for (const name of [
      'tall_grass',
      'large_fern',
      'pitcher_plant',
      'sunflower',
      'lilac',
      'rose_bush',
      'peony',
    ]) {
      const lower = st(name, { half: 'lower' });
      for (const ground of [
        'dirt',
        'grass_block',
        'podzol',
        'coarse_dirt',
        'mycelium',
        'rooted_dirt',
        'moss_block',
        'pale_moss_block',
        'mud',
        'muddy_mangrove_roots',
        'farmland',
      ])
        expect(updateShape(lower, 'east', on(name, st(ground))), `${name} on ${ground}`).toEqual(lower);
      for (const ground of ['stone', 'sand', 'gravel', 'oak_planks', 'air'])
        expect(updateShape(lower, 'east', on(name, st(ground))).name, `${name} on ${ground}`).toBe(
          'minecraft:air',
        );
      // the upper half asks only for its lower half
      expect(updateShape(st(name, { half: 'upper' }), 'east', on(name, lower))).toEqual(
        st(name, { half: 'upper' }),
      );
    }
  });
});
