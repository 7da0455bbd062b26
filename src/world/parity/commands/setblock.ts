/**
 * `setblock <pos> <block> [replace|keep|destroy]` with vanilla 1.21.4 feedback
 * (server/commands/SetBlockCommand.java, commands/arguments/blocks/BlockInput.place for the `{…}` data): the
 * block takes its shape from its neighbours and updates theirs (shaped-writes.ts).
 */
import type { BlockPos } from '../../../vocabulary/blocks/box.js';
import { readBlockPos, readBlockState } from '../arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, readOptionalLiteral } from '../context.js';
import { CommandSyntaxError } from '../reader.js';
import { ShapedWrites } from '../shaped-writes.js';
import { WorldAccess } from '../world-access.js';

/** BlockPosArgument.getLoadedBlockPos: both checks happen when the command runs, not while parsing */
export function requireLoaded(ctx: CommandContext, pos: BlockPos): void {
  if (!ctx.world.isLoaded(pos)) throw new CommandSyntaxError('argument.pos.unloaded');
  if (!WorldAccess.inWorld(pos)) throw new CommandSyntaxError('argument.pos.outofworld');
}

export async function setblock(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const pos = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const block = readBlockState(reader, ctx.states);
  const mode = readOptionalLiteral(reader, ['replace', 'keep', 'destroy'] as const) ?? 'replace';
  if (reader.canRead()) {
    reader.skip();
    throw reader.fail('command.unknown.argument');
  }
  endOfParse(ctx);

  requireLoaded(ctx, pos);
  const before = await ctx.world.getState(pos);
  if (mode === 'keep' && !ctx.states.isAir(before)) throw new CommandSyntaxError('commands.setblock.failed');
  const writes = new ShapedWrites(ctx.world, ctx.states);
  // Level.destroyBlock: air, with its neighbours' shapes updated
  if (mode === 'destroy' && !ctx.states.isAir(before)) await writes.setBlock(pos, ctx.states.airStateId);
  // SetBlockCommand: Clearable.tryClear empties a container first, even when the block then stays the same
  else ctx.world.blockEntities.clear(pos);
  const changed = await writes.place(pos, block.stateId, block.named);
  // BlockInput.place: the block entity loads the command's NBT once the block is set
  if (changed && block.nbt) ctx.world.blockEntities.load(pos, block.nbt);
  ctx.world.flush();
  // destroy of an identical block still counts: the block was broken and placed again
  if (!changed && !(mode === 'destroy' && !ctx.states.isAir(before)))
    throw new CommandSyntaxError('commands.setblock.failed');
  ctx.success(translate('commands.setblock.success', [pos.x, pos.y, pos.z]));
}
