/**
 * Resolving a parsed entity selector against the world, as vanilla 1.21.4's
 * net/minecraft/commands/arguments/selector/EntitySelector.java (findEntities/findPlayers, sortAndLimit)
 * and EntityArgument.java's getters do. The parsed selector's shape is declared here, where it is resolved;
 * selectors.ts reads it and re-exports this file.
 */
import { type Range, isAnyRange } from './brigadier.js';
import type { CommandContext } from './context.js';
import { type Target, type Vec, entityStore } from './entities.js';
import { CommandSyntaxError } from './reader.js';
import type { Order } from './selector-option-helpers.js';

/** A parsed entity argument (EntitySelector's fields, and the argument type it was read as). */
export interface EntitySelector {
  /** the argument type: EntityArgument.entity() is { single: true, playersOnly: false } */
  single: boolean;
  playersOnly: boolean;
  maxResults: number;
  includesEntities: boolean;
  worldLimited: boolean;
  currentEntity: boolean;
  usesSelector: boolean;
  predicates: Array<(t: Target) => boolean>;
  range: Range;
  /** fixed x/y/z replacing the source position's parts */
  x?: number | undefined;
  y?: number | undefined;
  z?: number | undefined;
  /** the dx/dy/dz (or distance) box, relative to the position */
  box?: { min: Vec; max: Vec } | undefined;
  order: Order;
  playerName?: string;
  uuid?: string;
}

export interface CommandSource {
  /** the executing entity; undefined for a source without one */
  entity?: Target;
  position: Vec;
  yaw: number;
  pitch: number;
}

/** Who runs the command and where: the player, unless `execute as/at/positioned…` changed it. */
export function commandSource(ctx: CommandContext): CommandSource {
  const store = entityStore(ctx.serv);
  const entity = ctx.executor ?? store.playerTarget(ctx.player);
  return {
    entity,
    position: { x: ctx.pose.x, y: ctx.pose.y, z: ctx.pose.z },
    yaw: ctx.pose.yaw,
    pitch: ctx.pose.pitch,
  };
}

/** CommandSourceStack.getPlayerOrException: `permissions.requires.player` when the executor is no player. */
export function sourcePlayer(ctx: CommandContext): Target {
  const entity = commandSource(ctx).entity;
  if (!entity?.player) throw new CommandSyntaxError('permissions.requires.player');
  return entity;
}

const distSqr = (a: Vec, b: Vec) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;

/** EntitySelector.findEntities / findPlayers (no empty check). */
export function findTargets(ctx: CommandContext, s: EntitySelector): Target[] {
  const store = entityStore(ctx.serv);
  const source = commandSource(ctx);
  const players = !s.includesEntities || s.playersOnly;
  if (s.playerName !== undefined) {
    const name = s.playerName.toLowerCase();
    return store.players().filter((p) => p.player.username.toLowerCase() === name);
  }
  if (s.uuid !== undefined) {
    const t = players ? store.players().find((p) => p.uuid === s.uuid) : store.byUuid(s.uuid);
    return t ? [t] : [];
  }
  const origin = { x: s.x ?? source.position.x, y: s.y ?? source.position.y, z: s.z ?? source.position.z };
  const tests = [...s.predicates];
  if (s.box) {
    const box = s.box;
    tests.push((t) => intersects(store, t, origin, box));
  }
  if (!isAnyRange(s.range)) {
    const r = s.range;
    tests.push((t) => inRangeSqr(r, distSqr(t.position, origin)));
  }
  const matches = (t: Target) => tests.every((p) => p(t));
  if (s.currentEntity) {
    const self = source.entity;
    return self && matches(self) && (!players || self.player) ? [self] : [];
  }
  const pool: Target[] = players ? store.players() : store.all();
  const found = pool.filter(matches);
  return sortAndLimit(found, s, origin);
}

function inRangeSqr(r: Range, d2: number): boolean {
  return (r.min === undefined || d2 >= r.min * r.min) && (r.max === undefined || d2 <= r.max * r.max);
}

function intersects(
  store: ReturnType<typeof entityStore>,
  t: Target,
  origin: Vec,
  box: { min: Vec; max: Vec },
) {
  const info = store.typeInfo(t.type);
  const w = (info?.width ?? 0) / 2;
  const h = info?.height ?? 0;
  const p = t.position;
  return (
    p.x - w < origin.x + box.max.x &&
    p.x + w > origin.x + box.min.x &&
    p.y < origin.y + box.max.y &&
    p.y + h > origin.y + box.min.y &&
    p.z - w < origin.z + box.max.z &&
    p.z + w > origin.z + box.min.z
  );
}

function sortAndLimit(list: Target[], s: EntitySelector, origin: Vec): Target[] {
  if (list.length > 1) {
    if (s.order === 'nearest') list.sort((a, b) => distSqr(a.position, origin) - distSqr(b.position, origin));
    else if (s.order === 'furthest')
      list.sort((a, b) => distSqr(b.position, origin) - distSqr(a.position, origin));
    else if (s.order === 'random') {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
    }
  }
  return list.slice(0, Math.min(s.maxResults, list.length));
}

/** The getter vanilla's command uses for this argument kind, with its errors. */
export function selectEntities(ctx: CommandContext, s: EntitySelector): Target[] {
  if (s.usesSelector && !ctx.player.op) throw new CommandSyntaxError('argument.entity.selector.not_allowed');
  const found = findTargets(ctx, s);
  if (s.single && s.playersOnly) {
    if (found.length !== 1) throw new CommandSyntaxError('argument.entity.notfound.player');
  } else if (s.single) {
    if (found.length === 0) throw new CommandSyntaxError('argument.entity.notfound.entity');
    if (found.length > 1) throw new CommandSyntaxError('argument.entity.toomany');
  } else if (found.length === 0) {
    throw new CommandSyntaxError(
      s.playersOnly ? 'argument.entity.notfound.player' : 'argument.entity.notfound.entity',
    );
  }
  return found;
}
