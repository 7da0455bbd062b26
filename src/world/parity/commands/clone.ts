/**
 * `clone <begin> <end> <destination> [replace|masked|filtered <filter>] [normal|force|move]` (1.21.4,
 * server/commands/CloneCommands.java): the source is read z, then y, then x fastest; the copies are written
 * as they are (no shaping of their own: Level.setBlock with flag 2), full blocks first, then blocks with
 * block entities, then the rest, and each write updates its neighbours' shapes (shaped-writes.ts); `move`
 * empties the source first with the same updates. Vanilla's barrier pass before the copies is left out, so a
 * destination that already matched is not counted.
 */
import { type BlockPredicate, readBlockPos, readBlockPredicate } from '../arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd, readOptionalLiteral } from '../context.js';
import { CommandSyntaxError } from '../reader.js';
import type { CompoundTag } from '../snbt.js';
import { boxOf, volumeOf } from './fill.js';
import { collisionBoxesByIndex, isFullBlockShape } from '../../../vocabulary/block-behaviour/collision.js';
import { ShapedWrites } from '../shaped-writes.js';
import { requireLoaded } from './setblock.js';

const overlaps = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) =>
  a.min.x <= b.max.x &&
  a.max.x >= b.min.x &&
  a.min.y <= b.max.y &&
  a.max.y >= b.min.y &&
  a.min.z <= b.max.z &&
  a.max.z >= b.min.z;

export async function clone(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const begin = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const end = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const destination = readBlockPos(reader, ctx.pose);
  const mask = readOptionalLiteral(reader, ['replace', 'masked', 'filtered'] as const) ?? 'replace';
  let filter: BlockPredicate | undefined;
  if (mask === 'filtered') {
    expectArgument(reader);
    filter = readBlockPredicate(reader, ctx.states, ctx.blockTags);
  }
  const mode = readOptionalLiteral(reader, ['normal', 'force', 'move'] as const) ?? 'normal';
  expectEnd(reader);

  const source = boxOf(begin, end);
  const size = {
    x: source.max.x - source.min.x,
    y: source.max.y - source.min.y,
    z: source.max.z - source.min.z,
  };
  const target = boxOf(destination, {
    x: destination.x + size.x,
    y: destination.y + size.y,
    z: destination.z + size.z,
  });
  if (mode !== 'force' && overlaps(source, target)) throw new CommandSyntaxError('commands.clone.overlap');
  const volume = volumeOf(source);
  const limit = ctx.gamerules.blockLimit;
  if (volume > limit) throw new CommandSyntaxError('commands.clone.toobig', [limit, volume]);
  for (const p of [source.min, source.max, target.min, target.max]) requireLoaded(ctx, p);
  if (!ctx.world.boxLoaded(source.min, source.max) || !ctx.world.boxLoaded(target.min, target.max)) {
    throw new CommandSyntaxError('argument.pos.unloaded');
  }

  // read everything first: with force, source and destination may overlap
  type Copy = { dx: number; dy: number; dz: number; state: number; data?: CompoundTag };
  const full: Copy[] = [];
  const withData: Copy[] = [];
  const rest: Copy[] = [];
  const sources: Copy[] = [];
  for (let dz = 0; dz <= size.z; dz++) {
    for (let dy = 0; dy <= size.y; dy++) {
      for (let dx = 0; dx <= size.x; dx++) {
        const from = { x: source.min.x + dx, y: source.min.y + dy, z: source.min.z + dz };
        const state = await ctx.world.getState(from);
        if (mask === 'masked' && ctx.states.isAir(state)) continue;
        if (filter && !filter(state, () => ctx.world.blockEntities.fullDataAt(from))) continue;
        // CloneCommands: a block entity's saveCustomOnly travels with its block
        const data = ctx.world.blockEntities.get(from)?.data;
        const copy: Copy = { dx, dy, dz, state, ...(data ? { data: structuredClone(data) } : {}) };
        const block = ctx.states.blockOf(state);
        const cube = block && isFullBlockShape(collisionBoxesByIndex(block.name, state - block.minStateId));
        (data ? withData : cube ? full : rest).push(copy);
        sources.push(copy);
      }
    }
  }
  const writes = new ShapedWrites(ctx.world, ctx.states);
  if (mode === 'move') {
    for (const c of sources) {
      const from = { x: source.min.x + c.dx, y: source.min.y + c.dy, z: source.min.z + c.dz };
      ctx.world.blockEntities.clear(from);
      await writes.setBlock(from, ctx.states.airStateId);
    }
  }
  let changed = 0;
  for (const c of [...full, ...withData, ...rest]) {
    const pos = { x: target.min.x + c.dx, y: target.min.y + c.dy, z: target.min.z + c.dz };
    ctx.world.blockEntities.clear(pos);
    if (await writes.setBlock(pos, c.state)) changed++;
    if (c.data) ctx.world.blockEntities.load(pos, c.data);
  }
  ctx.world.flush();
  if (changed === 0) throw new CommandSyntaxError('commands.clone.failed');
  ctx.success(translate('commands.clone.success', [changed]));
}
