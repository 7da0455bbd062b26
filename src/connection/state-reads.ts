/**
 * A bot's blocks read by state id. mineflayer's `blockAt` builds a full prismarine Block for every position
 * (its biome, light and block entity with it); verification, snapshots and the hints read thousands of
 * positions per batch and need only the state. The chunk answers a number; each state id is turned into
 * its view once per connection, and every later read of that state shares the same frozen view.
 */
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';
import type { BlockStateView } from './channel.js';

export class StateIdReader {
  private readonly views = new Map<number, BlockStateView>();
  /** reused for the chunk's own position argument: a read allocates nothing once its state is known */
  private readonly inChunk = new Vec3(0, 0, 0);
  private readonly at = new Vec3(0, 0, 0);

  constructor(private readonly bot: Bot) {}

  readBlock(pos: { x: number; y: number; z: number }): BlockStateView | 'unloaded' {
    this.at.set(pos.x, pos.y, pos.z);
    const column = this.bot.world.getColumnAt(this.at) as
      { getBlockStateId(p: Vec3): number | undefined } | null | undefined;
    if (!column) return 'unloaded';
    this.inChunk.set(pos.x & 15, pos.y, pos.z & 15);
    const id = column.getBlockStateId(this.inChunk) ?? 0;
    return this.views.get(id) ?? this.viewOf(id, pos);
  }

  /** the first read of a state: the Block built once, its name and properties kept */
  private viewOf(id: number, pos: { x: number; y: number; z: number }): BlockStateView | 'unloaded' {
    const block = this.bot.blockAt(new Vec3(pos.x, pos.y, pos.z), false);
    if (!block) return 'unloaded';
    const properties = Object.freeze(
      Object.fromEntries(Object.entries(block.getProperties()).map(([k, v]) => [k, String(v)])),
    );
    const view = Object.freeze({ name: `minecraft:${block.name}`, properties });
    this.views.set(id, view);
    return view;
  }
}
