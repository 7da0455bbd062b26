/**
 * What `place template … <rotation> <mirror>` does to a template's blocks, from vanilla 1.21.4:
 * positions — StructureTemplate.transform (mirror first, then rotation about the pivot 0 0 0, which
 * PlaceCommand never moves); block states — `state.mirror(m).rotate(r)` with the rules of
 * world/level/block/Rotation.java and Mirror.java (horizontal `facing`, the 16-step `rotation` of signs,
 * banners and skulls, `axis`, the north/east/south/west connections of fences, panes, walls and redstone)
 * and the overrides of StairBlock.mirror (shape left/right, as vanilla swaps them) and DoorBlock.mirror
 * (hinge). Rails' `shape` and `orientation` (crafter, jigsaw) keep their values here.
 */

export const ROTATIONS = ['none', 'clockwise_90', '180', 'counterclockwise_90'] as const;
export type TemplateRotation = (typeof ROTATIONS)[number];
export const MIRRORS = ['none', 'left_right', 'front_back'] as const;
export type TemplateMirror = (typeof MIRRORS)[number];

type Pos = { x: number; y: number; z: number };

/** clockwise quarter turns of each rotation */
const TURNS: Record<TemplateRotation, number> = {
  none: 0,
  clockwise_90: 1,
  '180': 2,
  counterclockwise_90: 3,
};

/** StructureTemplate.transform with pivot 0 0 0 */
export function transformPos(p: Pos, mirror: TemplateMirror, rotation: TemplateRotation): Pos {
  const x = mirror === 'front_back' ? -p.x : p.x;
  const z = mirror === 'left_right' ? -p.z : p.z;
  switch (rotation) {
    case 'counterclockwise_90':
      return { x: z, y: p.y, z: -x };
    case 'clockwise_90':
      return { x: -z, y: p.y, z: x };
    case '180':
      return { x: -x, y: p.y, z: -z };
    default:
      return { x, y: p.y, z };
  }
}

const HORIZONTAL = ['north', 'east', 'south', 'west'];

/** Rotation.rotate(Direction): vertical directions stay */
const turn = (dir: string, turns: number): string => {
  const i = HORIZONTAL.indexOf(dir);
  return i < 0 ? dir : HORIZONTAL[(i + turns) % 4]!;
};

/** the mirror flips directions along its axis (Mirror.mirror / getRotation) */
const alongMirror = (dir: string, mirror: TemplateMirror): boolean =>
  (mirror === 'left_right' && (dir === 'north' || dir === 'south')) ||
  (mirror === 'front_back' && (dir === 'east' || dir === 'west'));

/** Mirror.mirror(int, 16) */
function mirrorRotation16(r: number, mirror: TemplateMirror): number {
  const signed = r > 8 ? r - 16 : r;
  if (mirror === 'left_right') return (8 - signed + 16) % 16;
  if (mirror === 'front_back') return (16 - signed) % 16;
  return r;
}

const swap = (p: Record<string, string>, a: string, b: string): void => {
  if (!(a in p && b in p)) return;
  [p[a], p[b]] = [p[b]!, p[a]!];
};

const STAIR_SWAP: Record<TemplateMirror, Record<string, string>> = {
  none: {},
  left_right: {
    inner_left: 'inner_right',
    inner_right: 'inner_left',
    outer_left: 'outer_right',
    outer_right: 'outer_left',
  },
  // vanilla keeps inner shapes on this axis and swaps only the outer ones
  front_back: { outer_left: 'outer_right', outer_right: 'outer_left' },
};

function mirrorProps(name: string, props: Record<string, string>, mirror: TemplateMirror): void {
  if (mirror === 'none') return;
  const facing = props['facing'];
  const flips = facing !== undefined && alongMirror(facing, mirror);
  if (name.endsWith('_stairs')) {
    if (!flips) return;
    props['facing'] = turn(facing, 2);
    props['shape'] = STAIR_SWAP[mirror][props['shape'] ?? ''] ?? props['shape']!;
    return;
  }
  if (flips) props['facing'] = turn(facing, 2);
  if (name.endsWith('_door') && props['hinge']) props['hinge'] = props['hinge'] === 'left' ? 'right' : 'left';
  if (props['rotation'] !== undefined)
    props['rotation'] = String(mirrorRotation16(Number(props['rotation']), mirror));
  if (mirror === 'left_right') swap(props, 'north', 'south');
  else swap(props, 'east', 'west');
}

function rotateProps(props: Record<string, string>, turns: number): void {
  if (turns === 0) return;
  if (props['facing'] !== undefined) props['facing'] = turn(props['facing'], turns);
  if (props['rotation'] !== undefined)
    props['rotation'] = String((Number(props['rotation']) + turns * 4) % 16);
  if (props['axis'] !== undefined && turns % 2 === 1)
    props['axis'] = props['axis'] === 'x' ? 'z' : props['axis'] === 'z' ? 'x' : props['axis'];
  if (HORIZONTAL.every((d) => d in props)) {
    const old = { ...props };
    // the side now facing `d` is the one that faced `d` turned back
    for (const d of HORIZONTAL) props[d] = old[turn(d, 4 - turns)]!;
  }
}

/** state.mirror(mirror).rotate(rotation) on a block's properties */
export function transformProps(
  name: string,
  properties: Record<string, string>,
  mirror: TemplateMirror,
  rotation: TemplateRotation,
): Record<string, string> {
  const props = { ...properties };
  mirrorProps(name, props, mirror);
  rotateProps(props, TURNS[rotation]);
  return props;
}
