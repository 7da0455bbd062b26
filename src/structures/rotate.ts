/**
 * Rotating structures about the vertical axis, clockwise seen from above like vanilla's
 * Rotation.CLOCKWISE_90: positions (x, z) → (−z, x), and the block states that carry a direction.
 */
export type Rotation = 0 | 90 | 180 | 270;

const HORIZONTAL = ['north', 'east', 'south', 'west'] as const;

const turn = (direction: string, quarters: number): string => {
  const i = (HORIZONTAL as readonly string[]).indexOf(direction);
  return i < 0 ? direction : HORIZONTAL[(i + quarters) % 4]!;
};

/** A state key (`minecraft:oak_door[facing=north,half=lower]`) rotated by `rotation` degrees. */
export function rotateStateKey(key: string, rotation: Rotation): string {
  const quarters = rotation / 90;
  const open = key.indexOf('[');
  if (quarters === 0 || open < 0) return key;
  const name = key.slice(0, open);
  const props = Object.fromEntries(
    key
      .slice(open + 1, -1)
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const out: Record<string, string> = { ...props };
  if (props['facing']) out['facing'] = turn(props['facing'], quarters);
  if (props['axis'] && quarters % 2 === 1)
    out['axis'] = props['axis'] === 'x' ? 'z' : props['axis'] === 'z' ? 'x' : props['axis'];
  if (props['rotation'] !== undefined)
    out['rotation'] = String((Number(props['rotation']) + 4 * quarters) % 16);
  // fences, panes, walls, redstone: the side that was north is now east (for a quarter turn)
  for (const side of HORIZONTAL) {
    if (props[side] !== undefined) out[turn(side, quarters)] = props[side]!;
  }
  const keys = Object.keys(out).sort();
  return `${name}[${keys.map((k) => `${k}=${out[k]}`).join(',')}]`;
}

/** Where local offset (dx, dz) of a structure `size` lands after rotation, still inside a box from 0. */
export function rotateOffset(
  dx: number,
  dz: number,
  size: { x: number; z: number },
  rotation: Rotation,
): { dx: number; dz: number } {
  switch (rotation) {
    case 0:
      return { dx, dz };
    case 90:
      return { dx: size.z - 1 - dz, dz: dx };
    case 180:
      return { dx: size.x - 1 - dx, dz: size.z - 1 - dz };
    case 270:
      return { dx: dz, dz: size.x - 1 - dx };
  }
}
