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
 * destroyed block and redstone wire's diagonal updates (updateIndirectNeighbourShapes).
 * One instance serves one command: it keeps the states it read, and every write goes through it.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import {
  hasShapeRules,
  oppositeFace,
  stepOf,
  UPDATE_SHAPE_ORDER,
  updateFromNeighbourShapes,
  updateShape,
} from '../../vocabulary/block-behaviour/index.js';
import type { BlockStates } from './block-states.js';
import { MIN_Y, MAX_Y, type WorldAccess } from './world-access.js';

/** Level.setBlock's recursion budget (512) */
const RECURSION = 512;

const key = (p: BlockPos) => `${p.x},${p.y},${p.z}`;

export class ShapedWrites {
  private readonly cells = new Map<string, number>();
  private readonly byId = new Map<number, BlockState>();

  constructor(
    private readonly world: WorldAccess,
    private readonly states: BlockStates,
  ) {}

  /** the state at a position, read once and then kept as this instance writes it */
  async stateIdAt(pos: BlockPos): Promise<number> {
    const k = key(pos);
    let id = this.cells.get(k);
    if (id === undefined) {
      id = pos.y < MIN_Y || pos.y > MAX_Y ? this.states.airStateId : await this.world.getState(pos);
      this.cells.set(k, id);
    }
    return id;
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

  /** reads the 3×3×3 cube around `pos` and answers its cells synchronously (what the shape rules read) */
  private async around(pos: BlockPos): Promise<(dx: number, dy: number, dz: number) => BlockState> {
    const ids = new Map<string, number>();
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          ids.set(`${dx},${dy},${dz}`, await this.stateIdAt({ x: pos.x + dx, y: pos.y + dy, z: pos.z + dz }));
    return (dx, dy, dz) => this.blockState(ids.get(`${dx},${dy},${dz}`) ?? this.states.airStateId);
  }

  /**
   * BlockInput.place with flag 2: `written` shaped by its neighbours, `named` put back; false when the
   * world already held the result (vanilla's "no change").
   */
  async place(pos: BlockPos, written: number, named: Readonly<Record<string, string>>): Promise<boolean> {
    const state = this.blockState(written);
    let placed = written;
    if (hasShapeRules(state)) {
      const shaped = updateFromNeighbourShapes(state, await this.around(pos));
      const shapedId = this.idOf(shaped);
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
    if ((await this.stateIdAt(pos)) === stateId) return false;
    this.cells.set(key(pos), stateId);
    await this.world.setState(pos, stateId);
    if (recursionLeft > 0) await this.updateNeighbourShapes(pos, recursionLeft - 1);
    return true;
  }

  private async updateNeighbourShapes(pos: BlockPos, recursionLeft: number): Promise<void> {
    for (const face of UPDATE_SHAPE_ORDER) {
      const [dx, dy, dz] = stepOf(face);
      const at = { x: pos.x + dx, y: pos.y + dy, z: pos.z + dz };
      if (at.y < MIN_Y || at.y > MAX_Y) continue;
      const id = await this.stateIdAt(at);
      const old = this.blockState(id);
      if (!hasShapeRules(old)) continue;
      const shaped = updateShape(old, oppositeFace(face), await this.around(at));
      if (shaped === old) continue;
      const next = this.idOf(shaped);
      // Block.updateOrDestroy: air through destroyBlock, any other state through setBlock
      if (next !== undefined && next !== id) await this.setBlock(at, next, recursionLeft);
    }
  }
}
