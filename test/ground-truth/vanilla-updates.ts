/**
 * What vanilla takes away when a neighbour changes, the naive way, for the blocks the conversation builds
 * with: a block whose `updateShape` (called for the one neighbour that changed) finds it can no longer stand
 * becomes air, and its own neighbours are updated in turn. Followed: `DoorBlock.updateShape` (a half whose
 * other half is gone; a lower half whose block below cannot hold it), `BaseTorchBlock.updateShape` (a torch:
 * only when the block below changes), `WallTorchBlock.updateShape` and `LadderBlock.updateShape` (the block
 * behind them), `LanternBlock.updateShape` (the block it stands on or hangs from).
 */
import { fullCube } from './blocks.js';
import { add, AIR, type Grid, type Pos, type State } from './grid.js';

const SIX: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

const BEHIND: Record<string, readonly [number, number, number]> = {
  north: [0, 0, 1],
  south: [0, 0, -1],
  west: [1, 0, 0],
  east: [-1, 0, 0],
};

const base = (s: State) => s.name.replace(/^minecraft:/, '');

/** Whether `s` at `p` still stands after its neighbour in direction `d` changed. */
const stands = (grid: Grid, p: Pos, s: State, d: readonly [number, number, number]): boolean => {
  const n = grid.get(add(p, d[0], d[1], d[2]));
  const b = base(s);
  if (/_door$/.test(b)) {
    const lower = s.properties['half'] === 'lower';
    if (d[1] === (lower ? 1 : -1))
      return n.name === s.name && n.properties['half'] === (lower ? 'upper' : 'lower');
    return !(lower && d[1] === -1) || fullCube(n);
  }
  if (/^(soul_|redstone_)?torch$/.test(b)) return d[1] !== -1 || fullCube(n);
  if (/wall_torch$|^ladder$/.test(b)) {
    const back = BEHIND[s.properties['facing'] ?? 'north']!;
    return !(d[0] === back[0] && d[1] === back[1] && d[2] === back[2]) || fullCube(n);
  }
  if (/lantern$/.test(b)) {
    const from = s.properties['hanging'] === 'true' ? 1 : -1;
    return d[1] !== from || fullCube(n);
  }
  return true;
};

/** After writes at `changed`: the cells vanilla's shape updates turn to air, applied to `grid`. */
export const settle = (grid: Grid, changed: Iterable<Pos>): Pos[] => {
  const queue = [...changed];
  const dropped: Pos[] = [];
  while (queue.length) {
    const p = queue.pop()!;
    for (const [dx, dy, dz] of SIX) {
      const q = add(p, dx, dy, dz);
      const s = grid.get(q);
      if (stands(grid, q, s, [-dx, -dy, -dz])) continue;
      grid.set(q, AIR);
      dropped.push(q);
      queue.push(q);
    }
  }
  return dropped;
};
