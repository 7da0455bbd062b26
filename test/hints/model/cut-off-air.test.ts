/**
 * The air next to the writes that runs on out of the read (model/room-reach.ts `cutOffAir`, whose flood may tell
 * the open air from straight lines of it, model/flood.ts) is what a plain flood of the read's open cells finds.
 * Generated buildings of the ground truth, some of their columns unread, and writes of one cell to a small box
 * at random places: inside rooms, in their walls, in doorways, out in the open, against the read's faces. For
 * each, the reference floods every open cell of the read six ways; the spaces next to the writes that reach one
 * or two faces of the read, of two cells or more, must be exactly the spaces `cutOffAir` gives, with the same
 * open cells and faces. Those that reach three faces are the open air, given up on. A failure prints its seed.
 */
import { expect, test } from 'vitest';
import type { BlockPos, Box } from '../../../src/vocabulary/blocks/box.js';
import type { BlockState } from '../../../src/vocabulary/blocks/block-state.js';
import { cellKind } from '../../../src/hints/model/cells.js';
import { cutOffAir } from '../../../src/hints/model/room-reach.js';
import { shellOf } from '../../../src/hints/model/spaces.js';
import { WorldRegion } from '../../../src/hints/model/world-region.js';
import { regionAround } from '../../../src/hints/model/hint-region.js';
import { containsPos, intersection } from '../../../src/hints/geometry.js';
import { generate } from '../../ground-truth/generator.js';
import { Rng } from '../../ground-truth/prng.js';

/** generated buildings, each read and written several ways */
const SEEDS = 200;
const WRITE_SETS = 8;

const key = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;
const DIRECTIONS: ReadonlyArray<[BlockPos, string]> = [
  [{ x: 1, y: 0, z: 0 }, 'max.x'],
  [{ x: -1, y: 0, z: 0 }, 'min.x'],
  [{ x: 0, y: 1, z: 0 }, 'max.y'],
  [{ x: 0, y: -1, z: 0 }, 'min.y'],
  [{ x: 0, y: 0, z: 1 }, 'max.z'],
  [{ x: 0, y: 0, z: -1 }, 'min.z'],
];

/** A space as compared: its open cells and the faces of the read it reaches, as text. */
const described = (open: Iterable<string>, faces: Iterable<string>): string =>
  `${[...faces].sort().join(' ')} | ${[...open].sort().join(' ')}`;

/**
 * The reference: every open cell of the read flooded six ways into connected spaces; those with a cell next to
 * the writes (their shell) that reach one or two faces, of two cells or more.
 */
function cutOffByPlainFlood(region: WorldRegion, writes: Box): { cutOff: string[]; openAir: number } {
  const { box } = region;
  const seeds = intersection(shellOf(writes), box);
  if (!seeds) return { cutOff: [], openAir: 0 };
  let openAir = 0;
  const done = new Set<string>();
  const out: string[] = [];
  for (let x = seeds.min.x; x <= seeds.max.x; x++)
    for (let y = seeds.min.y; y <= seeds.max.y; y++)
      for (let z = seeds.min.z; z <= seeds.max.z; z++) {
        const start = { x, y, z };
        if (done.has(key(start)) || cellKind(region, start) !== 'open') continue;
        const open = new Set<string>([key(start)]);
        const faces = new Set<string>();
        const queue = [start];
        done.add(key(start));
        while (queue.length) {
          const p = queue.pop()!;
          for (const [d, face] of DIRECTIONS) {
            const n = { x: p.x + d.x, y: p.y + d.y, z: p.z + d.z };
            if (!containsPos(box, n)) {
              faces.add(face);
              continue;
            }
            if (done.has(key(n)) || cellKind(region, n) !== 'open') continue;
            done.add(key(n));
            open.add(key(n));
            queue.push(n);
          }
        }
        if (faces.size >= 3) openAir++;
        else if (open.size >= 2 && faces.size >= 1) out.push(described(open, faces));
      }
  return { cutOff: out.sort(), openAir };
}

test('the air cut off by the read is what a plain flood of its open cells finds', () => {
  let cases = 0;
  let found = 0;
  let openAir = 0;
  for (let seed = 1; seed <= SEEDS; seed++) {
    const building = generate(seed);
    const rng = new Rng(seed * 104_729);
    const { min, max } = building.near;
    const unread = new Set<string>();
    if (rng.chance(0.3))
      for (let n = rng.int(1, 3); n > 0; n--) unread.add(`${rng.int(min.x, max.x)},${rng.int(min.z, max.z)}`);
    const read = (p: BlockPos): BlockState | 'unloaded' =>
      unread.has(`${p.x},${p.z}`) ? 'unloaded' : building.grid.get(p);
    for (let w = 0; w < WRITE_SETS; w++) {
      // most inside the building (its rooms, walls and doorways), the rest around it in the open
      const out = rng.chance(0.3) ? 3 : 0;
      const corner = {
        x: rng.int(min.x - out, max.x + out),
        y: rng.int(min.y, max.y + out),
        z: rng.int(min.z - out, max.z + out),
      };
      const writes: Box = {
        min: corner,
        max: { x: corner.x + rng.int(0, 2), y: corner.y + rng.int(0, 2), z: corner.z + rng.int(0, 2) },
      };
      // the hints' own read around the writes, or a tighter one that cuts rooms off
      const wide = regionAround([writes])!;
      const box = rng.chance(0.4)
        ? wide
        : {
            min: {
              x: writes.min.x - rng.int(1, 4),
              y: writes.min.y - rng.int(1, 3),
              z: writes.min.z - rng.int(1, 4),
            },
            max: {
              x: writes.max.x + rng.int(1, 4),
              y: writes.max.y + rng.int(1, 3),
              z: writes.max.z + rng.int(1, 4),
            },
          };
      const why = `seed ${seed}, writes ${key(writes.min)}–${key(writes.max)}, read ${key(box.min)}–${key(box.max)}`;
      const { cutOff: expected, openAir: inOpenAir } = cutOffByPlainFlood(
        new WorldRegion(box, { readBlock: read }),
        writes,
      );
      const region = new WorldRegion(box, { readBlock: read });
      const got = cutOffAir(region, [writes])
        .map(({ space, faces }) => described(space.open, faces))
        .sort();
      expect(got, why).toEqual(expected);
      cases++;
      found += expected.length;
      openAir += inOpenAir;
    }
  }
  expect(cases).toBe(SEEDS * WRITE_SETS);
  // the cases hold air cut off by the read and open air next to the writes, not only closed rooms
  expect(found).toBeGreaterThan(SEEDS / 2);
  expect(openAir).toBeGreaterThan(SEEDS);
});
