/**
 * Block writes as vanilla 1.21.4's commands make them, with neighbour shapes
 * (vocabulary/block-behaviour/shapes.ts):
 * - `place` is BlockInput.place (commands/arguments/blocks/BlockInput.java): the written state first takes
 *   its shape from its neighbours (Block.updateFromNeighbourShapes), the properties the command named are
 *   put back (overwriteWithDefinedProperties), and where the shaped state is air the written state is
 *   placed as it is;
 * - `setBlock` is Level.setBlock without flag 16 (world/level/Level.java): a changed block updates its six
 *   neighbours' shapes (BlockBehaviour.updateNeighbourShapes, in UPDATE_SHAPE_ORDER), each neighbour that
 *   changes is written the same way (Block.updateOrDestroy; a neighbour that loses its support becomes air,
 *   as destroyBlock leaves it), up to vanilla's 512 levels deep.
 * Left out, as the module leaves them out: neighborChanged (power, rails), scheduled ticks, the drops of a
 * destroyed block. Redstone wire's diagonal updates (updateIndirectNeighbourShapes) are made.
 * One instance serves one command: it keeps the states it read, and every write goes through it. Fences',
 * panes' and bars' answers, which depend on one neighbour alone, are kept across commands (sideAnswers).
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import {
  type Face,
  hasShapeRules,
  oppositeFace,
  shapedBySideAlone,
  stepOf,
  UPDATE_SHAPE_ORDER,
  updateFromNeighbourShapes,
  updateShape,
} from '../../vocabulary/block-behaviour/index.js';
import type { BlockStates } from './block-states.js';
import { MIN_Y, MAX_Y, type WorldAccess } from './world-access.js';

/** Level.setBlock's recursion budget (512) */
const RECURSION = 512;

/**
 * Shape answers of the blocks whose update from a side reads only that side (fences, panes, bars:
 * block-behaviour's shapedBySideAlone), by (state, side, neighbour's state) → state, per world's state table:
 * a fill of panes asks the same few questions thousands of times.
 */
const sideAnswers = new WeakMap<BlockStates, Map<number, number>>();
/** answers kept per state table before it starts again */
const MAX_SIDE_ANSWERS = 1 << 18;
const FACE_INDEX: Record<Face, number> = { west: 0, east: 1, north: 2, south: 3, down: 4, up: 5 };
/** state ids stay below this in every version's table */
const STATE_IDS = 1 << 16;

const key = (p: BlockPos) => `${p.x},${p.y},${p.z}`;

export class ShapedWrites {
  private readonly cells = new Map<string, number>();
  private readonly byId = new Map<number, BlockState>();
  /** per state id: whether any shape rule can change it */
  private readonly shaped = new Map<number, boolean>();
  /** per state id: whether its update from a side reads only that side */
  private readonly bySide = new Map<number, boolean>();
  private readonly answers: Map<number, number>;
  /** the box prefetch read whole */
  private prefetched: { min: BlockPos; max: BlockPos } | undefined;

  constructor(
    private readonly world: WorldAccess,
    private readonly states: BlockStates,
  ) {
    let answers = sideAnswers.get(states);
    if (!answers) sideAnswers.set(states, (answers = new Map()));
    this.answers = answers;
  }

  private sideAlone(id: number): boolean {
    let alone = this.bySide.get(id);
    if (alone === undefined) this.bySide.set(id, (alone = shapedBySideAlone(this.blockState(id))));
    return alone;
  }

  /** updateShape of state `id` from `face`, where state `other` stands: a kept answer, else the module's */
  private fromSide(id: number, face: Face, other: number): number {
    const k = (id * 6 + FACE_INDEX[face]) * STATE_IDS + other;
    let next = this.answers.get(k);
    if (next === undefined) {
      const [dx, dy, dz] = stepOf(face);
      const shaped = updateShape(this.blockState(id), face, (x, y, z) =>
        x === dx && y === dy && z === dz ? this.blockState(other) : undefined,
      );
      next = this.idOf(shaped) ?? id;
      if (this.answers.size >= MAX_SIDE_ANSWERS) this.answers.clear();
      this.answers.set(k, next);
    }
    return next;
  }

  /** the id of the state beside `pos` on `face` (read once) */
  private async besideId(pos: BlockPos, face: Face): Promise<number> {
    const [dx, dy, dz] = stepOf(face);
    const at = { x: pos.x + dx, y: pos.y + dy, z: pos.z + dz };
    if (at.y < MIN_Y || at.y > MAX_Y) return this.states.airStateId;
    return this.stateIdAt(at);
  }

  /** the state at a position, read once and then kept as this instance writes it */
  async stateIdAt(pos: BlockPos): Promise<number> {
    return this.cells.get(key(pos)) ?? this.read(pos);
  }

  private async read(pos: BlockPos): Promise<number> {
    const id = pos.y < MIN_Y || pos.y > MAX_Y ? this.states.airStateId : await this.world.getState(pos);
    this.cells.set(key(pos), id);
    return id;
  }

  /** reads every cell of a box ahead (a fill reads its box and one block around it) */
  async prefetch(min: BlockPos, max: BlockPos): Promise<void> {
    this.prefetched = { min, max };
    for (let z = min.z; z <= max.z; z++)
      for (let y = Math.max(min.y, MIN_Y - 1); y <= Math.min(max.y, MAX_Y + 1); y++)
        for (let x = min.x; x <= max.x; x++)
          if (!this.cells.has(`${x},${y},${z}`)) await this.read({ x, y, z });
  }

  private hasRules(id: number): boolean {
    let rules = this.shaped.get(id);
    if (rules === undefined) this.shaped.set(id, (rules = hasShapeRules(this.blockState(id))));
    return rules;
  }

