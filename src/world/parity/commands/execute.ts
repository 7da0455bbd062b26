/**
 * `execute` as vanilla 1.21.4's net/minecraft/server/commands/ExecuteCommand.java: as, at, positioned
 * (<pos> | as | over), rotated (<rot> | as), facing (<pos> | entity <targets> <anchor>), align, anchored,
 * in (the overworld is the only level here; other ids are argument.dimension.invalid), summon, on, if/unless
 * (execute-conditions.ts) and run, each a redirect back to `execute` (fork for the ones vanilla registers
 * with fork(): their chains are silent on failure). Feedback of the command after `run`
 * goes to the player who sent it, like vanilla's source output.
 */
import { readEnum, readResourceLocation } from '../brigadier.js';
import { type Args, type TreeNode, argument, dispatchTree, literal } from '../command-tree.js';
import { type CommandContext, type CommandHandler, parseCommand } from '../context.js';
import {
  type Coordinates,
  type Rotation,
  readRotation,
  readVec3,
  resolveRotation,
  resolveVec3,
} from '../coordinates.js';
import { type Target, type Vec, entityStore } from '../entities.js';
import { CommandSyntaxError, StringReader } from '../reader.js';
import { HEIGHTMAPS, type HeightmapType, countsFor } from '../heightmaps.js';
import { MAX_Y, MIN_Y } from '../world-access.js';
import { type EntitySelector, commandSource, findTargets, readEntityArgument } from '../selectors.js';
import { checkDimension, conditionals } from './execute-conditions.js';
import { createEntity, requireSummonable } from './summon.js';
import { type Anchor, eyeHeight, lookAt, readAnchor } from './teleport.js';

/** the anchor (`anchored eyes`) of each derived source */
const anchors = new WeakMap<CommandContext, Anchor>();

/** a copy of the source with some of its parts replaced (CommandSourceStack.withX) */
function derive(
  ctx: CommandContext,
  change: {
    executor?: Target;
    position?: Vec;
    yaw?: number;
    pitch?: number;
    anchor?: Anchor;
  },
): CommandContext {
  const pose = {
    ...ctx.pose,
    ...(change.position ? { x: change.position.x, y: change.position.y, z: change.position.z } : {}),
    ...(change.yaw !== undefined ? { yaw: change.yaw } : {}),
    ...(change.pitch !== undefined ? { pitch: change.pitch } : {}),
  };
  const executor = change.executor ?? ctx.executor;
  const next: CommandContext = { ...ctx, pose, ...(executor ? { executor } : {}) };
  anchors.set(next, change.anchor ?? anchors.get(ctx) ?? 'feet');
  return next;
}

/** EntityAnchorArgument.Anchor.apply on the source */
function anchorPoint(ctx: CommandContext): Vec {
  const source = commandSource(ctx);
  const eyes = anchors.get(ctx) === 'eyes' && source.entity ? eyeHeight(ctx, source.entity) : 0;
  return { ...source.position, y: source.position.y + eyes };
}

const entities = (r: StringReader, ctx: CommandContext) =>
  readEntityArgument(r, { single: false, playersOnly: false }, ctx);
const targets = (ctx: CommandContext, args: Args) => findTargets(ctx, args['targets'] as EntitySelector);

function redirect(
  node: TreeNode,
  modify: (ctx: CommandContext, args: Args) => CommandContext[],
  fork = false,
): TreeNode {
  return {
    ...node,
    redirect: () => ROOT,
    modify: async (ctx, args) => modify(ctx, args),
    ...(fork ? { fork } : {}),
  };
}

/** SwizzleArgument: some of x, y, z, each once; the error points just after the offending character */
function readSwizzle(reader: StringReader): Set<string> {
  const axes = new Set<string>();
  while (reader.canRead() && reader.peek() !== ' ') {
    const c = reader.peek();
    reader.skip();
    if (!'xyz'.includes(c) || axes.has(c)) throw reader.fail('arguments.swizzle.invalid');
    axes.add(c);
  }
  return axes;
}

/**
 * Level.getHeight: the highest block that counts for the heightmap, plus one (the world's bottom when none
 * does); the source's chunk must be loaded (ExecuteCommand: argument.pos.unloaded, thrown when it runs)
 */
async function heightAt(ctx: CommandContext, type: HeightmapType, x: number, z: number): Promise<number> {
  const column = { x: Math.floor(x), z: Math.floor(z) };
  if (!ctx.world.isLoaded({ ...column, y: 0 })) throw new CommandSyntaxError('argument.pos.unloaded');
  for (let y = MAX_Y; y >= MIN_Y; y--) {
    const state = await ctx.world.getState({ ...column, y });
    if (countsFor(type, ctx.states, state, ctx.level.version)) return y + 1;
  }
  return MIN_Y;
}

/** the handler of the command after `run` and a reader placed after its root literal */
function nested(ctx: CommandContext, args: Args): { handler: CommandHandler; reader: StringReader } {
  const start = args['command'] as number;
  const input = ctx.reader.input;
  const root = input.slice(start).split(' ', 1)[0] ?? '';
  const name = root.startsWith('minecraft:') ? root.slice(10) : root;
  const handlers = HANDLERS.current ?? {};
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  const reader = new StringReader(input);
  if (!handler) {
    reader.cursor = start;
    throw reader.fail('command.unknown.argument');
  }
  reader.cursor = start + root.length;
  return { handler, reader };
}

/** `run <command>`: the rest is a command of its own, parsed before the chain runs, then run per source */
const checkNested = (ctx: CommandContext, args: Args): Promise<void> => {
  const { handler, reader } = nested(ctx, args);
  return parseCommand(handler, { ...ctx, reader });
};

