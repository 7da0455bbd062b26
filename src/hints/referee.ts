/**
 * The referee: every step the rules propose is tried against the building as read before it is said. What a
 * step writes comes from the command parser (src/commands), never from the step's words. A `design` step is
 * dropped when it writes into anything but air or a plain building block (a full cube that is no light, no
 * glass, no door and holds nothing), when it takes away what holds a block up (a wall torch's or a ladder's
 * wall, a torch's floor: block-behaviour's canSurvive per vanilla class), when a block it sets would not
 * survive where it is set, when it writes where another step of the same answer writes, when a window it
 * sets looks out on no open air, or when a door it sets does not lead from the room to ground a player
 * stands on. A `resend` step (the caller's own commands) and a `check` step are never dropped; a `repair`
 * step claims its cells first, and the design steps give way to it.
 */
import { regionsOfWrite } from '../commands/block-box.js';
import type { BlockSpec, BlockWrite } from '../commands/block-write.js';
import { parseCommand } from '../commands/parse.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { AIR, type BlockState, isAir, namespaced } from '../vocabulary/blocks/block-state.js';
import { collisionBoxes, holds, isFullBlockShape, supportOf } from '../vocabulary/block-behaviour/index.js';
import { isLightSource } from './block-data.js';
import { isDoorName, isGlassName } from './blocks.js';
import type { HintContext } from './context.js';
import { bodyShape } from './model/block-shape.js';
import { JUMP_UP, STEP_UP, WalkGraph } from './model/walk.js';
import type { ProposedStep, Referee } from './steps.js';
import type { WorldRegion } from './world-region.js';

/** A step that writes more cells than this is not judged cell by cell: it is said as the rule gave it. */
const MAX_JUDGED_CELLS = 4096;

/** Full cubes that are furniture or machines, not wall: a step never writes over them. */
const NOT_PLAIN = new Set([
  'crafting_table',
  'furnace',
  'blast_furnace',
  'smoker',
  'barrel',
  'jukebox',
  'note_block',
  'tnt',
  'spawner',
  'beehive',
  'bee_nest',
  'dispenser',
  'dropper',
  'observer',
  'piston',
  'sticky_piston',
  'command_block',
  'chain_command_block',
  'repeating_command_block',
  'structure_block',
  'jigsaw',
  'respawn_anchor',
  'lodestone',
  'loom',
  'cartography_table',
  'fletching_table',
  'smithing_table',
  'bookshelf',
  'chiseled_bookshelf',
  'target',
  'redstone_block',
]);

const bare = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);
const key = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;
const stateOf = (b: BlockSpec): BlockState => ({ name: namespaced(b.name), properties: { ...b.states } });

/** Air, or a block a wall, floor or roof is made of. */
export const isPlainBlock = (b: BlockState): boolean =>
  isAir(b) ||
  (isFullBlockShape(collisionBoxes(b)) &&
    !isLightSource(b.name, b.properties) &&
    !isGlassName(b.name) &&
    !isDoorName(b.name) &&
    !NOT_PLAIN.has(bare(b.name)));

/** A cell a step writes: the block it gets; `moved`: emptied by a `clone … move` that carries its block away. */
interface Written {
  pos: BlockPos;
  block: BlockState;
  moved?: boolean;
}
type Cells = Map<string, Written>;

/** The cells a step's commands write, with the block each gets; undefined when it cannot be told. */
const writesOf = (step: ProposedStep, ctx: HintContext, region: WorldRegion): Cells | undefined => {
  if (step.step.suggestedTool !== 'execute_commands') return new Map();
  const commands = step.step.suggestedArgs?.['commands'];
  if (!Array.isArray(commands)) return new Map();
  const cells: Cells = new Map();
  for (const command of commands) {
    if (typeof command !== 'string') return undefined;
    const parsed = parseCommand(command, ctx.executor);
    if (!parsed.ok || parsed.unresolved) return undefined;
    for (const w of parsed.blockWrites) if (!addCells(w, cells, region)) return undefined;
  }
  return cells;
};

const sizeOf = (b: { min: BlockPos; max: BlockPos }): number =>
  (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1);

const addCells = (w: BlockWrite, cells: Cells, region: WorldRegion): boolean => {
  const regions = regionsOfWrite(w);
  if (regions.reduce((n, r) => n + sizeOf(r.box), cells.size) > MAX_JUDGED_CELLS) return false;
  if (w.kind === 'clone') {
    const [dest, source] = regions;
    const from = {
      x: Math.min(w.from.x, w.to.x),
      y: Math.min(w.from.y, w.to.y),
      z: Math.min(w.from.z, w.to.z),
    };
    // the source first: a destination that overlaps it gets what is carried there
    if (source && w.cloneMode === 'move')
      forCells(source.box, (pos) => cells.set(key(pos), { pos, block: AIR, moved: true }));
    if (dest)
      forCells(dest.box, (pos) => {
        const b = region.at({
          x: from.x + pos.x - dest.box.min.x,
          y: from.y + pos.y - dest.box.min.y,
          z: from.z + pos.z - dest.box.min.z,
        });
        const block = typeof b === 'string' ? AIR : b;
        // masked: air in the source leaves the destination as it is
        if (w.maskMode === 'masked' && isAir(block)) return;
        cells.set(key(pos), { pos, block });
      });
    return true;
  }
  const block = stateOf(w.block);
  const box = regions[0]!.box;
  forCells(box, (pos) => {
    if (w.kind === 'fill' && (w.mode === 'hollow' || w.mode === 'outline')) {
      const { x, y, z } = pos;
      const shell =
        x === box.min.x ||
        x === box.max.x ||
        y === box.min.y ||
        y === box.max.y ||
        z === box.min.z ||
        z === box.max.z;
      if (!shell) {
        if (w.mode === 'hollow') cells.set(key(pos), { pos, block: AIR });
        return;
      }
    }
    cells.set(key(pos), { pos, block });
  });
  return true;
};

