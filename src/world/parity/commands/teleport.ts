/**
 * `teleport`/`tp` as vanilla 1.21.4's net/minecraft/server/commands/TeleportCommand.java: the same
 * branches (location; destination; targets + location [rotation | facing entity <e> [anchor] | facing
 * <pos>]; targets + destination), `commands.teleport.success.location.single/multiple` with coordinates
 * formatted `%f`, `.entity.single/multiple` with display names, `commands.teleport.invalidPosition`.
 * A teleported player is moved on its client with a position packet; an entity with sync_entity_position.
 */
import { teleportPlayer } from '../awaiting-teleport.js';
import { chunkMap } from '../chunk-map.js';
import { type Args, argument, dispatchTree, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import {
  type Coordinates,
  type Rotation,
  readRotation,
  readVec3,
  resolveRotation,
  resolveVec3,
} from '../coordinates.js';
import { type Target, type Vec, WorldEntity, entityStore } from '../entities.js';
import { moveForClients } from '../entity-sync.js';
import { formatFixed } from '../java-format.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import {
  type EntitySelector,
  commandSource,
  displayName,
  readEntityArgument,
  selectEntities,
} from '../selectors.js';

/** Mth.wrapDegrees on a float */
export const wrapDegrees = (deg: number): number => {
  let r = deg % 360;
  if (r >= 180) r -= 360;
  if (r < -180) r += 360;
  return Math.fround(r);
};

/** String.format(Locale.ROOT, "%f", d): Java's HALF_UP on the shortest digits, not toFixed */
export const formatDouble = (d: number): string => formatFixed(d);

export type Anchor = 'feet' | 'eyes';

export function eyeHeight(ctx: CommandContext, t: Target): number {
  if (t.player) return 1.62;
  return (entityStore(ctx.serv).typeInfo(t.type)?.height ?? 0) * 0.85;
}

/** Entity.lookAt: yaw/pitch from `from` towards `to` */
export function lookAt(from: Vec, to: Vec): { yaw: number; pitch: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const dz = to.z - from.z;
  const horizontal = Math.sqrt(dx * dx + dz * dz);
  return {
    pitch: wrapDegrees((-Math.atan2(dy, horizontal) * 180) / Math.PI),
    yaw: wrapDegrees((Math.atan2(dz, dx) * 180) / Math.PI - 90),
  };
}

/**
 * Moves a target; a player is told with a position packet and its chunks follow at once (vanilla's
 * ServerPlayer.teleportTo moves it in the ChunkMap), so the destination is loaded for the next command.
 */
export function moveTarget(ctx: CommandContext, t: Target, pos: Vec, yaw: number, pitch: number): void {
  if (t instanceof WorldEntity) {
    t.position = { ...pos };
    t.yaw = yaw;
    t.pitch = pitch;
    moveForClients(t);
    return;
  }
  const player = t.player;
  if (!player) return;
  const target = entityStore(ctx.serv).playerTarget(player);
  target.yaw = yaw;
  target.pitch = pitch;
  teleportPlayer(ctx.serv, player, pos, yaw, pitch);
  chunkMap(ctx.serv).move(player);
}

type Facing = { kind: 'pos'; at: Coordinates } | { kind: 'entity'; entity: EntitySelector; anchor: Anchor };

/** TeleportCommand.performTeleport for one target */
function perform(
  ctx: CommandContext,
  t: Target,
  pos: Vec,
  rot: { yaw: number; pitch: number },
  facing?: Vec,
): void {
  if (!inSpawnableBounds(pos)) throw new CommandSyntaxError('commands.teleport.invalidPosition');
  let { yaw, pitch } = { yaw: wrapDegrees(rot.yaw), pitch: wrapDegrees(rot.pitch) };
  if (facing) ({ yaw, pitch } = lookAt(pos, facing));
  moveTarget(ctx, t, pos, yaw, pitch);
}

const inSpawnableBounds = (p: Vec) =>
  Math.abs(Math.floor(p.x)) < 30_000_000 &&
  Math.abs(Math.floor(p.z)) < 30_000_000 &&
  Math.floor(p.y) >= -20_000_000 &&
  Math.floor(p.y) < 20_000_000;

function sourceEntity(ctx: CommandContext): Target {
  const e = commandSource(ctx).entity;
  if (!e) throw new CommandSyntaxError('permissions.requires.entity');
  return e;
}