async function runNested(ctx: CommandContext, args: Args): Promise<void> {
  const { handler, reader } = nested(ctx, args);
  await handler({ ...ctx, reader });
}

/** createRelationOperations: the relations `execute on` follows */
const RELATIONS = ['attacker', 'controller', 'leasher', 'origin', 'owner', 'passengers', 'target', 'vehicle'];

/** ResourceArgument over minecraft:entity_type: argument.resource.not_found after the id */
function readEntityType(reader: StringReader, ctx: CommandContext): string {
  const id = readResourceLocation(reader);
  if (!id.startsWith('minecraft:') || !entityStore(ctx.serv).typeInfo(id.slice(10)))
    throw reader.fail('argument.resource.not_found', [id, 'minecraft:entity_type']);
  return id;
}

/** the registration table, set by the plugin (it contains execute itself) */
export const HANDLERS: { current?: Record<string, CommandHandler> } = {};

const ROOT: TreeNode[] = [
  literal('run', [
    {
      ...argument(
        'command',
        (r) => {
          const start = r.cursor;
          r.cursor = r.input.length;
          return start;
        },
        [],
        runNested,
      ),
      check: checkNested,
    },
  ]),
  conditionals('if', () => ROOT),
  conditionals('unless', () => ROOT),
  literal('as', [
    redirect(
      argument('targets', entities),
      (ctx, a) => targets(ctx, a).map((e) => derive(ctx, { executor: e })),
      true,
    ),
  ]),
  literal('at', [
    redirect(
      argument('targets', entities),
      (ctx, a) =>
        targets(ctx, a).map((e) => derive(ctx, { position: e.position, yaw: e.yaw, pitch: e.pitch })),
      true,
    ),
  ]),
  literal('positioned', [
    literal('as', [
      redirect(
        argument('targets', entities),
        (ctx, a) => targets(ctx, a).map((e) => derive(ctx, { position: e.position })),
        true,
      ),
    ]),
    {
      ...literal('over'),
      children: [
        {
          ...argument('heightmap', (r) => readEnum(r, HEIGHTMAPS)),
          redirect: () => ROOT,
          modify: async (ctx, args) => {
            const p = commandSource(ctx).position;
            const y = await heightAt(ctx, args['heightmap'] as HeightmapType, p.x, p.z);
            return [derive(ctx, { position: { ...p, y } })];
          },
        },
      ],
    },
    redirect(
      argument('pos', (r) => readVec3(r)),
      (ctx, a) => [
        derive(ctx, { position: resolveVec3(a['pos'] as Coordinates, commandSource(ctx)), anchor: 'feet' }),
      ],
    ),
  ]),
  literal('rotated', [
    literal('as', [
      redirect(
        argument('targets', entities),
        (ctx, a) => targets(ctx, a).map((e) => derive(ctx, { yaw: e.yaw, pitch: e.pitch })),
        true,
      ),
    ]),
    redirect(argument('rot', readRotation), (ctx, a) => [
      derive(ctx, resolveRotation(a['rot'] as Rotation, commandSource(ctx))),
    ]),
  ]),
  literal('facing', [
    literal('entity', [
      argument('targets', entities, [
        redirect(
          argument('anchor', readAnchor),
          (ctx, a) =>
            targets(ctx, a).map((e) => {
              const at = {
                ...e.position,
                y: e.position.y + (a['anchor'] === 'eyes' ? eyeHeight(ctx, e) : 0),
              };
              return derive(ctx, lookAt(anchorPoint(ctx), at));
            }),
          true,
        ),
      ]),
    ]),
    redirect(
      argument('pos', (r) => readVec3(r)),
      (ctx, a) => [
        derive(ctx, lookAt(anchorPoint(ctx), resolveVec3(a['pos'] as Coordinates, commandSource(ctx)))),
      ],
    ),
  ]),
  literal('align', [
    redirect(argument('axes', readSwizzle), (ctx, a) => {
      const axes = a['axes'] as Set<string>;
      const p = commandSource(ctx).position;
      const floor = (axis: 'x' | 'y' | 'z') => (axes.has(axis) ? Math.floor(p[axis]) : p[axis]);
      return [derive(ctx, { position: { x: floor('x'), y: floor('y'), z: floor('z') } })];
    }),
  ]),
  literal('anchored', [
    redirect(argument('anchor', readAnchor), (ctx, a) => [derive(ctx, { anchor: a['anchor'] as Anchor })]),
  ]),
  // redirect, not fork: the new entity runs the rest at the source's position (spawnEntityAndRedirect)
  literal('summon', [
    redirect(
      argument('entity', (r, ctx) => readEntityType(r, ctx)),
      (ctx, a) => {
        const id = a['entity'] as string;
        requireSummonable(id);
        return [derive(ctx, { executor: createEntity(ctx, id.slice(10), commandSource(ctx).position) })];
      },
    ),
  ]),
  // nothing rides, leashes, owns, targets or attacks here: every relation is empty, so the fork ends
  literal(
    'on',
    RELATIONS.map((relation) => redirect(literal(relation), () => [], true)),
  ),
  // one level here, the overworld: `in` checks the id when it runs and keeps the source
  literal('in', [
    redirect(argument('dimension', readResourceLocation), (ctx, a) => {
      checkDimension(a['dimension'] as string);
      return [ctx];
    }),
  ]),
];

export async function execute(ctx: CommandContext): Promise<void> {
  if (!HANDLERS.current) throw new CommandSyntaxError('command.failed');
  await dispatchTree(ctx, ROOT);
}
