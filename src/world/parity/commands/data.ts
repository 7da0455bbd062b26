/**
 * `data get|merge entity|block …` as vanilla 1.21.4's net/minecraft/server/commands/data/DataCommands.java
 * with EntityDataAccessor/BlockDataAccessor: commands.data.entity.query (pretty SNBT), .get (scaled
 * value), .modified; commands.data.merge.failed, commands.data.entity.invalid (players), get.invalid,
 * get.multiple, arguments.nbtpath.nothing_found. Block entities are not modelled: every block answers
 * commands.data.block.invalid.
 */
import { type Args, argument, dispatchTree, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type Coordinates, readBlockCoordinates } from '../coordinates.js';
import { WorldEntity } from '../entities.js';
import { entityNbt, mergeCompound, sameTag } from '../entity-nbt.js';
import { moveForClients, refreshMetadata } from '../entity-sync.js';
import { prettyNbt } from '../nbt-pretty.js';
import { type NbtPath, pathGet, readNbtPath } from '../nbt-path.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import { type EntitySelector, displayName, readEntityArgument, selectEntities } from '../selectors.js';
import { type CompoundTag, type Tag, readCompound } from '../snbt.js';
import { readBrigadierDouble } from '../brigadier.js';
import { applyEntityNbt } from './summon.js';

const target = (ctx: CommandContext, args: Args) => selectEntities(ctx, args['target'] as EntitySelector)[0]!;

function single(path: NbtPath, root: Tag): Tag {
  const found = pathGet(path, root);
  if (found.length === 0) throw new CommandSyntaxError('arguments.nbtpath.nothing_found', [path.text]);
  if (found.length > 1) throw new CommandSyntaxError('commands.data.get.multiple');
  return found[0]!;
}

async function get(ctx: CommandContext, args: Args): Promise<void> {
  const t = target(ctx, args);
  const nbt = entityNbt(t);
  const path = args['path'] as NbtPath | undefined;
  if (!path)
    return ctx.success(
      { translate: 'commands.data.entity.query', with: [displayName(t), prettyNbt(nbt)] },
      false,
    );
  const tag = single(path, nbt);
  const scale = args['scale'] as number | undefined;
  if (scale === undefined) {
    return ctx.success(
      { translate: 'commands.data.entity.query', with: [displayName(t), prettyNbt(tag)] },
      false,
    );
  }
  if (!['byte', 'short', 'int', 'long', 'float', 'double'].includes(tag.type))
    throw new CommandSyntaxError('commands.data.get.invalid', [path.text]);
  const value = Math.floor(Number(tag.value) * scale);
  ctx.success(
    { translate: 'commands.data.entity.get', with: [path.text, displayName(t), scale.toFixed(2), value] },
    false,
  );
}

async function merge(ctx: CommandContext, args: Args): Promise<void> {
  const t = target(ctx, args);
  if (!(t instanceof WorldEntity)) throw new CommandSyntaxError('commands.data.entity.invalid');
  const before = entityNbt(t);
  const after = mergeCompound(before, args['nbt'] as CompoundTag);
  if (sameTag(before, after)) throw new CommandSyntaxError('commands.data.merge.failed');
  applyEntityNbt(t, after);
  const pos = after.value['Pos'];
  if (pos?.type === 'list' && pos.value.type === 'double' && pos.value.value.length === 3) {
    const [x, y, z] = pos.value.value as number[];
    t.position = { x: x!, y: y!, z: z! };
  }
  moveForClients(t);
  refreshMetadata(t);
  ctx.success({ translate: 'commands.data.entity.modified', with: [displayName(t)] });
}

const entityArg = (r: StringReader, ctx: CommandContext) =>
  readEntityArgument(r, { single: true, playersOnly: false }, ctx);
const blockInvalid = async () => {
  throw new CommandSyntaxError('commands.data.block.invalid');
};
const pos = (children: ReturnType<typeof argument>[], run?: () => Promise<void>) =>
  argument('pos', (r): Coordinates => readBlockCoordinates(r), children, run);

const TREE = [
  literal('get', [
    literal('entity', [
      argument(
        'target',
        entityArg,
        [argument('path', readNbtPath, [argument('scale', readBrigadierDouble, [], get)], get)],
        get,
      ),
    ]),
    literal('block', [
      pos(
        [
          argument(
            'path',
            readNbtPath,
            [argument('scale', readBrigadierDouble, [], blockInvalid)],
            blockInvalid,
          ),
        ],
        blockInvalid,
      ),
    ]),
  ]),
  literal('merge', [
    literal('entity', [argument('target', entityArg, [argument('nbt', readCompound, [], merge)])]),
    literal('block', [pos([argument('nbt', readCompound, [], blockInvalid)])]),
  ]),
];

export const data = (ctx: CommandContext): Promise<void> => dispatchTree(ctx, TREE);
