/**
 * The referee: every step the rules propose is tried on a copy of the building as read before it is said.
 * What a step writes comes from the command parser (referee/cells.ts), never from the step's words. A
 * `design` step is dropped — or replaced by the same window or door at the nearest wall cell that passes —
 * when it:
 * - writes into anything but air or a plain building block (a full cube that is no light, no glass, no door
 *   and no furniture), or where the world was not read;
 * - takes away what holds a block up, or sets a block that would not stay (block-behaviour's `supportOf`, per
 *   vanilla class: `BaseTorchBlock`, `WallTorchBlock`, `LadderBlock`, `LanternBlock`, `CarpetBlock`,
 *   `DoorBlock`, `BedBlock`);
 * - writes where another step of the same answer writes;
 * - leaves a room worse, alone or together with the answer's other steps (referee/rooms.ts: its air filled,
 *   opened, split or joined to another, its floor or its way in taken away);
 * - sets a light that does not shine into a room's own air, a window that does not look from a room out on
 *   open air, or a door that does not lead from the room to ground a player stands on (or opens only by
 *   redstone).
 * A `resend` step (the caller's own commands) is never dropped: what it would break is said in a note. A
 * `check` step writes nothing; a `repair` step claims its cells first, and the design steps give way to it.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { holds, supportOf } from '../../vocabulary/block-behaviour/index.js';
import { isLightSource } from '../block-data.js';
import { isDoorName, isGlassName } from '../batch/blocks.js';
import type { HintContext } from '../context.js';
import { bodyShape } from '../model/block-shape.js';
import { doorLeadsAt } from '../model/door-leads.js';
import { type Side, SIDES } from '../geometry.js';
import { WalkGraph } from '../model/walk.js';
import { bare, boxOfCells, type Cells, cellKey, isPlainBlock, writesOf } from './cells.js';
import {
  closesWalk,
  copyWith,
  isRoomAir,
  lightsRoom,
  reachLost,
  roomsNear,
  roomsWorse,
  touchesRoomsNear,
} from './rooms.js';
import { nearbyVariants } from './shift.js';
import type { ProposedStep, Referee } from '../steps.js';
import { cellKind } from '../model/cells.js';
import { type FloodOptions, isPassage, reachesOut } from '../model/spaces.js';
import type { WorldRegion } from '../model/world-region.js';

const SIX: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** What every judgement of one answer shares: the world as read, the model's walk over it, and how it floods air. */
interface Judging {
  ctx: HintContext;
  region: WorldRegion;
  walk: WalkGraph;
  /** what the model's flood is told (the openings the batch cut): rooms on a copy are found as the model finds them */
  flood: FloodOptions;
}

/** Why the cells may not be written, cell by cell: what is there, what it holds up, what it sets. */
const cellFault = (cells: Cells, region: WorldRegion, claimed: ReadonlySet<string>): string | undefined => {
  const now = (p: BlockPos): BlockState | undefined => {
    const c = cells.get(cellKey(p));
    if (c) return c.block;
    const b = region.at(p);
    return typeof b === 'string' ? undefined : b;
  };
  for (const { pos, block, moved } of cells.values()) {
    if (claimed.has(cellKey(pos))) return 'writes where another step writes';
    const before = region.at(pos);
    if (typeof before === 'string') return 'writes where the world was not read';
    // a block carried away by a move is not destroyed; what leaned on it is still checked below
    if (!moved && !isPlainBlock(before) && before.name !== block.name)
      return `writes over the ${bare(before.name)} there`;
    // what holds a block up: every neighbour that needs this cell must still be held by what is set here
    for (const [dx, dy, dz] of SIX) {
      const q = { x: pos.x + dx, y: pos.y + dy, z: pos.z + dz };
      if (cells.has(cellKey(q))) continue;
      const n = region.at(q);
      if (typeof n === 'string') continue;
      for (const need of supportOf(n)) {
        const [ox, oy, oz] = need.offset;
        if (q.x + ox !== pos.x || q.y + oy !== pos.y || q.z + oz !== pos.z) continue;
        if (holds(n, need, before) && !holds(n, need, block))
          return `takes away what holds the ${bare(n.name)} at ${q.x} ${q.y} ${q.z} (${need.cls})`;
      }
    }
    // a block it sets must survive where it is set
    for (const need of supportOf(block)) {
      const [ox, oy, oz] = need.offset;
      const holder = now({ x: pos.x + ox, y: pos.y + oy, z: pos.z + oz });
      if (holder && !holds(block, need, holder))
        return `the ${bare(block.name)} it sets would not stay (${need.cls})`;
    }
  }
  return undefined;
};