  private blockState(id: number): BlockState {
    let s = this.byId.get(id);
    if (!s) {
      s = {
        name: `minecraft:${this.states.blockOf(id)?.name ?? 'air'}`,
        properties: this.states.properties(id),
      };
      this.byId.set(id, s);
    }
    return s;
  }

  private idOf(s: BlockState): number | undefined {
    const block = this.states.block(s.name);
    if (!block) return undefined;
    const id = this.states.stateId(block, s.properties);
    return typeof id === 'number' ? id : undefined;
  }

  /** reads the 3×3×3 cube around `pos` and answers its cells synchronously, as the world stands */
  private async around(pos: BlockPos): Promise<(dx: number, dy: number, dz: number) => BlockState> {
    const r = this.prefetched;
    const inside =
      r !== undefined &&
      pos.x - 1 >= r.min.x &&
      pos.y - 1 >= r.min.y &&
      pos.z - 1 >= r.min.z &&
      pos.x + 1 <= r.max.x &&
      pos.y + 1 <= r.max.y &&
      pos.z + 1 <= r.max.z;
    if (!inside)
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++) {
            const at = { x: pos.x + dx, y: pos.y + dy, z: pos.z + dz };
            if (!this.cells.has(key(at))) await this.read(at);
          }
    return (dx, dy, dz) =>
      this.blockState(this.cells.get(`${pos.x + dx},${pos.y + dy},${pos.z + dz}`) ?? this.states.airStateId);
  }

  /**
   * BlockInput.place with flag 2: `written` shaped by its neighbours, `named` put back; false when the
   * world already held the result (vanilla's "no change").
   */
  async place(pos: BlockPos, written: number, named: Readonly<Record<string, string>>): Promise<boolean> {
    const state = this.blockState(written);
    let placed = written;
    if (this.hasRules(written)) {
      let shapedId: number | undefined;
      let shaped: BlockState;
      if (this.sideAlone(written)) {
        shapedId = written;
        for (const face of UPDATE_SHAPE_ORDER)
          shapedId = this.fromSide(shapedId, face, await this.besideId(pos, face));
        shaped = this.blockState(shapedId);
      } else {
        shaped = updateFromNeighbourShapes(state, await this.around(pos));
        shapedId = this.idOf(shaped);
      }
      // where the shaped state is air, the written state goes in as it is
      if (shapedId !== undefined && shapedId !== written && !this.states.isAir(shapedId)) {
        const kept = { ...shaped.properties };
        for (const [k, v] of Object.entries(named)) if (k in kept) kept[k] = v;
        placed = this.idOf({ name: shaped.name, properties: kept }) ?? shapedId;
      }
    }
    return this.setBlock(pos, placed);
  }

  /** Level.setBlock without flag 16: the write, then its neighbours' shapes; false when nothing changed */
  async setBlock(pos: BlockPos, stateId: number, recursionLeft = RECURSION): Promise<boolean> {
    const old = this.cells.get(key(pos)) ?? (await this.read(pos));
    if (old === stateId) return false;
    this.cells.set(key(pos), stateId);
    await this.world.setState(pos, stateId);
    if (recursionLeft > 0) {
      await this.updateIndirectNeighbourShapes(pos, old, recursionLeft - 1);
      await this.updateNeighbourShapes(pos, recursionLeft - 1);
      await this.updateIndirectNeighbourShapes(pos, stateId, recursionLeft - 1);
    }
    return true;
  }

  /**
   * RedStoneWireBlock.updateIndirectNeighbourShapes, for the wire that was and the wire that is: on each
   * side the wire runs to (not to wire), the wire one step down and one step up that side is shaped again.
   */
  private async updateIndirectNeighbourShapes(
    pos: BlockPos,
    id: number,
    recursionLeft: number,
  ): Promise<void> {
    if (!this.hasRules(id)) return;
    const wire = this.blockState(id);
    if (wire.name !== 'minecraft:redstone_wire') return;
    for (const face of ['north', 'east', 'south', 'west'] as const) {
      if ((wire.properties[face] ?? 'none') === 'none') continue;
      const [dx, , dz] = stepOf(face);
      const side = { x: pos.x + dx, y: pos.y, z: pos.z + dz };
      if (this.blockState(await this.stateIdAt(side)).name === wire.name) continue;
      for (const dy of [-1, 1])
        await this.reshape({ ...side, y: pos.y + dy }, oppositeFace(face), recursionLeft, true);
    }
  }

  /** one neighbour's updateShape from `face` and its write (Block.updateOrDestroy) */
  private async reshape(at: BlockPos, face: Face, recursionLeft: number, wireOnly = false): Promise<void> {
    if (at.y < MIN_Y || at.y > MAX_Y) return;
    const id = this.cells.get(key(at)) ?? (await this.read(at));
    if (!this.hasRules(id)) return;
    if (!wireOnly && this.sideAlone(id)) {
      const next = this.fromSide(id, face, await this.besideId(at, face));
      if (next !== id) await this.setBlock(at, next, recursionLeft);
      return;
    }
    const old = this.blockState(id);
    if (wireOnly && old.name !== 'minecraft:redstone_wire') return;
    const shaped = updateShape(old, face, await this.around(at));
    if (shaped === old) return;
    const next = this.idOf(shaped);
    // Block.updateOrDestroy: air through destroyBlock, any other state through setBlock
    if (next !== undefined && next !== id) await this.setBlock(at, next, recursionLeft);
  }

  private async updateNeighbourShapes(pos: BlockPos, recursionLeft: number): Promise<void> {
    for (const face of UPDATE_SHAPE_ORDER) {
      const [dx, dy, dz] = stepOf(face);
      await this.reshape({ x: pos.x + dx, y: pos.y + dy, z: pos.z + dz }, oppositeFace(face), recursionLeft);
    }
  }
}
