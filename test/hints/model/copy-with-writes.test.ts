/**
 * The walk of a copy (model/walk.ts `withWrites`, what the referee judges a step on) is the walk a fresh graph
 * finds over the same copy: seeded buildings of the ground truth, a few random writes into and around each (walls
 * opened and closed, floors taken away, ladders, doors, slabs), and every stand, every move, the reach from open
 * sky and each stand's way in compared; some cells are left unread (a write there makes them known: the stands
 * beside them are no longer uncertain). A failure prints its seed. The copy itself (`RegionWithWrites`) reads as a
 * region over the written world does, and its rooms and open air (model/flood.ts, whose doorway verdicts a copy
 * takes from the region where they read no write) are those the same flood finds over the written world.
 */
import { expect, test } from 'vitest';
import type { BlockPos } from '../../../src/vocabulary/blocks/box.js';
import type { BlockState } from '../../../src/vocabulary/blocks/block-state.js';
import { type Stand, standKey, WalkGraph } from '../../../src/hints/model/walk.js';
import { cellKind } from '../../../src/hints/model/cells.js';
import { enclosedRoomsNear, isPassage, reachesOut, type Space } from '../../../src/hints/model/spaces.js';
import { RegionWithWrites, WorldRegion } from '../../../src/hints/model/world-region.js';
import { regionAround } from '../../../src/hints/model/hint-region.js';
import { generate } from '../../ground-truth/generator.js';
import { Rng } from '../../ground-truth/prng.js';

const SEEDS = 40;
const WRITES: BlockState[] = [
  { name: 'minecraft:air', properties: {} },
  { name: 'minecraft:stone', properties: {} },
  { name: 'minecraft:oak_planks', properties: {} },
  { name: 'minecraft:ladder', properties: { facing: 'north' } },
  { name: 'minecraft:oak_door', properties: { facing: 'east', half: 'lower' } },
  { name: 'minecraft:oak_slab', properties: { type: 'bottom' } },
  { name: 'minecraft:glass_pane', properties: {} },
];

const describeStand = (s: Stand): string =>
  `${standKey(s)} h=${s.h} climbing=${s.climbing} sky=${s.sky} uncertain=${s.uncertain}`;

/** Everything a walk says, as text: stands, moves, reach from the sky, and the way into each stand. */
const everything = (g: WalkGraph): string[] => {
  const stands = g.allStands();
  const reach = g.reachFromSky();
  return stands.map(
    (s) =>
      `${describeStand(s)} → ${g
        .movesFrom(s)
        .map(describeStand)
        .sort()
        .join(' ')} reached=${reach.has(standKey(s))} way=${g.wayInto([s])}`,
  );
};

test.each(Array.from({ length: SEEDS }, (_, i) => i + 1))(
  'seed %i: the walk and the rooms of a copy with writes are those found afresh over it',
  (seed) => {
    const building = generate(seed);
    const rng = new Rng(seed * 7919);
    const box = regionAround([{ min: building.near.min, max: building.near.max }])!;
    const { min, max } = building.near;
    // a few columns the read could not tell, part of the time
    const unread = new Set<string>();
    if (rng.chance(0.5))
      for (let n = rng.int(1, 4); n > 0; n--) unread.add(`${rng.int(min.x, max.x)},${rng.int(min.z, max.z)}`);
    const read = (p: BlockPos): BlockState | 'unloaded' =>
      unread.has(`${p.x},${p.z}`) ? 'unloaded' : building.grid.get(p);
    const region = new WorldRegion(box, { readBlock: read });
    const walk = new WalkGraph(region);
    // the walk and the rooms of the world are asked first, as the model asks them before the referee
    walk.reachFromSky();
    enclosedRoomsNear(region, building.near);
    const doorways: BlockPos[] = [];
    for (let x = min.x; x <= max.x; x++)
      for (let y = min.y; y <= max.y; y++)
        for (let z = min.z; z <= max.z; z++) if (isPassage(region, { x, y, z })) doorways.push({ x, y, z });
    const writes = new Map<number, BlockState>();
    const positions: BlockPos[] = [];
    for (let n = rng.int(1, 6); n > 0; n--) {
      const block = rng.pick(WRITES);
      if (unread.size && rng.chance(0.3)) {
        // an unread column written whole over the building's height: the stands beside it are read whole now
        const [x, z] = rng
          .pick([...unread])
          .split(',')
          .map(Number) as [number, number];
        for (let y = min.y - 2; y <= max.y + 2; y++) {
          writes.set(region.indexOf({ x, y, z }), block);
          positions.push({ x, y, z });
        }
        continue;
      }
      // half the time at a doorway, its jambs or its lintel: where a write changes which air is a passage
      const doorway = doorways.length && rng.chance(0.5) ? rng.pick(doorways) : undefined;
      const p = doorway
        ? { x: doorway.x + rng.int(-1, 1), y: doorway.y + rng.int(-1, 2), z: doorway.z + rng.int(-1, 1) }
        : { x: rng.int(min.x, max.x), y: rng.int(min.y, max.y), z: rng.int(min.z, max.z) };
      writes.set(region.indexOf(p), block);
      positions.push(p);
    }
    const copy = new RegionWithWrites(region, writes);
    const written = new WorldRegion(box, {
      readBlock: (p) => writes.get(region.indexOf(p)) ?? read(p),
    });
    const cells: BlockPos[] = [];
    for (let x = min.x - 2; x <= max.x + 2; x++)
      for (let y = min.y - 2; y <= max.y + 2; y++)
        for (let z = min.z - 2; z <= max.z + 2; z++) cells.push({ x, y, z });
    const why = `seed ${seed}, writes ${positions.map((p) => `${p.x},${p.y},${p.z}`).join(' ')}`;
    expect(
      cells.filter(
        (p) =>
          cellKind(copy, p) !== cellKind(written, p) ||
          JSON.stringify(copy.at(p)) !== JSON.stringify(written.at(p)),
      ),
      why,
    ).toEqual([]);
    expect(everything(walk.withWrites(copy, positions)), why).toEqual(everything(new WalkGraph(written)));
    const rooms = (r: WorldRegion): string[] =>
      enclosedRoomsNear(r, building.near).map(
        (s: Space) => `${JSON.stringify(s.interior)} ${s.cells} ${[...s.open].sort().join(' ')}`,
      );
    expect(rooms(copy), why).toEqual(rooms(written));
    const open = (r: WorldRegion): string[] =>
      cells.filter((p) => cellKind(r, p) === 'open' && reachesOut(r, p)).map((p) => `${p.x},${p.y},${p.z}`);
    expect(open(copy), why).toEqual(open(written));
  },
);
