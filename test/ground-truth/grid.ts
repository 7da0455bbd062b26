/**
 * The ground truth's world: block states in a grid over a flat terrain (grass on dirt), and the few command
 * forms that buildings and suggestions use (setblock, fill with its modes, clone), applied the naive way: no
 * neighbour shapes, no drops. Imports nothing from src/ (the generator and the checker stand apart from it).
 */
export interface Pos {
  x: number;
  y: number;
  z: number;
}
export interface Box3 {
  min: Pos;
  max: Pos;
}
/** The same shape as the world's block states: `minecraft:` names, properties as strings. */
export interface State {
  name: string;
  properties: Record<string, string>;
}

export const AIR: State = { name: 'minecraft:air', properties: {} };
export const key = (p: Pos): string => `${p.x},${p.y},${p.z}`;
export const unkey = (k: string): Pos => {
  const [x, y, z] = k.split(',').map(Number);
  return { x: x!, y: y!, z: z! };
};
export const add = (p: Pos, dx: number, dy: number, dz: number): Pos => ({
  x: p.x + dx,
  y: p.y + dy,
  z: p.z + dz,
});
export const fmtBox = (b: Box3): string =>
  `(${b.min.x},${b.min.y},${b.min.z})–(${b.max.x},${b.max.y},${b.max.z})`;
export const grow = (b: Box3, n: number): Box3 => ({ min: add(b.min, -n, -n, -n), max: add(b.max, n, n, n) });
export const boxOf = (a: Pos, b: Pos): Box3 => ({
  min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
  max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
});
export const sameBox = (a: Box3, b: Box3): boolean => key(a.min) === key(b.min) && key(a.max) === key(b.max);
export const inBox = (b: Box3, p: Pos): boolean =>
  p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y && p.z >= b.min.z && p.z <= b.max.z;
export function* cellsOf(b: Box3): Generator<Pos> {
  for (let y = b.min.y; y <= b.max.y; y++)
    for (let z = b.min.z; z <= b.max.z; z++) for (let x = b.min.x; x <= b.max.x; x++) yield { x, y, z };
}
export const bounding = (cells: Iterable<Pos>): Box3 | undefined => {
  let out: Box3 | undefined;
  for (const p of cells) out = out ? boxOf(boxOf(out.min, p).min, boxOf(out.max, p).max) : boxOf(p, p);
  return out;
};

export const parseState = (text: string): State => {
  const m = /^([a-z0-9_:.-]+)(?:\[([^\]]*)\])?$/.exec(text.trim());
  if (!m?.[1]) throw new Error(`not a block state: ${text}`);
  const name = m[1].includes(':') ? m[1] : `minecraft:${m[1]}`;
  const properties: Record<string, string> = {};
  for (const kv of m[2] ? m[2].split(',') : []) {
    const [k, v] = kv.split('=').map((s) => s.trim());
    if (k && v !== undefined) properties[k] = v;
  }
  return { name, properties };
};
export const formatState = (s: State): string => {
  const props = Object.keys(s.properties)
    .sort()
    .map((k) => `${k}=${s.properties[k]}`);
  return props.length ? `${s.name}[${props.join(',')}]` : s.name;
};
export const isAir = (s: State): boolean => /^minecraft:(cave_|void_)?air$/.test(s.name);

/** Blocks over a flat terrain: `groundY` and below are grass over dirt (stone from 4 down), air above. */
/** A number for a position (x and z within ±2^20, y within ±512): map keys without strings. */
export const id = (p: Pos): number =>
  ((p.x + 1_048_576) * 2_097_152 + (p.z + 1_048_576)) * 1024 + (p.y + 512);

const GRASS: State = { name: 'minecraft:grass_block', properties: { snowy: 'false' } };
const DIRT: State = { name: 'minecraft:dirt', properties: {} };
const STONE: State = { name: 'minecraft:stone', properties: {} };

export class Grid {
  private readonly cells = new Map<number, State>();
  private readonly at = new Map<number, Pos>();

  constructor(readonly groundY: number) {}

  terrain(p: Pos): State {
    if (p.y > this.groundY) return AIR;
    return p.y === this.groundY ? GRASS : p.y > this.groundY - 4 ? DIRT : STONE;
  }

  get(p: Pos): State {
    return this.cells.get(id(p)) ?? this.terrain(p);
  }

  set(p: Pos, s: State): void {
    const i = id(p);
    this.cells.set(i, s);
    this.at.set(i, p);
  }

  copy(): Grid {
    const g = new Grid(this.groundY);
    for (const [k, v] of this.cells) g.cells.set(k, v);
    for (const [k, v] of this.at) g.at.set(k, v);
    return g;
  }

