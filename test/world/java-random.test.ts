/**
 * LegacyRandom is vanilla's LegacyRandomSource (Java's LCG): its floats are the ones Java prints for
 * `new java.util.Random(seed).nextFloat()` — the expected values below were printed by Java 17 here.
 */
import { expect, test } from 'vitest';
import { LegacyRandom } from '../../src/world/parity/java-random.js';

const JAVA: Array<[number, number[]]> = [
  [1, [0.7308782, 0.100473166, 0.4100808, 0.40743977]],
  [42, [0.7275637, 0.054665208, 0.6832234, 0.0479393]],
  [-7, [0.26912177, 0.90149754, 0.6731812, 0.9458454]],
  [123456789, [0.66403806, 0.76331645, 0.45695174, 0.25486958]],
];

test.each(JAVA)('seed %i gives Java’s nextFloat sequence', (seed, floats) => {
  const random = new LegacyRandom(seed);
  expect(floats.map(() => random.nextFloat())).toEqual(floats.map((f) => Math.fround(f)));
});
