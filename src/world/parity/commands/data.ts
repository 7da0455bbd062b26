/**
 * `data get|merge|modify|remove entity|block|storage …` as vanilla 1.21.4's
 * net/minecraft/server/commands/data/DataCommands.java with its accessors (data-accessors.ts) and the
 * modify branch (data-modify.ts): commands.data.<kind>.query (pretty SNBT), .get (scaled value), .modified;
 * commands.data.merge.failed (nothing changed, also for remove and modify), commands.data.entity.invalid
 * (players cannot be changed — checked after the change is computed, as EntityDataAccessor.setData does),
 * commands.data.block.invalid (no block entity there), commands.data.get.invalid, .get.multiple,
 * arguments.nbtpath.*.
 */
import { readBrigadierDouble } from '../brigadier.js';
import { type Args, argument, dispatchTree, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type NbtPath, pathGet, pathRemove, readNbtPath } from '../nbt-path.js';
import { checkDepth, copyTag, isNumeric, mergeInto, tagEquals } from '../nbt-path-tags.js';
import { CommandSyntaxError } from '../reader.js';
import { type CompoundTag, type Tag, readCompound } from '../snbt.js';
import { type DataProvider, TARGETS } from './data-accessors.js';
import { modifyTree } from './data-modify.js';

/** DataCommands.getSingleTag */
function single(path: NbtPath, root: Tag): Tag {
  const found = pathGet(path, root);
  if (found.length > 1) throw new CommandSyntaxError('commands.data.get.multiple');
  return found[0]!;
}

const get = (p: DataProvider) => async (ctx: CommandContext, args: Args) => {
  const accessor = p.access(ctx, args);
  const path = args['path'] as NbtPath | undefined;
  const data = accessor.getData();
  if (!path) return ctx.success(accessor.query(data), false);
  const tag = single(path, data);
  const scale = args['scale'] as number | undefined;
  if (scale === undefined) return ctx.success(accessor.query(tag), false);
  if (!isNumeric(tag)) throw new CommandSyntaxError('commands.data.get.invalid', [path.text]);
  const value = Math.floor(Number(tag.value) * scale);
  ctx.success(accessor.scaled(path.text, scale, value), false);
};

const merge = (p: DataProvider) => async (ctx: CommandContext, args: Args) => {
  const accessor = p.access(ctx, args);
  const patch = args['nbt'] as CompoundTag;
  checkDepth(patch, 0);
  const before = accessor.getData();
  const after = mergeInto(copyTag(before), patch);
  if (tagEquals(before, after)) throw new CommandSyntaxError('commands.data.merge.failed');
  accessor.setData(after);
  ctx.success(accessor.modified());
};

const remove = (p: DataProvider) => async (ctx: CommandContext, args: Args) => {
  const accessor = p.access(ctx, args);
  const data = accessor.getData();
  if (pathRemove(args['path'] as NbtPath, data) === 0)
    throw new CommandSyntaxError('commands.data.merge.failed');
  accessor.setData(data);
  ctx.success(accessor.modified());
};

const TREE = [
  literal(
    'merge',
    TARGETS.map((p) => p.wrap([argument('nbt', readCompound, [], merge(p))])),
  ),
  literal(
    'get',
    TARGETS.map((p) => {
      const node = p.wrap([
        argument('path', readNbtPath, [argument('scale', readBrigadierDouble, [], get(p))], get(p)),
      ]);
      node.children![0]!.run = get(p);
      return node;
    }),
  ),
  literal(
    'remove',
    TARGETS.map((p) => p.wrap([argument('path', readNbtPath, [], remove(p))])),
  ),
  modifyTree(),
];

export const data = (ctx: CommandContext): Promise<void> => dispatchTree(ctx, TREE);
