/**
 * The commands of a simple room, relative to the bot (`~`): a shell with `fill … hollow`, then floor and
 * roof, a door (both halves) in the middle of one wall, glass panes in the others, and a few furnishings.
 * Pure: the prompts render these into their plans.
 */
export type Side = 'north' | 'south' | 'east' | 'west';
export const SIDES: readonly Side[] = ['north', 'south', 'east', 'west'];

export interface RoomSpec {
  width: number; // along x (east)
  depth: number; // along z (south)
  height: number; // inside, floor to ceiling
  wall: string;
  floor: string;
  roof: string;
  doorSide: Side;
  windows: boolean;
  furnished: boolean;
  /** offset of the room's north-west floor corner from the bot */
  at?: { dx: number; dz: number };
}

const opposite: Record<Side, Side> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const rel = (n: number) => (n === 0 ? '~' : `~${n}`);

/** The middle block of a wall at height `dy`, as relative coordinates. */
function wallMiddle(spec: RoomSpec, side: Side, dy: number, x0: number, z0: number): string {
  const x1 = x0 + spec.width - 1;
  const z1 = z0 + spec.depth - 1;
  const mx = x0 + Math.floor((spec.width - 1) / 2);
  const mz = z0 + Math.floor((spec.depth - 1) / 2);
  const [x, z] =
    side === 'north' ? [mx, z0] : side === 'south' ? [mx, z1] : side === 'east' ? [x1, mz] : [x0, mz];
  return `${rel(x)} ${rel(dy)} ${rel(z)}`;
}

export function roomCommands(spec: RoomSpec): string[] {
  const x0 = spec.at?.dx ?? 2;
  const z0 = spec.at?.dz ?? 2;
  const x1 = x0 + spec.width - 1;
  const z1 = z0 + spec.depth - 1;
  const top = spec.height; // the roof layer; the floor replaces the ground at ~-1
  const box = (y0: number, y1: number) => `${rel(x0)} ${rel(y0)} ${rel(z0)} ${rel(x1)} ${rel(y1)} ${rel(z1)}`;
  const commands = [
    `fill ${box(-1, top)} ${spec.wall} hollow`,
    `fill ${box(-1, -1)} ${spec.floor}`,
    `fill ${box(top, top)} ${spec.roof}`,
    // a player outside faces the wall when placing the door: it faces into the room
    `setblock ${wallMiddle(spec, spec.doorSide, 0, x0, z0)} minecraft:oak_door[facing=${opposite[spec.doorSide]},half=lower]`,
    `setblock ${wallMiddle(spec, spec.doorSide, 1, x0, z0)} minecraft:oak_door[facing=${opposite[spec.doorSide]},half=upper]`,
  ];
  if (spec.windows)
    for (const side of SIDES.filter((s) => s !== spec.doorSide))
      commands.push(`setblock ${wallMiddle(spec, side, 1, x0, z0)} minecraft:glass_pane`);
  if (spec.furnished && spec.width >= 4 && spec.depth >= 4) {
    commands.push(
      `setblock ${rel(x0 + 1)} ~ ${rel(z0 + 1)} minecraft:crafting_table`,
      `setblock ${rel(x1 - 1)} ~ ${rel(z0 + 1)} minecraft:chest[facing=south]`,
      `setblock ${rel(x0 + 1)} ~ ${rel(z1 - 1)} minecraft:red_bed[facing=north,part=foot]`,
      `setblock ${rel(x0 + 1)} ~ ${rel(z1 - 2)} minecraft:red_bed[facing=north,part=head]`,
      `setblock ${rel(x1 - 1)} ${rel(top - 1)} ${rel(z1 - 1)} minecraft:lantern[hanging=true]`,
    );
  }
  return commands;
}
