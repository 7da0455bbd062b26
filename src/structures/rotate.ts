/**
 * Rotating structures about the vertical axis, clockwise seen from above like vanilla's
 * Rotation.CLOCKWISE_90: positions (x, z) → (−z, x), and the block states that carry a direction; and
 * mirroring them (below), which comes first when both are asked for.
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

/**
 * Mirrors as vanilla's Mirror (net/minecraft/world/level/block/Mirror.java): `left_right` flips z (north ↔
 * south), `front_back` flips x (east ↔ west). A structure is mirrored first, then rotated, as
 * StructureTemplate.transform does.
 */
export type Mirror = 'none' | 'left_right' | 'front_back';

export interface Transform {
  rotation: Rotation;
  mirror: Mirror;
}

export const transformOf = (t: Rotation | Transform): Transform =>
  typeof t === 'number' ? { rotation: t, mirror: 'none' } : t;

const FLIPPED: Record<Exclude<Mirror, 'none'>, Record<string, string>> = {
  left_right: { north: 'south', south: 'north' },
  front_back: { east: 'west', west: 'east' },
};
const LEFT_RIGHT_SHAPE: Record<string, string> = {
  inner_left: 'inner_right',
  inner_right: 'inner_left',
  outer_left: 'outer_right',
  outer_right: 'outer_left',
};

/**
 * A state key mirrored: a horizontal `facing` along the mirror's axis turns around, `rotation` (0–15) as
 * Mirror.mirror computes it, side properties swap, door hinges and chest halves swap sides (DoorBlock,
 * ChestBlock), and stairs facing along the axis swap the side of their corner shape (StairBlock).
 */
export function mirrorStateKey(key: string, mirror: Mirror): string {
  const open = key.indexOf('[');
  if (mirror === 'none' || open < 0) return key;
  const name = key.slice(0, open);
  const props = Object.fromEntries(
    key
      .slice(open + 1, -1)
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const flip = FLIPPED[mirror];
  const out: Record<string, string> = { ...props };
  const facing = props['facing'];
  const alongAxis = facing !== undefined && flip[facing] !== undefined;
  if (alongAxis) out['facing'] = flip[facing]!;
  if (props['rotation'] !== undefined) {
    const r = Number(props['rotation']);
    const signed = r > 8 ? r - 16 : r;
    out['rotation'] = String(mirror === 'left_right' ? (8 - signed + 16) % 16 : (16 - signed) % 16);
  }
  for (const side of Object.keys(flip)) {
    if (props[side] !== undefined) out[flip[side]!] = props[side]!;
  }
  if (name.endsWith('_door') && props['hinge']) out['hinge'] = props['hinge'] === 'left' ? 'right' : 'left';
  if (/(^|:|_)chest$/.test(name) && props['type'] && props['type'] !== 'single')
    out['type'] = props['type'] === 'left' ? 'right' : 'left';
  if (name.endsWith('_stairs') && alongAxis && props['shape'])
    out['shape'] = LEFT_RIGHT_SHAPE[props['shape']] ?? props['shape'];
  const keys = Object.keys(out).sort();
  return `${name}[${keys.map((k) => `${k}=${out[k]}`).join(',')}]`;
}

/** Where local (x, z) of a structure `size` lands after mirroring, inside the same box. */
export function mirrorOffset(
  x: number,
  z: number,
  size: { x: number; z: number },
  mirror: Mirror,
): { x: number; z: number } {
  if (mirror === 'left_right') return { x, z: size.z - 1 - z };
  if (mirror === 'front_back') return { x: size.x - 1 - x, z };
  return { x, z };
}
