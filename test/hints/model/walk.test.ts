/** Where a player stands and goes, read from collision shapes: table tests over small worlds. */
import { describe, expect, test } from 'vitest';
import type { Box } from '../../../src/vocabulary/blocks/box.js';
import { type Stand, WalkGraph } from '../../../src/hints/model/walk.js';
import { WorldRegion } from '../../../src/hints/model/world-region.js';
import { SmallWorld } from '../small-world.js';

const BOX: Box = { min: { x: -4, y: 58, z: -4 }, max: { x: 8, y: 74, z: 8 } };
/** flat ground: grass at y 63, a player stands at 64 */
const GROUND = 'fill -4 63 -4 8 63 8 minecraft:grass_block';

const graphOf = (...commands: string[]): WalkGraph =>
  new WalkGraph(new WorldRegion(BOX, new SmallWorld().run(GROUND, ...commands)));

const standAt = (g: WalkGraph, x: number, z: number, y: number): Stand | undefined =>
  g.standsIn(x, z).find((s) => s.y === y);

const moves = (g: WalkGraph, from: Stand): string[] => g.movesFrom(from).map((s) => `${s.x},${s.y},${s.z}`);

describe('where a player stands', () => {
  test.each<[string, string[], number, number | undefined]>([
    ['on the ground', [], 64, 64],
    ['on a bottom slab', ['setblock 0 64 0 minecraft:oak_slab[type=bottom]'], 64, 64.5],
    ['on a carpet', ['setblock 0 64 0 minecraft:red_carpet'], 64, 64.0625],
    ['on a full block', ['setblock 0 64 0 minecraft:stone'], 65, 65],
    ['on a fence (1.5 high)', ['setblock 0 64 0 minecraft:oak_fence'], 65, 65.5],
    ['not under a block one up (no 1.8 of room)', ['setblock 0 65 0 minecraft:stone'], 64, undefined],
    [
      'under a top slab two up (1.8 fits in 1.5 + 0.5? no)',
      ['setblock 0 65 0 minecraft:oak_slab[type=top]'],
      64,
      undefined,
    ],
    ['under a block two up', ['setblock 0 66 0 minecraft:stone'], 64, 64],
  ])('%s', (_name, commands, y, h) => {
    const g = graphOf(...commands);
    expect(standAt(g, 0, 0, y)?.h).toBe(h);
  });

  test('open sky above the ground, none under a roof', () => {
    const g = graphOf('fill -1 67 -1 1 67 1 minecraft:stone');
    expect(standAt(g, 3, 3, 64)?.sky).toBe(true);
    expect(standAt(g, 0, 0, 64)?.sky).toBe(false);
  });
});

