/**
 * Furniture as the world holds it after a batch: the batch's beds checked for their other half (vanilla's
 * `BedBlock`: `part=head|foot`, the head one block towards `facing`; setblock places only the half it
 * names), whether a room holds a bed (a bedroom), and blocks standing inside a room in front of its doors,
 * with a free spot on its floor to move them to. Unknown cells make no claim.
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { lowestTop } from '../block-data.js';
import { bare, bedFacing, bedPart, isAirName, isBedName } from '../batch/blocks.js';
import type { Bed, BlockedEntrance, BuildContext, Room } from '../context.js';
import { boxOf, containsPos, type Side, step } from '../geometry.js';
import type { CellKind } from './cells.js';
import type { WorldRegion } from './world-region.js';

type Kind = (p: BlockPos) => CellKind;

/** vanilla's player: 1.8 high, steps up 0.6 without jumping (`Player`, `LivingEntity.maxUpStep`) */
const PLAYER_HEIGHT = 1.8;
const STEP_HEIGHT = 0.6;

const specOf = (b: BlockState) => ({ name: b.name, states: b.properties });

/** The block a new half would have to replace there: anything a player cannot walk through. */
export const blockerAt = (region: WorldRegion, kind: Kind, pos: BlockPos): string | undefined => {
  const k = kind(pos);
  if (k !== 'solid' && k !== 'door') return undefined;
  const b = region.at(pos);
  return typeof b === 'string' ? undefined : bare(b.name);
};

/** Where a bed half's other half goes: towards `facing` from the foot, away from it from the head. */
export const otherHalf = (at: BlockPos, part: 'foot' | 'head', facing: Side): BlockPos =>
  step(at, facing, part === 'foot' ? 1 : -1);

/**
 * The batch's beds as the world shows them: a half the world no longer holds is gone; a bed is incomplete
 * only when the world shows its other half missing, and then what fills that place, if anything.
 */
export const groundBeds = (beds: readonly Bed[], region: WorldRegion, kind: Kind): Bed[] =>
  beds.flatMap((b): Bed[] => {
    const part = b.foot ? 'foot' : 'head';
    const have = b.foot ?? b.head;
    if (!have) return [];
    const here = region.at(have);
    if (typeof here === 'string' || bare(here.name) !== bare(b.block.name)) return [];
    if (bedPart(specOf(here)) !== part || bedFacing(specOf(here)) !== b.facing) return [];
    const otherPos = otherHalf(have, part, b.facing);
    const other = region.at(otherPos);
    if (typeof other === 'string') return [{ ...b, complete: true }];
    const paired =
      bare(other.name) === bare(b.block.name) &&
      bedPart(specOf(other)) !== part &&
      bedFacing(specOf(other)) === b.facing;
    if (paired) return [{ ...b, complete: true, [part === 'foot' ? 'head' : 'foot']: otherPos }];
    const blockedBy = blockerAt(region, kind, otherPos);
    if (!blockedBy) return [{ ...b, complete: false }];
    const far = region.at(step(have, b.facing, part === 'foot' ? -1 : 1));
    const turnable = typeof far !== 'string' && isAirName(far.name);
    return [{ ...b, complete: false, blockedBy, turnable }];
  });

const cellsOf = function* (b: Box): Generator<BlockPos> {
  for (let x = b.min.x; x <= b.max.x; x++)
    for (let y = b.min.y; y <= b.max.y; y++) for (let z = b.min.z; z <= b.max.z; z++) yield { x, y, z };
};

/** The room holds a bed (either half): a bedroom. */
export const hasBed = (room: Pick<Room, 'interior'>, region: WorldRegion): boolean => {
  for (const p of cellsOf(room.interior)) {
    const b = region.at(p);
    if (typeof b !== 'string' && isBedName(b.name)) return true;
  }
  return false;
};

/** The box a block in the way takes: both halves of a bed, else the one block. */
const pieceAt = (region: WorldRegion, pos: BlockPos): Box => {
  const b = region.at(pos);
  if (typeof b === 'string' || !isBedName(b.name)) return boxOf(pos, pos);
  const part = bedPart(specOf(b));
  const otherPos = otherHalf(pos, part, bedFacing(specOf(b)));
  const other = region.at(otherPos);
  const paired =
    typeof other !== 'string' && bare(other.name) === bare(b.name) && bedPart(specOf(other)) !== part;
  return paired ? boxOf(pos, otherPos) : boxOf(pos, pos);
};

interface Entrance {
  kind: BlockedEntrance['kind'];
  side: Side;
  /** the cells of the opening at floor level */
  columns: BlockPos[];
}

/**
 * Doors and doorways of a room with a block in front of them inside, at head height or too high to step
 * onto from under the lintel at floor height (a carpet is walked over, a chest or a bed is not): a door
 * when its one column is blocked, a doorway when every column of it is.
 */
