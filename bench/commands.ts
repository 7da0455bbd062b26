/** The bench's command mix (setblock, fill, a parse error, a fill over the limit, an incomplete command), in turn. */
export type Origin = { x: number; y: number; z: number };

export function mixedCommands(n: number, origin: Origin, salt: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const x = origin.x + (i % 16);
    const y = origin.y + 2 + ((i >> 4) % 8);
    const z = origin.z + 4 + (i % 7);
    switch (i % 5) {
      case 0:
        return `setblock ${x} ${y} ${z} minecraft:${salt % 2 ? 'stone' : 'oak_planks'}`;
      case 1:
        return `fill ${x} ${y} ${z} ${x + 1} ${y} ${z + 1} minecraft:${salt % 2 ? 'bricks' : 'glass'}`;
      case 2:
        return `setblock ${x} ${y} ${z} minecraft:not_a_block`; // parse error
      case 3:
        return `fill ${x} ${y} ${z} ${x + 40} ${y + 40} ${z + 40} stone`; // too big
      default:
        return `setblock ${x} ${y}`; // incomplete
    }
  });
}
