/**
 * The ground-truth property test, short form: 240 generated buildings (seeds 1–240, every family) through the
 * real hints entry point (postExecuteHints over a WorldRegion of the generated world, the batch that built each
 * one as applied and verified entries), each answer judged against what the generator knows. One test per
 * property and family; a failure lists its seeds and the command that reruns one
 * (`npm run ground-truth -- --count 1 --seed S --verbose`). The long form: `npm run ground-truth`.
 *
 * FAILS_TODAY names the property/family pairs that fail on the hints as they stand (they are `test.fails`,
 * so each turns red when the model is fixed for it: then take it out of the list). Found at the time of
 * writing, with the first seeds of each:
 * - room-named: closets (30 41 44), one-wide corridors and one-wide rooms (4 36 43; rectangle 7 96), attics
 *   reached by a hatch (10 11 13), rooms on a raised floor (12 24), U-shaped rooms (9 29), a storey (235);
 * - no-phantom-room: a room and its closet named as one (41 44), house and attic as one (50 78), a U room named
 *   by one arm (9 29), a raised-floor room named with the box of its walls (12 24);
 * - way-in: a lone lower door half, an iron door or no opening called a way in (35 45); a storey reached by
 *   stairs or a ladder called "no way in" (18 27; tower 14 21), a basement reached by a ladder (71 80), a
 *   doorway in an L's notch not seen (135), rooms behind a sealed corridor called reachable (4 43), a room on a
 *   floor raised one block above its door's sill called "a way in" (12 24);
 * - steps-pass: a door suggested into a basement's earth or onto a drop five blocks up (20 69; 18 27; 14 21),
 *   walls "extended" through a U's or L's air and over its furniture (9 15; 51 56), a window into the block a
 *   wall torch hangs on (23), a closet's inner wall "extended" into the closet (30 41), windows into a basement's
 *   earth or into the wall between two rooms (basement, closet, corridor).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { FAMILIES } from './families.js';
import type { Failure, Property } from './judge.js';
import { describe as describeGroups, group } from './report.js';
import { trial } from './through-hints.js';

const SEEDS = 240;
const PROPERTIES: Property[] = ['room-named', 'no-phantom-room', 'way-in', 'steps-pass'];
const WHAT: Record<Property, string> = {
  'room-named': 'every room the generator built is named with its box',
  'no-phantom-room': 'nothing else is called a room',
  'way-in': 'every "way in" / "no way in" agrees with the walkable paths',
  'steps-pass': 'every suggested step passes the reference checker',
};

const FAILS_TODAY = new Set([
  'room-named/closet',
  'room-named/corridor',
  'room-named/gableHouse',
  'room-named/raisedFloor',
  'room-named/rectangle',
  'room-named/twoStorey',
  'room-named/uShape',
  'no-phantom-room/closet',
  'no-phantom-room/raisedFloor',
  'no-phantom-room/uShape',
  'way-in/twoStorey',
  'way-in/uShape',
]);

const built = new Map<string, number>();
const failures: Failure[] = [];

beforeAll(() => {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const { building, failures: found } = trial(seed);
    built.set(building.family, (built.get(building.family) ?? 0) + 1);
    failures.push(...found);
  }
});

test('the seeds cover every family with several buildings', () => {
  for (const family of Object.keys(FAMILIES))
    expect(built.get(family) ?? 0, family).toBeGreaterThanOrEqual(10);
});

for (const property of PROPERTIES)
  describe(WHAT[property], () => {
    for (const family of Object.keys(FAMILIES)) {
      const known = FAILS_TODAY.has(`${property}/${family}`);
      // a known failure of today's hints: `test.fails` turns red once the model gets it right
      (known ? test.fails : test)(`${family}${known ? ' (fails today)' : ''}`, () => {
        const mine = failures.filter((f) => f.property === property && f.family === family);
        expect(mine, `\n${describeGroups(group(mine))}`).toEqual([]);
      });
    }
  });
