/**
 * net/minecraft/world/level/levelgen/LegacyRandomSource.java (1.21.4): Java's 48-bit linear congruential
 * generator, what RandomSource.create(seed) returns — `place template`'s integrity draws from it.
 */
const MULTIPLIER = 0x5deece66dn;
const MASK = (1n << 48n) - 1n;

export class LegacyRandom {
  private seed: bigint;

  constructor(seed: bigint | number) {
    this.seed = (BigInt.asIntN(64, BigInt(seed)) ^ MULTIPLIER) & MASK;
  }

  private next(bits: number): number {
    this.seed = (this.seed * MULTIPLIER + 0xbn) & MASK;
    return Number(BigInt.asIntN(32, this.seed >> BigInt(48 - bits)));
  }

  /** (float) next(24) × 2^-24 */
  nextFloat(): number {
    return Math.fround(this.next(24) * 5.9604645e-8);
  }
}