async function toPos(ctx: CommandContext, targets: Target[], args: Args): Promise<void> {
  const source = commandSource(ctx);
  const pos = resolveVec3(args['location'] as Coordinates, source);
  const rotation = args['rotation'] as Rotation | undefined;
  const rot = rotation ? resolveRotation(rotation, source) : undefined;
  const facing = args['facing'] as Facing | undefined;
  let facingPoint: Vec | undefined;
  if (facing?.kind === 'pos') facingPoint = resolveVec3(facing.at, source);
  else if (facing?.kind === 'entity') {
    const [e] = selectEntities(ctx, facing.entity);
    facingPoint = { ...e!.position, y: e!.position.y + (facing.anchor === 'eyes' ? eyeHeight(ctx, e!) : 0) };
  }
  for (const t of targets) perform(ctx, t, pos, rot ?? { yaw: t.yaw, pitch: t.pitch }, facingPoint);
  const coords = [formatDouble(pos.x), formatDouble(pos.y), formatDouble(pos.z)];
  ctx.success(
    targets.length === 1
      ? {
          translate: 'commands.teleport.success.location.single',
          with: [displayName(targets[0]!), ...coords],
        }
      : { translate: 'commands.teleport.success.location.multiple', with: [targets.length, ...coords] },
  );
}

async function toEntity(ctx: CommandContext, targets: Target[], args: Args): Promise<void> {
  const [dest] = selectEntities(ctx, args['destination'] as EntitySelector);
  for (const t of targets) perform(ctx, t, { ...dest!.position }, { yaw: dest!.yaw, pitch: dest!.pitch });
  const name = displayName(dest!);
  ctx.success(
    targets.length === 1
      ? { translate: 'commands.teleport.success.entity.single', with: [displayName(targets[0]!), name] }
      : { translate: 'commands.teleport.success.entity.multiple', with: [targets.length, name] },
  );
}

const entity = (reader: StringReader, ctx: CommandContext) =>
  readEntityArgument(reader, { single: true, playersOnly: false }, ctx);
const entities = (reader: StringReader, ctx: CommandContext) =>
  readEntityArgument(reader, { single: false, playersOnly: false }, ctx);
const targetsOf = (ctx: CommandContext, args: Args) => selectEntities(ctx, args['targets'] as EntitySelector);

/** EntityAnchorArgument: `feet` or `eyes`, else argument.anchor.invalid at the word's start. */
export function readAnchor(reader: StringReader): Anchor {
  const start = reader.cursor;
  const word = reader.readUnquoted();
  if (word === 'feet' || word === 'eyes') return word;
  reader.cursor = start;
  throw reader.fail('argument.anchor.invalid', [word]);
}

const TREE = [
  argument(
    'location',
    (r) => readVec3(r),
    [],
    (ctx, args) => toPos(ctx, [sourceEntity(ctx)], args),
  ),
  argument('destination', entity, [], (ctx, args) => toEntity(ctx, [sourceEntity(ctx)], args)),
  argument('targets', entities, [
    argument(
      'location',
      (r) => readVec3(r),
      [
        argument('rotation', readRotation, [], (ctx, args) => toPos(ctx, targetsOf(ctx, args), args)),
        literal('facing', [
          literal('entity', [
            argument(
              'facingEntity',
              entity,
              [
                argument('facingAnchor', readAnchor, [], (ctx, args) =>
                  toPos(ctx, targetsOf(ctx, args), {
                    ...args,
                    facing: { kind: 'entity', entity: args['facingEntity'], anchor: args['facingAnchor'] },
                  }),
                ),
              ],
              (ctx, args) =>
                toPos(ctx, targetsOf(ctx, args), {
                  ...args,
                  facing: { kind: 'entity', entity: args['facingEntity'], anchor: 'feet' },
                }),
            ),
          ]),
          argument(
            'facingLocation',
            (r) => readVec3(r),
            [],
            (ctx, args) =>
              toPos(ctx, targetsOf(ctx, args), {
                ...args,
                facing: { kind: 'pos', at: args['facingLocation'] },
              }),
          ),
        ]),
      ],
      (ctx, args) => toPos(ctx, targetsOf(ctx, args), args),
    ),
    argument('destination', entity, [], (ctx, args) => toEntity(ctx, targetsOf(ctx, args), args)),
  ]),
];

export const teleport = (ctx: CommandContext): Promise<void> => dispatchTree(ctx, TREE);
export const tp = teleport;