export const blockedEntrances = (
  room: Room,
  build: Pick<BuildContext, 'doors'>,
  region: WorldRegion,
  kind: Kind,
  version?: string,
  open?: ReadonlySet<string>,
): BlockedEntrance[] => {
  const inRoom = (p: BlockPos): boolean => !open || open.has(`${p.x},${p.y},${p.z}`);
  const entrances: Entrance[] = [
    ...room.doors.flatMap(({ door, side }): Entrance[] => {
      const d = build.doors[door];
      const lower = d?.lower ?? (d?.upper ? { ...d.upper, y: d.upper.y - 1 } : undefined);
      return lower ? [{ kind: 'door', side, columns: [lower] }] : [];
    }),
    ...room.doorways.map((d): Entrance => ({
      kind: 'doorway',
      side: d.side,
      columns: [...cellsOf({ min: d.box.min, max: { ...d.box.max, y: d.box.min.y } })],
    })),
  ];
  // the floor just inside every entrance stays clear
  const inside = (p: BlockPos, side: Side): BlockPos => step(p, side, -1);
  const keepClear = entrances.flatMap((e) => e.columns.map((c) => inside(c, e.side)));
  const blocked: BlockedEntrance[] = [];
  for (const e of entrances) {
    const inTheWay = e.columns.map((c) => {
      const front = inside(c, e.side);
      // a player steps up at most STEP_HEIGHT, and only as high as the opening's lintel leaves room for
      const high = kind({ ...c, y: c.y + 2 }) === 'open' ? 3 : 2;
      const over = Math.min(STEP_HEIGHT, high - PLAYER_HEIGHT);
      for (const p of [front, { ...front, y: front.y + 1 }]) {
        if (kind(p) !== 'solid') continue;
        const b = region.at(p);
        if (typeof b === 'string') continue;
        if (p.y === front.y && lowestTop(b.name, version) <= over) continue;
        return { pos: p, name: bare(b.name) };
      }
      return undefined;
    });
    const first = inTheWay[0];
    if (!first || inTheWay.some((b) => b === undefined)) continue;
    // a block inside the room stands in its air: room air beside it along the wall, or above it; a wall
    // block (the room's box wider than its air there) does not, and is never moved
    const along: Side[] = e.side === 'north' || e.side === 'south' ? ['west', 'east'] : ['north', 'south'];
    const beside = [...along.map((s) => step(first.pos, s)), { ...first.pos, y: first.pos.y + 1 }];
    if (!containsPos(room.interior, first.pos) || !beside.some(inRoom)) continue;
    const box = pieceAt(region, first.pos);
    const moveTo = freeSpot(room, box, keepClear, region, kind, inRoom);
    blocked.push({
      kind: e.kind,
      side: e.side,
      at: e.columns[0]!,
      blocker: { ...first, box },
      ...(moveTo ? { moveTo } : {}),
    });
  }
  return blocked;
};

/**
 * A place on the room's floor for `piece` (moved whole, as `clone … move` does): air on solid floor, off
 * the cells in front of the entrances and off the piece itself; against a wall where there is one.
 */
const freeSpot = (
  room: Room,
  piece: Box,
  keepClear: readonly BlockPos[],
  region: WorldRegion,
  kind: Kind,
  inRoom: (p: BlockPos) => boolean,
): BlockPos | undefined => {
  const { interior } = room;
  const dx = piece.max.x - piece.min.x;
  const dz = piece.max.z - piece.min.z;
  const dy = piece.max.y - piece.min.y;
  const y = interior.min.y;
  const same = (a: BlockPos, b: BlockPos) => a.x === b.x && a.y === b.y && a.z === b.z;
  let fallback: BlockPos | undefined;
  for (let x = interior.min.x; x + dx <= interior.max.x; x++)
    for (let z = interior.min.z; z + dz <= interior.max.z; z++) {
      const at = boxOf({ x, y, z }, { x: x + dx, y: y + dy, z: z + dz });
      if (at.max.y > interior.max.y) return undefined;
      const cells = [...cellsOf(at)];
      const fits = cells.every((p) => {
        if (containsPos(piece, p) || keepClear.some((k) => same(k, { ...p, y }))) return false;
        const b = region.at(p);
        if (typeof b === 'string' || !isAirName(b.name) || !inRoom(p)) return false;
        return p.y > y || kind({ ...p, y: y - 1 }) === 'solid';
      });
      if (!fits) continue;
      const byWall = cells.some((p) =>
        (['north', 'south', 'west', 'east'] as const).some((s) => {
          const n = step(p, s);
          return !containsPos(at, n) && !containsPos(piece, n) && kind(n) === 'solid';
        }),
      );
      if (byWall) return at.min;
      fallback ??= at.min;
    }
  return fallback;
};
