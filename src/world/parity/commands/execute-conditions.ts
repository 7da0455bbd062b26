/**
 * `execute if|unless …` of vanilla 1.21.4's net/minecraft/server/commands/ExecuteCommand.java
 * (addConditionals): block, biome, blocks, dimension, entity, loaded. As a step of a chain each one is a fork that keeps the
 * source or drops it; at the end of the command it reports commands.execute.conditional.pass / .fail,
 * pass_count / fail_count.
 */
import { type BlockPredicate, readBlockPredicate } from '../arguments.js';
import { readBiomeOrTag } from '../biome-arguments.js';
import type { BlockEntityStore } from '../block-entity-store.js';
import { biomeStorage } from '../biome-storage.js';
import { obfuscateSeed, zoomedCell } from '../biome-zoom.js';
import { readResourceLocation } from '../brigadier.js';
import { type Args, type TreeNode, argument, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type Coordinates, readBlockCoordinates, resolveBlockPos } from '../coordinates.js';
import type { Vec } from '../entities.js';
import { tagEquals } from '../nbt-path-tags.js';
import { CommandSyntaxError } from '../reader.js';
import { type EntitySelector, commandSource, findTargets, readEntityArgument } from '../selectors.js';
import { MAX_Y, MIN_Y } from '../world-access.js';
import { requireLoaded } from './setblock.js';

const MAX_BLOCKS = 32768;

/** the levels this world has: the overworld only (the nether and the end are not generated) */
const DIMENSIONS = ['minecraft:overworld'];

/**
 * DimensionArgument.getDimension: any id parses; a level the server lacks fails when the command runs,
 * with argument.dimension.invalid [id] (one red line)
 */
export function checkDimension(id: string): void {
  if (!DIMENSIONS.includes(id)) throw new CommandSyntaxError('argument.dimension.invalid', [id]);
}

const blockPos = (ctx: CommandContext, args: Args, name: string): Vec =>
  resolveBlockPos(args[name] as Coordinates, commandSource(ctx));

/** BlockPosArgument.getLoadedBlockPos */
function loadedPos(ctx: CommandContext, args: Args, name: string): Vec {
  const pos = blockPos(ctx, args, name);
  requireLoaded(ctx, pos);
  return pos;
}

/** Level.getBiome at a loaded position (BiomeManager's ragged borders), tested against a biome or #tag */
async function biomeMatches(ctx: CommandContext, args: Args): Promise<boolean> {
  const pos = loadedPos(ctx, args, 'pos');
  const storage = biomeStorage(ctx.serv);
  const cell = zoomedCell(obfuscateSeed(BigInt(Math.trunc(ctx.level.seed))), pos);
  // ChunkAccess.getNoiseBiome clamps the cell into the world's height
  const y = Math.min(Math.max(cell.y, MIN_Y >> 2), MAX_Y >> 2);
  const id = await storage.get(ctx.world.world, { x: cell.x * 4, y: y * 4, z: cell.z * 4 });
  return (args['biome'] as (name: string) => boolean)(storage.registry.name(id) ?? '');
}

/**
 * checkRegions' block entity test: where the source has one, the destination needs one of the same type
 * with the same data (components and saveCustomOnly: both are in our saved data)
 */
function sameBlockEntity(store: BlockEntityStore, a: Vec, b: Vec): boolean {
  const here = store.get(a);
  if (!here) return true;
  const there = store.get(b);
  return there !== undefined && there.type.id === here.type.id && tagEquals(here.data, there.data);
}

/** checkRegions: matching block count (0 when masked skipped every block), or undefined at a difference */
async function regionsMatch(ctx: CommandContext, args: Args, masked: boolean): Promise<number | undefined> {
  const a = loadedPos(ctx, args, 'start');
  const b = loadedPos(ctx, args, 'end');
  const dest = loadedPos(ctx, args, 'destination');
  const min = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) };
  const max = { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) };
  const volume = (max.x - min.x + 1) * (max.y - min.y + 1) * (max.z - min.z + 1);
  if (volume > MAX_BLOCKS)
    throw new CommandSyntaxError('commands.execute.blocks.toobig', [MAX_BLOCKS, volume]);
  let count = 0;
  for (let x = min.x; x <= max.x; x++)
    for (let y = min.y; y <= max.y; y++)
      for (let z = min.z; z <= max.z; z++) {
        const here = await ctx.world.getState({ x, y, z });
        // masked skips only minecraft:air (BlockState.is(Blocks.AIR)): cave and void air are compared
        if (masked && ctx.states.blockOf(here)?.name === 'air') continue;
        const there = { x: dest.x + x - min.x, y: dest.y + y - min.y, z: dest.z + z - min.z };
        if (here !== (await ctx.world.getState(there))) return undefined;
        if (!sameBlockEntity(ctx.world.blockEntities, { x, y, z }, there)) return undefined;
        count++;
      }
  return count;
}