const forCells = (box: { min: BlockPos; max: BlockPos }, f: (p: BlockPos) => void): void => {
  for (let x = box.min.x; x <= box.max.x; x++)
    for (let y = box.min.y; y <= box.max.y; y++) for (let z = box.min.z; z <= box.max.z; z++) f({ x, y, z });
};

const SIX: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** Why a design step may not be said, or undefined when it passes. */
const fault = (
  step: ProposedStep,
  cells: Cells,
  region: WorldRegion,
  claimed: Set<string>,
  walk: () => WalkGraph,
): string | undefined => {
  const now = (p: BlockPos): BlockState | undefined => {
    const c = cells.get(key(p));
    if (c) return c.block;
    const b = region.at(p);
    return typeof b === 'string' ? undefined : b;
  };
  for (const { pos, block, moved } of cells.values()) {
    if (claimed.has(key(pos))) return 'writes where another step writes';
    const before = region.at(pos);
    if (typeof before === 'string') return 'writes where the world was not read';
    // a block carried away by a move is not destroyed; what leaned on it is still checked below
    if (!moved && !isPlainBlock(before) && before.name !== block.name)
      return `writes over the ${bare(before.name)} there`;
    // what holds a block up: every neighbour that needs this cell must still be held by what is set here
    for (const [dx, dy, dz] of SIX) {
      const q = { x: pos.x + dx, y: pos.y + dy, z: pos.z + dz };
      if (cells.has(key(q))) continue;
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
  const action = step.step.action;
  if (action === 'add_window') {
    // a pane looks out on open air: the cells on both sides across it (along x or along z) are free
    const free = (p: BlockPos): boolean => {
      const b = now(p);
      return b !== undefined && (collisionBoxes(b)?.length ?? 1) === 0;
    };
    for (const { pos, block } of cells.values()) {
      if (!isGlassName(block.name)) continue;
      const across =
        (free({ ...pos, x: pos.x - 1 }) && free({ ...pos, x: pos.x + 1 })) ||
        (free({ ...pos, z: pos.z - 1 }) && free({ ...pos, z: pos.z + 1 }));
      if (!across) return 'the window would look out on no open air';
    }
  }
  if (action === 'add_door') {
    // a door leads from the room to ground a player stands on: stands level with its sill on both sides
    for (const { pos, block } of cells.values()) {
      if (!isDoorName(block.name) || block.properties['half'] === 'upper') continue;
      // an iron door takes redstone: no way in for a player's hand (BlockSetType.IRON)
      if (!bodyShape(block).opensByHand) return 'the door would not open by hand';
      const g = walk();
      // a stand the sill is walked or jumped up to from, and back; or open down past what was read (could
      // not judge: kept)
      const level = (x: number, z: number): boolean =>
        g.standsIn(x, z).some((s) => s.h >= pos.y - JUMP_UP && s.h <= pos.y + STEP_UP) ||
        g.spanFree(x, z, region.box.min.y, pos.y + 2) === true;
      const alongX = level(pos.x - 1, pos.z) && level(pos.x + 1, pos.z);
      const alongZ = level(pos.x, pos.z - 1) && level(pos.x, pos.z + 1);
      if (!alongX && !alongZ) return 'the door would not lead to ground a player stands on';
    }
  }
  return undefined;
};

/**
 * The default referee: judges the answer's design steps against the world the hints read (ctx.region);
 * without a region, every step is said as proposed.
 */
export const buildingReferee: Referee = (proposals, ctx) => {
  const region = ctx.region;
  if (!region) return { steps: [...proposals], notes: [] };
  let graph: WalkGraph | undefined;
  const walk = (): WalkGraph => (graph ??= new WalkGraph(region, ctx.mcVersion));
  const claimed = new Set<string>();
  const written = new Map<ProposedStep, Cells | undefined>();
  for (const p of proposals) written.set(p, writesOf(p, ctx, region));
  // the caller's own commands and the repairs claim their cells first
  for (const p of proposals)
    if (p.kind !== 'design') for (const k of written.get(p)?.keys() ?? []) claimed.add(k);
  const kept = new Set<ProposedStep>();
  const design = proposals
    .filter((p) => p.kind === 'design')
    .sort((a, b) => b.step.relevance - a.step.relevance);
  for (const p of design) {
    const cells = written.get(p);
    if (cells === undefined) continue;
    const why = fault(p, cells, region, claimed, walk);
    if (why !== undefined) continue;
    for (const k of cells.keys()) claimed.add(k);
    kept.add(p);
  }
  return { steps: proposals.filter((p) => p.kind !== 'design' || kept.has(p)), notes: [] };
};