  /** The positions written since the terrain. */
  written(): Pos[] {
    return [...this.at.values()];
  }
}

/** One parsed write: the cells it writes, each with the state it leaves (air where a clone moves away). */
export type Op =
  | { kind: 'setblock'; pos: Pos; state: State; mode: string }
  | { kind: 'fill'; box: Box3; state: State; mode: string; filter?: State }
  | { kind: 'clone'; box: Box3; to: Pos; mask: string; move: boolean };

const ints = (words: readonly string[]): number[] | undefined => {
  const n = words.map((w) => (/^-?\d+$/.test(w) ? Number(w) : Number.NaN));
  return n.some(Number.isNaN) ? undefined : n;
};

/** The absolute-coordinate setblock, fill and clone; undefined for anything else (`~`, other commands). */
export const parseCommand = (text: string): Op | undefined => {
  const words = text.trim().replace(/^\//, '').split(/\s+/);
  const [cmd, ...rest] = words;
  if (cmd === 'setblock') {
    const n = ints(rest.slice(0, 3));
    if (!n || !rest[3]) return undefined;
    return {
      kind: 'setblock',
      pos: { x: n[0]!, y: n[1]!, z: n[2]! },
      state: parseState(rest[3]),
      mode: rest[4] ?? 'replace',
    };
  }
  if (cmd === 'fill') {
    const n = ints(rest.slice(0, 6));
    if (!n || !rest[6]) return undefined;
    const box = boxOf({ x: n[0]!, y: n[1]!, z: n[2]! }, { x: n[3]!, y: n[4]!, z: n[5]! });
    const mode = rest[7] ?? 'replace';
    const filter =
      mode === 'replace' && rest[8] && !rest[8].startsWith('#') ? parseState(rest[8]) : undefined;
    return { kind: 'fill', box, state: parseState(rest[6]), mode, ...(filter ? { filter } : {}) };
  }
  if (cmd === 'clone') {
    const n = ints(rest.slice(0, 9));
    if (!n) return undefined;
    const box = boxOf({ x: n[0]!, y: n[1]!, z: n[2]! }, { x: n[3]!, y: n[4]!, z: n[5]! });
    const mask = rest[9] ?? 'replace';
    const mode = mask === 'filtered' ? rest[11] : rest[10];
    return { kind: 'clone', box, to: { x: n[6]!, y: n[7]!, z: n[8]! }, mask, move: mode === 'move' };
  }
  return undefined;
};

/** The cells `op` writes in `grid` and what it leaves in each (without writing them). */
export const writesOf = (grid: Grid, op: Op): Map<string, State> => {
  const out = new Map<string, State>();
  if (op.kind === 'setblock') {
    if (op.mode !== 'keep' || isAir(grid.get(op.pos))) out.set(key(op.pos), op.state);
    return out;
  }
  if (op.kind === 'fill') {
    const { min, max } = op.box;
    for (const p of cellsOf(op.box)) {
      const shell =
        p.x === min.x || p.x === max.x || p.y === min.y || p.y === max.y || p.z === min.z || p.z === max.z;
      const here = grid.get(p);
      if (op.mode === 'outline' && !shell) continue;
      if (op.mode === 'keep' && !isAir(here)) continue;
      if (op.filter && formatState(here) !== formatState(op.filter) && here.name !== op.filter.name) continue;
      out.set(key(p), op.mode === 'hollow' && !shell ? AIR : op.state);
    }
    return out;
  }
  const moved = new Map<string, State>();
  const d = { x: op.to.x - op.box.min.x, y: op.to.y - op.box.min.y, z: op.to.z - op.box.min.z };
  for (const p of cellsOf(op.box)) {
    const s = grid.get(p);
    if (op.mask === 'masked' && isAir(s)) continue;
    if (op.move) moved.set(key(p), AIR);
    moved.set(key(add(p, d.x, d.y, d.z)), s);
  }
  // the destination wins where source and destination overlap
  for (const p of cellsOf(op.box)) {
    const k = key(add(p, d.x, d.y, d.z));
    if (moved.has(k)) out.set(k, moved.get(k)!);
  }
  for (const [k, s] of moved) if (!out.has(k)) out.set(k, s);
  return out;
};

/** Applies one command; returns the cells it wrote, or undefined when it is not a form this grid reads. */
export const run = (grid: Grid, command: string): Map<string, State> | undefined => {
  const op = parseCommand(command);
  if (!op) return undefined;
  const writes = writesOf(grid, op);
  for (const [k, s] of writes) grid.set(unkey(k), s);
  return writes;
};
