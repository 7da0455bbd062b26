/**
 * What `data` reads and writes, as vanilla 1.21.4's net/minecraft/server/commands/data/EntityDataAccessor,
 * BlockDataAccessor and StorageDataAccessor: each provider adds `entity <target>`, `block <pos>` or
 * `storage <id>` to the tree (argument names `target`/`source`, `targetPos`/`sourcePos`) and gives
 * getData/setData with its own feedback keys (commands.data.<kind>.query/.get/.modified).
 */
import type { ComponentObject } from '../../../vocabulary/text/message.js';
import { readResourceLocation } from '../brigadier.js';
import { type Args, type TreeNode, argument, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type Coordinates, readBlockCoordinates, resolveBlockPos } from '../coordinates.js';
import { WorldEntity } from '../entities.js';
import { entityNbt } from '../entity-nbt.js';
import { moveForClients, refreshMetadata } from '../entity-sync.js';
import type { FlyingSquidServer } from '../flying-squid-types.js';
import { formatFixed } from '../java-format.js';
import { prettyNbt } from '../nbt-pretty.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import {
  type EntitySelector,
  commandSource,
  displayName,
  readEntityArgument,
  selectEntities,
} from '../selectors.js';
import type { CompoundTag, Tag } from '../snbt.js';
import { requireLoaded } from './setblock.js';
import { applyEntityNbt } from './summon.js';

export interface DataAccessor {
  getData(): CompoundTag;
  /** may throw (players cannot be changed) */
  setData(tag: CompoundTag): void;
  modified(): ComponentObject;
  query(tag: Tag): ComponentObject;
  scaled(path: string, scale: number, value: number): ComponentObject;
}

export interface DataProvider {
  /** `entity <name>` / `block <name>Pos` / `storage <name>` with `children` after the argument */
  wrap(children: TreeNode[]): TreeNode;
  access(ctx: CommandContext, args: Args): DataAccessor;
}

// DataCommands: String.format(Locale.ROOT, "%.2f", scale) — Java's rounding, not toFixed's
const format = (scale: number) => formatFixed(scale, 2);

function entityProvider(name: string): DataProvider {
  const read = (r: StringReader, ctx: CommandContext) =>
    readEntityArgument(r, { single: true, playersOnly: false }, ctx);
  return {
    wrap: (children) => literal('entity', [argument(name, read, children)]),
    access(ctx, args) {
      const t = selectEntities(ctx, args[name] as EntitySelector)[0]!;
      const who = () => displayName(t);
      return {
        getData: () => entityNbt(t),
        setData(tag) {
          if (!(t instanceof WorldEntity)) throw new CommandSyntaxError('commands.data.entity.invalid');
          applyEntityNbt(t, tag);
          // Entity.load reads the boolean flags with getBoolean: a removed flag is off
          for (const flag of Object.keys(t.flags)) if (!(flag in tag.value)) t.flags[flag] = false;
          const pos = tag.value['Pos'];
          if (pos?.type === 'list' && pos.value.type === 'double' && pos.value.value.length === 3) {
            const [x, y, z] = pos.value.value as number[];
            t.position = { x: x!, y: y!, z: z! };
          }
          moveForClients(t);
          refreshMetadata(t);
        },
        modified: () => ({ translate: 'commands.data.entity.modified', with: [who()] }),
        query: (tag) => ({ translate: 'commands.data.entity.query', with: [who(), prettyNbt(tag)] }),
        scaled: (path, scale, value) => ({
          translate: 'commands.data.entity.get',
          with: [path, who(), format(scale), value],
        }),
      };
    },
  };
}

function blockProvider(name: string): DataProvider {
  const argName = `${name}Pos`;
  return {
    wrap: (children) =>
      literal('block', [argument(argName, (r): Coordinates => readBlockCoordinates(r), children)]),
    access(ctx, args) {
      // BlockPosArgument.getLoadedBlockPos, then the block entity or commands.data.block.invalid
      const pos = resolveBlockPos(args[argName] as Coordinates, commandSource(ctx));
      requireLoaded(ctx, pos);
      const store = ctx.world.blockEntities;
      const entity = store.get(pos);
      if (!entity) throw new CommandSyntaxError('commands.data.block.invalid');
      const xyz = [pos.x, pos.y, pos.z];
      return {
        getData: () => store.fullData(entity),
        setData(tag) {
          store.load(pos, tag);
          ctx.world.flush();
        },
        modified: () => ({ translate: 'commands.data.block.modified', with: xyz }),
        query: (tag) => ({ translate: 'commands.data.block.query', with: [...xyz, prettyNbt(tag)] }),
        scaled: (path, scale, value) => ({
          translate: 'commands.data.block.get',
          with: [path, ...xyz, format(scale), value],
        }),
      };
    },
  };
}

/** CommandStorage: per server, in memory (the embedded world keeps nothing on disk) */
const storages = new WeakMap<FlyingSquidServer, Map<string, CompoundTag>>();

function storageProvider(name: string): DataProvider {
  return {
    wrap: (children) => literal('storage', [argument(name, readResourceLocation, children)]),
    access(ctx, args) {
      const id = args[name] as string;
      let all = storages.get(ctx.serv);
      if (!all) storages.set(ctx.serv, (all = new Map()));
      const store = all;
      return {
        getData: () => structuredClone(store.get(id) ?? { type: 'compound', value: {} }),
        setData: (tag) => void store.set(id, structuredClone(tag)),
        modified: () => ({ translate: 'commands.data.storage.modified', with: [id] }),
        query: (tag) => ({ translate: 'commands.data.storage.query', with: [id, prettyNbt(tag)] }),
        scaled: (path, scale, value) => ({
          translate: 'commands.data.storage.get',
          with: [path, id, format(scale), value],
        }),
      };
    },
  };
}

/** DataCommands.TARGET_PROVIDERS / SOURCE_PROVIDERS, in vanilla's order */
export const TARGETS: DataProvider[] = [
  entityProvider('target'),
  blockProvider('target'),
  storageProvider('target'),
];
export const SOURCES: DataProvider[] = [
  entityProvider('source'),
  blockProvider('source'),
  storageProvider('source'),
];
