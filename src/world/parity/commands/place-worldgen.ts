/**
 * `place feature|jigsaw|structure` as vanilla 1.21.4's net/minecraft/server/commands/PlaceCommand.java,
 * with ResourceKeyArgument's keys (net/minecraft/commands/arguments/ResourceKeyArgument.java): the id is
 * any resource location while parsing; when the command runs, an id the registry lacks is the thrown
 * commands.place.feature.invalid / .jigsaw.invalid / .structure.invalid [id], then the position must be
 * loaded (argument.pos.unloaded / .outofworld). flying-squid cannot generate features, jigsaw pools or
 * structures, so a known id ends as vanilla's own failure when generation does not happen:
 * commands.place.feature.failed / .jigsaw.failed / .structure.failed — the world is left unchanged.
 */
import type { BlockPos } from '../../../vocabulary/blocks/box.js';
import { readBlockPos } from '../arguments.js';
import { readResourceLocation } from '../brigadier.js';
import { readBoundedInt } from '../command-arguments.js';
import { CONFIGURED_FEATURES } from '../configured-features.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import { CommandSyntaxError } from '../reader.js';
import { STRUCTURES, TEMPLATE_POOLS } from '../worldgen-keys.js';
import { requireLoaded } from './setblock.js';

const known = (set: ReadonlySet<string>, id: string): boolean =>
  id.startsWith('minecraft:') && set.has(id.slice('minecraft:'.length));

/** BlockPos.containing(source position) when no position is given */
const sourceBlock = (ctx: CommandContext): BlockPos => ({
  x: Math.floor(ctx.pose.x),
  y: Math.floor(ctx.pose.y),
  z: Math.floor(ctx.pose.z),
});

/** an optional trailing BlockPosArgument; parsed now, checked (getLoadedBlockPos) when the command runs */
function readOptionalPos(ctx: CommandContext): BlockPos | undefined {
  if (!ctx.reader.canRead()) return undefined;
  expectArgument(ctx.reader);
  const pos = readBlockPos(ctx.reader, ctx.pose);
  expectEnd(ctx.reader);
  return pos;
}

/** PlaceCommand.checkLoaded over the chunks from `a` to `b` */
function checkLoaded(ctx: CommandContext, a: BlockPos, b: BlockPos): void {
  if (!ctx.world.boxLoaded(a, b)) throw new CommandSyntaxError('argument.pos.unloaded');
}

/** `place feature <feature> [pos]`: placeFeature needs the 3×3 chunks around the position */
export async function placeFeature(ctx: CommandContext): Promise<void> {
  expectArgument(ctx.reader);
  const id = readResourceLocation(ctx.reader);
  const given = readOptionalPos(ctx);
  if (!known(CONFIGURED_FEATURES, id)) throw new CommandSyntaxError('commands.place.feature.invalid', [id]);
  if (given) requireLoaded(ctx, given);
  const pos = given ?? sourceBlock(ctx);
  checkLoaded(ctx, { ...pos, x: pos.x - 16, z: pos.z - 16 }, { ...pos, x: pos.x + 16, z: pos.z + 16 });
  throw new CommandSyntaxError('commands.place.feature.failed');
}

/** `place jigsaw <pool> <target> <max_depth 1..20> [position]` */
export async function placeJigsaw(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const pool = readResourceLocation(reader);
  expectArgument(reader);
  readResourceLocation(reader);
  expectArgument(reader);
  readBoundedInt(reader, 1, 20);
  const given = readOptionalPos(ctx);
  if (!known(TEMPLATE_POOLS, pool)) throw new CommandSyntaxError('commands.place.jigsaw.invalid', [pool]);
  if (given) requireLoaded(ctx, given);
  const pos = given ?? sourceBlock(ctx);
  checkLoaded(ctx, pos, pos);
  throw new CommandSyntaxError('commands.place.jigsaw.failed');
}

/** `place structure <structure> [pos]`: vanilla generates first and fails before its chunk check */
export async function placeStructure(ctx: CommandContext): Promise<void> {
  expectArgument(ctx.reader);
  const id = readResourceLocation(ctx.reader);
  const given = readOptionalPos(ctx);
  if (!known(STRUCTURES, id)) throw new CommandSyntaxError('commands.place.structure.invalid', [id]);
  if (given) requireLoaded(ctx, given);
  throw new CommandSyntaxError('commands.place.structure.failed');
}
