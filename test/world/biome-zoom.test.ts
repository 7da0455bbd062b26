/**
 * BiomeManager.getBiome's cell choice (obfuscated seed + fiddled distance), against values printed by a
 * Java 17 program here that follows net/minecraft/world/level/biome/BiomeManager.java (1.21.4) with
 * Java's own long arithmetic and MessageDigest SHA-256.
 */
import { expect, test } from 'vitest';
import { obfuscateSeed, zoomedCell } from '../../src/world/parity/biome-zoom.js';

const POSITIONS = [
  { x: 0, y: -60, z: 0 },
  { x: 5, y: -61, z: 7 },
  { x: -13, y: 70, z: 22 },
  { x: 100, y: -64, z: -100 },
];
const JAVA: Array<[bigint, bigint, string[]]> = [
  [0n, 8794265229978523055n, ['-1,-16,0', '0,-16,1', '-4,17,5', '25,-16,-26']],
  [12345n, 293737985876514017n, ['0,-15,0', '0,-16,1', '-4,17,5', '24,-16,-25']],
  [-987654321n, 739882241652834894n, ['0,-15,0', '1,-16,1', '-4,17,5', '24,-17,-26']],
];

test.each(JAVA)('seed %s: obfuscated %s, cells as Java picks them', (seed, obfuscated, cells) => {
  expect(obfuscateSeed(seed)).toBe(obfuscated);
  const got = POSITIONS.map((p) => zoomedCell(obfuscated, p)).map((c) => `${c.x},${c.y},${c.z}`);
  expect(got).toEqual(cells);
});