type Test = (ctx: CommandContext, args: Args) => Promise<boolean>;

/** addConditional: a fork in a chain, and the pass/fail feedback at the end */
function conditional(node: TreeNode, positive: boolean, test: Test, root: () => TreeNode[]): TreeNode {
  return {
    ...node,
    redirect: root,
    fork: true,
    modify: async (ctx, args) => ((await test(ctx, args)) === positive ? [ctx] : []),
    run: async (ctx, args) => {
      if ((await test(ctx, args)) !== positive)
        throw new CommandSyntaxError('commands.execute.conditional.fail');
      ctx.success({ translate: 'commands.execute.conditional.pass' }, false);
    },
  };
}

/** createNumericConditionalHandler: `if` passes with a count, `unless` passes on zero */
function numeric(
  node: TreeNode,
  positive: boolean,
  count: (ctx: CommandContext, args: Args) => Promise<number>,
  root: () => TreeNode[],
): TreeNode {
  return {
    ...node,
    redirect: root,
    fork: true,
    modify: async (ctx, args) => ((await count(ctx, args)) > 0 === positive ? [ctx] : []),
    run: async (ctx, args) => {
      const n = await count(ctx, args);
      if (positive) {
        if (n === 0) throw new CommandSyntaxError('commands.execute.conditional.fail');
        ctx.success({ translate: 'commands.execute.conditional.pass_count', with: [n] }, false);
      } else {
        if (n !== 0) throw new CommandSyntaxError('commands.execute.conditional.fail_count', [n]);
        ctx.success({ translate: 'commands.execute.conditional.pass' }, false);
      }
    },
  };
}

/**
 * addIfBlocksConditional: the regions match when checkRegions gives a count — even 0, when `masked`
 * skipped every block — so `if` passes with pass_count 0 and `unless` fails with fail_count 0
 */
function regions(node: TreeNode, positive: boolean, masked: boolean, root: () => TreeNode[]): TreeNode {
  return {
    ...node,
    redirect: root,
    fork: true,
    modify: async (ctx, args) =>
      ((await regionsMatch(ctx, args, masked)) !== undefined) === positive ? [ctx] : [],
    run: async (ctx, args) => {
      const n = await regionsMatch(ctx, args, masked);
      if (positive) {
        if (n === undefined) throw new CommandSyntaxError('commands.execute.conditional.fail');
        ctx.success({ translate: 'commands.execute.conditional.pass_count', with: [n] }, false);
      } else {
        if (n !== undefined) throw new CommandSyntaxError('commands.execute.conditional.fail_count', [n]);
        ctx.success({ translate: 'commands.execute.conditional.pass' }, false);
      }
    },
  };
}

export function conditionals(word: 'if' | 'unless', root: () => TreeNode[]): TreeNode {
  const positive = word === 'if';
  const pos = (name: string, children: TreeNode[] = []) =>
    argument(name, (r) => readBlockCoordinates(r), children);
  const predicate = (ctx: CommandContext, r: Parameters<NonNullable<TreeNode['parse']>>[0]) =>
    readBlockPredicate(r, ctx.states, ctx.blockTags);
  const blocks = (mode: 'all' | 'masked') => regions(literal(mode), positive, mode === 'masked', root);
  return literal(word, [
    literal('block', [
      pos('pos', [
        conditional(
          argument('block', (r, ctx) => predicate(ctx, r)),
          positive,
          async (ctx, args) => {
            const pos = loadedPos(ctx, args, 'pos');
            const test = args['block'] as BlockPredicate;
            return test(await ctx.world.getState(pos), () => ctx.world.blockEntities.fullDataAt(pos));
          },
          root,
        ),
      ]),
    ]),
    literal('biome', [
      pos('pos', [
        conditional(
          argument('biome', (r, ctx) => readBiomeOrTag(r, biomeStorage(ctx.serv).registry)),
          positive,
          biomeMatches,
          root,
        ),
      ]),
    ]),
    literal('dimension', [
      conditional(
        argument('dimension', (r) => readResourceLocation(r)),
        positive,
        // every source is in the one level there is, so a valid id always matches
        async (_ctx, args) => {
          checkDimension(args['dimension'] as string);
          return true;
        },
        root,
      ),
    ]),
    literal('blocks', [pos('start', [pos('end', [pos('destination', [blocks('all'), blocks('masked')])])])]),
    literal('entity', [
      numeric(
        argument('entities', (r, ctx) => readEntityArgument(r, { single: false, playersOnly: false }, ctx)),
        positive,
        async (ctx, args) => findTargets(ctx, args['entities'] as EntitySelector).length,
        root,
      ),
    ]),
    literal('loaded', [
      conditional(
        pos('pos'),
        positive,
        async (ctx, args) => ctx.world.isLoaded(blockPos(ctx, args, 'pos')),
        root,
      ),
    ]),
  ]);
}
