/**
 * The pieces the generator builds with: each emits the commands a builder would send (fills where it can)
 * and records, as it goes, what it built: rooms with their air, supports, the cells each room's ways in pass.
 */
import { add, type Box3, bounding, formatState, Grid, key, type Pos, run, type State } from './grid.js';

export type RoomKind = 'room' | 'storey' | 'closet' | 'corridor' | 'attic' | 'basement';

/** A room as the generator built it: standable air enclosed on every side, with a floor and ≥ 2 headroom. */
export interface TruthRoom {
  label: string;
  kind: RoomKind;
  /** every air cell of the room (furniture cells left out) */
  air: Pos[];
  /** the bounding box of its air */
  box: Box3;
  /** a walkable path from open sky leads into it (through other rooms if need be) */
  wayIn: boolean;
}

/** A block that stands only while another cell holds it (vanilla's canSurvive, per class). */
export interface Support {
  at: Pos;
  block: string;
  from: 'below' | 'above' | 'behind';
  by: Pos;
}

/** A space that looks like a room from outside but is none (the answer must not call it one). */
export interface NotRoom {
  label: 'roof space' | 'pavilion' | 'garden' | 'yard';
  box: Box3;
}

export type Cell = readonly [number, number];

export class Builder {
  readonly grid: Grid;
  readonly commands: string[] = [];
  readonly rooms: TruthRoom[] = [];
  readonly supports: Support[] = [];
  readonly notRooms: NotRoom[] = [];
  readonly notes: string[] = [];

  constructor(
    readonly origin: Pos,
    readonly groundY: number,
  ) {
    this.grid = new Grid(groundY);
  }

  cmd(text: string): void {
    this.commands.push(text);
    if (!run(this.grid, text)) throw new Error(`generator wrote a command its grid cannot read: ${text}`);
  }

  set(p: Pos, block: string): void {
    this.cmd(`setblock ${p.x} ${p.y} ${p.z} ${block}`);
  }

  fill(a: Pos, b: Pos, block: string, mode?: string): void {
    if (a.x === b.x && a.y === b.y && a.z === b.z && !mode) return this.set(a, block);
    this.cmd(`fill ${a.x} ${a.y} ${a.z} ${b.x} ${b.y} ${b.z} ${block}${mode ? ` ${mode}` : ''}`);
  }

  state(p: Pos): State {
    return this.grid.get(p);
  }

  room(label: string, kind: RoomKind, air: Pos[], wayIn: boolean): TruthRoom {
    const solid = air.filter((p) => !/air$/.test(this.grid.get(p).name));
    if (solid.length)
      throw new Error(`room ${label} holds ${formatState(this.grid.get(solid[0]!))} in its air`);
    const room = { label, kind, air, box: bounding(air)!, wayIn };
    this.rooms.push(room);
    return room;
  }

  support(at: Pos, block: string, from: Support['from'], by: Pos): void {
    this.supports.push({ at, block, from, by });
  }

  /** A layer of `block` over `cells` (x, z offsets from the origin) at height y: one fill per rectangle. */
  layer(cells: readonly Cell[], y: number, block: string, y2 = y): void {
    for (const [x0, z0, x1, z1] of rectangles(cells))
      this.fill(
        { x: this.origin.x + x0, y, z: this.origin.z + z0 },
        { x: this.origin.x + x1, y: y2, z: this.origin.z + z1 },
        block,
      );
  }

  at(dx: number, y: number, dz: number): Pos {
    return { x: this.origin.x + dx, y, z: this.origin.z + dz };
  }
}

/** Cells of a set as rectangles [x0, z0, x1, z1], greedy: runs along x, grown along z. */
export const rectangles = (cells: readonly Cell[]): Array<[number, number, number, number]> => {
  const left = new Set(cells.map(([x, z]) => `${x},${z}`));
  const has = (x: number, z: number) => left.has(`${x},${z}`);
  const out: Array<[number, number, number, number]> = [];
  const sorted = [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [x, z] of sorted) {
    if (!has(x, z)) continue;
    let x1 = x;
    while (has(x1 + 1, z)) x1++;
    let z1 = z;
    const rowFree = (zz: number) => {
      for (let xx = x; xx <= x1; xx++) if (!has(xx, zz)) return false;
      return true;
    };
    while (rowFree(z1 + 1)) z1++;
    for (let zz = z; zz <= z1; zz++) for (let xx = x; xx <= x1; xx++) left.delete(`${xx},${zz}`);
    out.push([x, z, x1, z1]);
  }
  return out;
};

/** The cells around a footprint (8 neighbours) that are not in it: where its walls stand. */
export const ring = (cells: readonly Cell[]): Cell[] => {
  const inside = new Set(cells.map(([x, z]) => `${x},${z}`));
  const out = new Map<string, Cell>();
  for (const [x, z] of cells)
    for (let dx = -1; dx <= 1; dx++)
      for (let dz = -1; dz <= 1; dz++) {
        const k = `${x + dx},${z + dz}`;
        if (!inside.has(k)) out.set(k, [x + dx, z + dz]);
      }
  return [...out.values()];
};

export const rect = (x0: number, z0: number, x1: number, z1: number): Cell[] => {
  const out: Cell[] = [];
  for (let z = z0; z <= z1; z++) for (let x = x0; x <= x1; x++) out.push([x, z]);
  return out;
};

/** Air cells of a footprint from y0 to y1 (absolute). */
export const airOf = (b: Builder, cells: readonly Cell[], y0: number, y1: number): Pos[] => {
  const out: Pos[] = [];
  for (let y = y0; y <= y1; y++) for (const [x, z] of cells) out.push(b.at(x, y, z));
  return out;
};

export const without = (air: readonly Pos[], gone: readonly Pos[]): Pos[] => {
  const g = new Set(gone.map(key));
  return air.filter((p) => !g.has(key(p)));
};

export const FACING: Record<string, Pos> = {
  north: { x: 0, y: 0, z: -1 },
  south: { x: 0, y: 0, z: 1 },
  west: { x: -1, y: 0, z: 0 },
  east: { x: 1, y: 0, z: 0 },
};
export const toward = (p: Pos, facing: string, n = 1): Pos => {
  const d = FACING[facing]!;
  return add(p, d.x * n, 0, d.z * n);
};
export const opposite = (f: string): string =>
  ({ north: 'south', south: 'north', west: 'east', east: 'west' })[f]!;
