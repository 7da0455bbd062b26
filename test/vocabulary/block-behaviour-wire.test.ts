/**
 * Redstone wire's update from one side, as RedStoneWireBlock.updateShape (1.21.4) does it: when that side stays
 * as connected as it was and the wire is no cross, only that side changes; when its connection comes or goes
 * (or the wire is a cross) all four sides are worked out again from the cross, so a dot does not stay one.
 * The expected states are worked by hand from the class for each arrangement.
 */
import { describe, expect, it } from 'vitest';
import { updateFromNeighbourShapes, updateShape } from '../../src/vocabulary/block-behaviour/index.js';
import { AIR, type BlockState } from '../../src/vocabulary/blocks/block-state.js';

const wire = (north: string, east: string, south: string, west: string): BlockState => ({
  name: 'minecraft:redstone_wire',
  properties: { north, east, south, west, power: '0' },
});
const STONE: BlockState = { name: 'minecraft:stone', properties: {} };
const GLASS: BlockState = { name: 'minecraft:glass', properties: {} };
const sides = (s: BlockState) =>
  ['north', 'east', 'south', 'west'].map((d) => `${d}=${s.properties[d]}`).join(',');

/** stone under the wire, `east` beside it, air elsewhere */
const around =
  (east: BlockState) =>
  (dx: number, dy: number, dz: number): BlockState =>
    dy === -1 && dx === 0 && dz === 0 ? STONE : dy === 0 && dx === 1 && dz === 0 ? east : AIR;

describe('redstone wire, one side at a time (RedStoneWireBlock.updateShape)', () => {
  it('a named north–south line keeps its sides when glass comes east: that side stays unconnected', () => {
    const line = wire('side', 'none', 'side', 'none');
    expect(sides(updateShape(line, 'east', around(GLASS)))).toBe('north=side,east=none,south=side,west=none');
  });

  it('a dot stays a dot when the block east connects nothing', () => {
    const dot = wire('none', 'none', 'none', 'none');
    expect(sides(updateShape(dot, 'east', around(GLASS)))).toBe('north=none,east=none,south=none,west=none');
  });

  it('a dot beside a new wire east is worked out again: it runs east–west', () => {
    const dot = wire('none', 'none', 'none', 'none');
    const next = updateShape(dot, 'east', around(wire('none', 'none', 'none', 'none')));
    expect(sides(next)).toBe('north=none,east=side,south=none,west=side');
  });

  it('a line whose connected side loses its wire is worked out again from the cross', () => {
    // east was connected (side) and is no more: all four again; nothing connects and it was not a dot: a cross
    const eastWest = wire('none', 'side', 'none', 'side');
    expect(sides(updateShape(eastWest, 'east', around(GLASS)))).toBe(
      'north=side,east=side,south=side,west=side',
    );
  });

  it('placed by updateFromNeighbourShapes (ending with the update from above), a lone named line becomes a cross', () => {
    // west, east, north, south: no connection comes or goes for an unconnected side… the north side does go
    const placed = updateFromNeighbourShapes(wire('side', 'none', 'side', 'none'), around(GLASS));
    expect(sides(placed)).toBe('north=side,east=side,south=side,west=side');
  });
});