describe('how a player moves', () => {
  test('a slab is walked onto (rise 0.5), and back down', () => {
    const g = graphOf('setblock 1 64 0 minecraft:oak_slab[type=bottom]');
    const ground = standAt(g, 0, 0, 64)!;
    const slab = standAt(g, 1, 0, 64)!;
    expect(moves(g, ground)).toContain('1,64,0');
    expect(moves(g, slab)).toContain('0,64,0');
  });

  test('a full block is jumped onto where there is headroom, not under a low ceiling', () => {
    const open = graphOf('setblock 1 64 0 minecraft:stone');
    expect(moves(open, standAt(open, 0, 0, 64)!)).toContain('1,65,0');
    // a ceiling at 66 over the stand: the head stops the jump
    const low = graphOf('setblock 1 64 0 minecraft:stone', 'setblock 0 66 0 minecraft:stone');
    expect(moves(low, standAt(low, 0, 0, 64)!)).not.toContain('1,65,0');
  });

  test('a fence (1.5) and a wall stop a player; two blocks up is too high', () => {
    for (const block of ['oak_fence', 'cobblestone_wall']) {
      const g = graphOf(`setblock 1 64 0 minecraft:${block}`);
      expect(moves(g, standAt(g, 0, 0, 64)!).filter((m) => m.startsWith('1,'))).toEqual([]);
    }
    const two = graphOf('fill 1 64 0 1 65 0 minecraft:stone');
    expect(moves(two, standAt(two, 0, 0, 64)!).filter((m) => m.startsWith('1,'))).toEqual([]);
  });

  test('a drop is one way', () => {
    const g = graphOf('fill 0 64 0 0 65 0 minecraft:stone');
    const top = standAt(g, 0, 0, 66)!;
    const below = standAt(g, 1, 0, 64)!;
    expect(moves(g, top)).toContain('1,64,0');
    expect(moves(g, below)).not.toContain('0,66,0');
  });

  test('a ladder is climbed up and down', () => {
    const g = graphOf(
      'fill 0 64 1 0 68 1 minecraft:stone',
      'fill 0 64 0 0 67 0 minecraft:ladder[facing=north]',
    );
    const foot = standAt(g, 0, 0, 64)!;
    expect(moves(g, foot)).toContain('0,65,0');
    const up = standAt(g, 0, 0, 66)!;
    expect(up.climbing).toBe(true);
    expect(moves(g, up)).toEqual(expect.arrayContaining(['0,65,0', '0,67,0']));
  });

  test.each([
    ['a wooden door opens by hand', 'oak_door', true],
    ['an iron door does not', 'iron_door', false],
  ])('%s', (_name, door, passes) => {
    const g = graphOf(
      'fill 1 64 -4 1 66 8 minecraft:stone',
      `setblock 1 64 0 minecraft:${door}[facing=east,half=lower]`,
      `setblock 1 65 0 minecraft:${door}[facing=east,half=upper]`,
    );
    expect(moves(g, standAt(g, 0, 0, 64)!).includes('1,64,0')).toBe(passes);
  });

  test('a fence gate opens by hand', () => {
    const g = graphOf(
      'fill 1 64 -4 1 64 8 minecraft:oak_fence',
      'setblock 1 64 0 minecraft:oak_fence_gate[facing=east]',
    );
    expect(moves(g, standAt(g, 0, 0, 64)!)).toContain('1,64,0');
  });
});

describe('a way in from open sky', () => {
  const hut = ['fill 0 64 0 4 67 4 minecraft:stone_bricks hollow', 'fill 1 64 1 3 64 3 minecraft:oak_planks'];
  const inside = (g: WalkGraph) => [standAt(g, 2, 2, 65)!];

  test('through a whole wooden door: walkable', () => {
    const g = graphOf(
      ...hut,
      'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]',
      'setblock 2 66 0 minecraft:oak_door[facing=north,half=upper]',
    );
    expect(g.wayInto(inside(g))).toBe('walkable');
  });

  test('a closed hut: none', () => {
    const g = graphOf(...hut);
    expect(g.wayInto(inside(g))).toBe('none');
  });

  test('a lone lower door half under a plank: none (no room for the body)', () => {
    const g = graphOf(...hut, 'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]');
    expect(g.wayInto(inside(g))).toBe('none');
  });

  test('an iron door: none (it takes redstone)', () => {
    const g = graphOf(
      ...hut,
      'setblock 2 65 0 minecraft:iron_door[facing=north,half=lower]',
      'setblock 2 66 0 minecraft:iron_door[facing=north,half=upper]',
    );
    expect(g.wayInto(inside(g))).toBe('none');
  });

  test('a hut whose door opens onto the edge of what was read: could not judge', () => {
    const world = new SmallWorld().run(
      GROUND,
      ...hut,
      'setblock 2 65 0 minecraft:oak_door[facing=north,half=lower]',
      'setblock 2 66 0 minecraft:oak_door[facing=north,half=upper]',
    );
    const g = new WalkGraph(
      new WorldRegion({ min: { x: 0, y: 58, z: 0 }, max: { x: 6, y: 74, z: 6 } }, world),
    );
    expect(g.wayInto(inside(g))).toBe('unknown');
  });
});