/** A window looks from a room's air out on open air that is no room's, across the wall (along x or z). */
const windowFault = (j: Judging, cells: Cells, after: WorldRegion): string | undefined => {
  const version = j.ctx.mcVersion;
  const near = boxOfCells(cells.values());
  const rooms = near ? roomsNear(after, near, version, j.flood) : undefined;
  for (const { pos, block } of cells.values()) {
    if (!isGlassName(block.name) || !rooms) continue;
    // a doorway's air belongs to no room: a pane behind it looks out of the doorway, not of a room
    const roomAir = (p: BlockPos): boolean =>
      !isPassage(after, p, version, j.flood) && isRoomAir(after, p, rooms, j.ctx.build.rooms, version);
    const outside = (p: BlockPos): boolean => !roomAir(p) && reachesOut(after, p, version);
    const across = ([dx, dz]: readonly [number, number]): boolean => {
      const a = { ...pos, x: pos.x + dx, z: pos.z + dz };
      const b = { ...pos, x: pos.x - dx, z: pos.z - dz };
      return (roomAir(a) && outside(b)) || (roomAir(b) && outside(a));
    };
    if (!across([1, 0]) && !across([0, 1])) return 'the window would not look from a room out on open air';
  }
  return undefined;
};

/** A door leads from the room to walkable ground (model/door-leads.ts), and opens by hand. */
const doorFault = (j: Judging, cells: Cells): string | undefined => {
  for (const { pos, block } of cells.values()) {
    if (!isDoorName(block.name) || block.properties['half'] === 'upper') continue;
    // an iron door takes redstone: no way in for a player's hand (BlockSetType.IRON)
    if (!bodyShape(block).opensByHand) return 'the door would not open by hand';
    // it leads from a room to walkable ground one way through (DoorBlock: a player walks through it front to
    // back, along its facing), as the door rule asks before it suggests one (model/door-leads.ts); a door it
    // could not judge, or into a closed room, is kept
    const facing = block.properties['facing'];
    const ways: Side[] =
      facing === 'east' || facing === 'west'
        ? ['east', 'west']
        : facing === 'north' || facing === 'south'
          ? ['north', 'south']
          : [...SIDES];
    const model = j.ctx.model;
    const enclosed = model && model.walk === j.walk ? (p: BlockPos) => model.enclosed(p) : undefined;
    const through = ways.some((side) => doorLeadsAt(j.walk, pos, side, enclosed) !== 'nowhere');
    if (!through) return 'the door would not lead to ground a player stands on';
  }
  return undefined;
};

/** A light shines into a room's own air. */
const lightFault = (j: Judging, cells: Cells, after: WorldRegion): string | undefined => {
  for (const { pos, block } of cells.values())
    if (
      isLightSource(block.name, block.properties) &&
      !lightsRoom(after, pos, j.ctx.build.rooms, j.ctx.mcVersion, j.flood)
    )
      return `the ${bare(block.name)} would not light a room's air`;
  return undefined;
};

/** Every written cell stays open or closed to a room's air as it was, and no block stood on is taken away. */
const keepsRooms = (region: WorldRegion, copy: WorldRegion, cells: Cells, version: string): boolean => {
  for (const { pos, block } of cells.values()) {
    const before = region.at(pos);
    if (typeof before === 'string') return false;
    if ((cellKind(region, pos, version) === 'open') !== (cellKind(copy, pos, version) === 'open'))
      return false;
    if (bodyShape(before, version).stoodOn && !bodyShape(block, version).stoodOn) return false;
  }
  return true;
};

/**
 * Why a design step may not be said, or undefined when it passes: its cells, then the rooms on a copy with
 * the step alone, then on a copy with the answer's other steps (`others`: the cells of every step said so far).
 */
const designFault = (j: Judging, step: ProposedStep, cells: Cells, others: Cells): string | undefined => {
  const { region } = j;
  const version = j.ctx.mcVersion;
  const why = cellFault(cells, region, new Set(others.keys()));
  if (why) return why;
  // a step that leaves every cell open or closed as it was (a pane or glowstone for a wall block, a door for
  // wall) and keeps every floor leaves the rooms as they are: they are not found again
  const copy = copyWith(region, cells);
  const kept = keepsRooms(region, copy, cells, version);
  const alone = kept ? region : copy;
  const worse = kept ? undefined : roomsWorse(region, alone, cells, version, j.flood);
  if (worse) return worse;
  const action = step.step.action;
  const own =
    action === 'add_window'
      ? windowFault(j, cells, alone)
      : action === 'add_door'
        ? doorFault(j, cells)
        : action === 'add_light'
          ? lightFault(j, cells, alone)
          : undefined;
  if (own) return own;
  // the others change no room near this step: together is as alone
  const near = boxOfCells(cells.values());
  if (kept || others.size === 0 || !near || !touchesRoomsNear(region, near, others, version, j.flood))
    return undefined;
  // together: what this step adds to the others, on a copy that holds theirs
  const base = copyWith(region, others);
  const both = copyWith(region, others, cells);
  const together = roomsWorse(base, both, cells, version, j.flood);
  return together ? `together with the answer's other steps, ${together}` : undefined;
};

