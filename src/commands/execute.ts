/**
 * `execute` subcommands up to `run`: each one either changes the source (position, rotation, dimension,
 * anchor, who `@s` is) or only reads. Returns true when a `run` follows (the reader is then at the command).
 */
import {
  anchorOf,
  changeDimension,
  normalizeId,
  readCoords,
  resolveRotation,
  resolveVec3,
  rotationFacing,
  type SourceContext,
} from './coords.js';
import { condition, store } from './execute-conditions.js';
import { type Collector, noteUnresolved } from './parsed.js';
import type { Reader } from './reader.js';
import { isSelf, type ParsedSelector, readEntity, type SelectorRole } from './selector.js';

const SUBCOMMANDS = [
  'align',
  'anchored',
  'as',
  'at',
  'facing',
  'if',
  'in',
  'on',
  'positioned',
  'rotated',
  'run',
  'store',
  'summon',
  'unless',
] as const;
const RELATIONS = [
  'attacker',
  'controller',
  'leasher',
  'origin',
  'owner',
  'passengers',
  'target',
  'vehicle',
] as const;
const HEIGHTMAPS = ['world_surface', 'motion_blocking', 'motion_blocking_no_leaves', 'ocean_floor'] as const;

function entity(r: Reader, ctx: SourceContext, out: Collector, role: SelectorRole): ParsedSelector {
  r.expectArgument('an entity');
  const sel = readEntity(r, role, 'execute', ctx);
  out.selectors.push(sel);
  return sel;
}

/** The selector is the original executor (so its position, rotation and dimension are known). */
function isExecutor(sel: ParsedSelector, ctx: SourceContext): boolean {
  return isSelf(sel) && ctx.selfIsExecutor;
}

/** Reads `execute`'s subcommands, updating `ctx`. Returns the new source and whether `run` came. */
export function readExecute(
  r: Reader,
  start: SourceContext,
  out: Collector,
): { ctx: SourceContext; run: boolean } {
  let ctx = start;
  while (r.nextArgument()) {
    const sub = r.readLiteral(SUBCOMMANDS, 'an execute subcommand');
    switch (sub) {
      case 'run':
        r.expectArgument('a command after run');
        return { ctx, run: true };
      case 'align': {
        r.expectArgument('axes');
        const at = r.cursor;
        const axes = r.readWord();
        if (!/^[xyz]{1,3}$/.test(axes) || new Set(axes).size !== axes.length)
          throw r.fail('expected axes like xz', at);
        const p = ctx.pos;
        if (p !== undefined) {
          ctx = {
            ...ctx,
            pos: {
              x: axes.includes('x') ? Math.floor(p.x) : p.x,
              y: axes.includes('y') ? Math.floor(p.y) : p.y,
              z: axes.includes('z') ? Math.floor(p.z) : p.z,
            },
          };
        }
        break;
      }
      case 'anchored':
        r.expectArgument('feet or eyes');
        ctx = { ...ctx, anchorEyes: r.readLiteral(['feet', 'eyes'], 'feet or eyes') === 'eyes' };
        break;
      case 'as': {
        const sel = entity(r, ctx, out, 'source');
        const self = isSelf(sel);
        ctx = {
          ...ctx,
          selfIsExecutor: self && ctx.selfIsExecutor,
          selfMayHitPlayers: self ? ctx.selfMayHitPlayers : sel.mayHitPlayers,
        };
        break;
      }
      case 'at': {
        const sel = entity(r, ctx, out, 'source');
        ctx = isExecutor(sel, ctx)
          ? { ...ctx, pos: ctx.origin.pos, rot: ctx.origin.rot, dimension: ctx.origin.dimension }
          : { ...ctx, pos: undefined, rot: undefined, dimension: undefined };
        break;
      }
      case 'positioned':
        r.expectArgument('a position, as or over');
        if (r.tryLiteral('as')) {
          const sel = entity(r, ctx, out, 'source');
          ctx = { ...ctx, pos: isExecutor(sel, ctx) ? ctx.origin.pos : undefined };
        } else if (r.tryLiteral('over')) {
          r.expectArgument('a heightmap');
          r.readLiteral(HEIGHTMAPS, 'a heightmap');
          ctx = { ...ctx, pos: undefined };
        } else {
          const at = resolveVec3(readCoords(r, 3, false), ctx, true);
          // positioned also resets the anchor to feet (1.19.4+)
          ctx = { ...ctx, pos: at.unresolved === undefined ? at.pos : undefined, anchorEyes: false };
        }
        break;
      case 'rotated':
        r.expectArgument('a rotation or as');
        if (r.tryLiteral('as')) {
          const sel = entity(r, ctx, out, 'source');
          ctx = { ...ctx, rot: isExecutor(sel, ctx) ? ctx.origin.rot : undefined };
        } else {
          ctx = { ...ctx, rot: resolveRotation(readCoords(r, 2, false), ctx) };
        }
        break;
      case 'facing': {
        r.expectArgument('a position or entity');
        const from = anchorOf(ctx);
        if (r.tryLiteral('entity')) {
          const sel = entity(r, ctx, out, 'condition');
          r.expectArgument('feet or eyes');
          const eyes = r.readLiteral(['feet', 'eyes'], 'feet or eyes') === 'eyes';
          const target = isExecutor(sel, ctx) && !eyes ? ctx.origin.pos : undefined;
          ctx = { ...ctx, rot: from && target ? rotationFacing(from, target) : undefined };
        } else {
          const target = resolveVec3(readCoords(r, 3, false), ctx, true);
          ctx = {
            ...ctx,
            rot: from && target.unresolved === undefined ? rotationFacing(from, target.pos) : undefined,
          };
        }
        break;
      }
      case 'in':
        r.expectArgument('a dimension');
        ctx = changeDimension(ctx, r.readResource());
        break;
      case 'on':
        r.expectArgument('a relation');
        r.readLiteral(RELATIONS, 'a relation');
        ctx = { ...ctx, selfIsExecutor: false, selfMayHitPlayers: true };
        break;
      case 'summon': {
        r.expectArgument('an entity type');
        const entityType = normalizeId(r.readResource());
        out.invokes.push('summon');
        const write: Collector['positionWrites'][number] = { kind: 'summon', entity: entityType };
        write.pos = ctx.pos ?? { x: 0, y: 0, z: 0 };
        if (ctx.pos === undefined) {
          write.unresolved = true;
          noteUnresolved(out, 'the executor position is unknown');
        }
        if (ctx.dimension !== undefined) write.dimension = ctx.dimension;
        out.positionWrites.push(write);
        ctx = { ...ctx, selfIsExecutor: false, selfMayHitPlayers: false };
        break;
      }
      case 'if':
      case 'unless':
        condition(r, ctx, out);
        break;
      case 'store':
        store(r, ctx, out);
        break;
    }
  }
  return { ctx, run: false };
}
