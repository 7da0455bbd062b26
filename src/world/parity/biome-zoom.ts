/**
 * Level.getBiome as vanilla 1.21.4 reads it (net/minecraft/world/level/biome/BiomeManager.java getBiome):
 * a block's biome is one of the 8 biome cells around it, chosen by a distance "fiddled" with the
 * obfuscated world seed (sha256 of the seed, BiomeManager.obfuscateSeed), so biome borders are ragged.
 * `execute if biome` tests this biome, not simply the cell the block is in.
 */
import { createHash } from 'node:crypto';

const MUL = 6364136223846793005n;
const ADD = 1442695040888963407n;
const i64 = (v: bigint): bigint => BigInt.asIntN(64, v);

/** LinearCongruentialGenerator.next */
const lcg = (seed: bigint, value: bigint): bigint => i64(i64(seed * i64(seed * MUL + ADD)) + value);

/** Hashing.sha256().hashLong(seed).asLong(): little-endian in and out */
export function obfuscateSeed(seed: bigint): bigint {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64LE(BigInt.asIntN(64, seed));
  return createHash('sha256').update(bytes).digest().readBigInt64LE(0);
}

/** (floorMod(v >> 24, 1024) / 1024 - 0.5) * 0.9 */
function fiddle(v: bigint): number {
  const r = Number((((v >> 24n) % 1024n) + 1024n) % 1024n);
  return (r / 1024 - 0.5) * 0.9;
}

function fiddledDistance(seed: bigint, x: number, y: number, z: number, dx: number, dy: number, dz: number) {
  let v = lcg(seed, BigInt(x));
  v = lcg(v, BigInt(y));
  v = lcg(v, BigInt(z));
  v = lcg(v, BigInt(x));
  v = lcg(v, BigInt(y));
  v = lcg(v, BigInt(z));
  const fx = fiddle(v);
  v = lcg(v, seed);
  const fy = fiddle(v);
  v = lcg(v, seed);
  const fz = fiddle(v);
  return (dz + fz) ** 2 + (dy + fy) ** 2 + (dx + fx) ** 2;
}

/** The biome cell (quart coordinates) BiomeManager.getBiome picks for a block position. */
export function zoomedCell(zoomSeed: bigint, pos: { x: number; y: number; z: number }) {
  const x = pos.x - 2;
  const y = pos.y - 2;
  const z = pos.z - 2;
  const [qx, qy, qz] = [x >> 2, y >> 2, z >> 2];
  const [fx, fy, fz] = [(x & 3) / 4, (y & 3) / 4, (z & 3) / 4];
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 8; i++) {
    const [ox, oy, oz] = [(i & 4) === 0 ? 0 : 1, (i & 2) === 0 ? 0 : 1, (i & 1) === 0 ? 0 : 1];
    const d = fiddledDistance(zoomSeed, qx + ox, qy + oy, qz + oz, fx - ox, fy - oy, fz - oz);
    if (bestDistance > d) {
      best = i;
      bestDistance = d;
    }
  }
  return {
    x: qx + ((best & 4) === 0 ? 0 : 1),
    y: qy + ((best & 2) === 0 ? 0 : 1),
    z: qz + ((best & 1) === 0 ? 0 : 1),
  };
}