/**
 * The design steps that take away a place a player walked to from outside, judged once for all of them: the
 * walk is built again only on a copy with every step (and, when that loses a place, on a copy per step that
 * closes a cell a player used). `fixed`: the cells of the steps that are said whatever the referee finds.
 */
const cutsOff = (
  j: Judging,
  fixed: Cells,
  steps: ReadonlyMap<ProposedStep, { step: ProposedStep; cells: Cells }>,
): ProposedStep[] => {
  const version = j.ctx.mcVersion;
  const base = fixed.size ? copyWith(j.region, fixed) : j.region;
  const closing = [...steps].filter(([, c]) => closesWalk(base, c.cells, version));
  if (!closing.length) return [];
  const before = fixed.size
    ? j.walk.withWrites(
        base,
        [...fixed.values()].map((w) => w.pos),
      )
    : j.walk;
  const union: Cells = new Map();
  for (const [, c] of steps) for (const [k, w] of c.cells) union.set(k, w);
  if (reachLost(before, copyWith(j.region, fixed, union), union, version) === undefined) return [];
  const out = closing
    .filter(([, c]) => reachLost(before, copyWith(j.region, fixed, c.cells), c.cells, version) !== undefined)
    .map(([p]) => p);
  // each passes alone but not all together: none of the steps that close a cell a player used is said
  return out.length ? out : closing.map(([p]) => p);
};

/**
 * The default referee: judges the answer's design steps against the world the hints read (ctx.region);
 * without a region, every step is said as proposed.
 */
export const buildingReferee: Referee = (proposals, ctx) => {
  const region = ctx.region;
  if (!region) return { steps: [...proposals], notes: [] };
  // the walk of the answer's model; a referee called without one (a test of the referee alone) builds it the same way
  const walk = ctx.model?.region === region ? ctx.model.walk : new WalkGraph(region, ctx.mcVersion);
  const j: Judging = { ctx, region, walk, flood: ctx.model?.flood ?? {} };
  const notes: string[] = [];
  const said: Cells = new Map();
  const written = new Map<ProposedStep, Cells | undefined>();
  for (const p of proposals) written.set(p, writesOf(p, ctx, region));
  // the caller's own commands and the repairs claim their cells first; a resend is only flagged
  for (const p of proposals) {
    if (p.kind === 'design') continue;
    const cells = written.get(p);
    if (!cells) continue;
    if (p.kind === 'resend') {
      const why = cellFault(cells, region, new Set());
      if (why) notes.push(`Before you send the commands again (${p.step.action}): as given, one ${why}.`);
    }
    for (const [k, w] of cells) said.set(k, w);
  }
  const replaced = new Map<ProposedStep, { step: ProposedStep; cells: Cells }>();
  const fixed: Cells = new Map(said);
  const design = proposals
    .filter((p) => p.kind === 'design')
    .sort((a, b) => b.step.relevance - a.step.relevance);
  for (const p of design) {
    const cells = written.get(p);
    // what cannot be told cannot be judged: not said
    if (cells === undefined) continue;
    let chosen: { step: ProposedStep; cells: Cells } | undefined;
    if (designFault(j, p, cells, said) === undefined) chosen = { step: p, cells };
    else
      for (const variant of nearbyVariants(p, cells, region)) {
        const vc = writesOf(variant, ctx, region);
        if (vc && designFault(j, variant, vc, said) === undefined) {
          chosen = { step: variant, cells: vc };
          break;
        }
      }
    if (!chosen) continue;
    for (const [k, w] of chosen.cells) said.set(k, w);
    replaced.set(p, chosen);
  }
  for (const p of cutsOff(j, fixed, replaced)) replaced.delete(p);
  return {
    steps: proposals.flatMap((p) =>
      p.kind !== 'design' ? [p] : replaced.has(p) ? [replaced.get(p)!.step] : [],
    ),
    notes,
  };
};
