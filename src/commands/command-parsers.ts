/** Argument parsers for the commands room building uses, except `execute` (see execute.ts). */
import { readBlock, readBlockFilter, readItem } from './block-arg.js';
import type { BlockFilter, BlockWrite } from './block-write.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { normalizeId, readCoords, resolveBlockPos, resolveVec3, type SourceContext } from './coords.js';
import { type Collector, noteUnresolved, type PositionWrite } from './parsed.js';
import type { Reader } from './reader.js';
import { readEntity } from './selector.js';

export type CommandParser = (r: Reader, ctx: SourceContext, out: Collector, name: string) => void;

function blockPos(
  r: Reader,
  ctx: SourceContext,
  out: Collector,
  what: string,
): { pos: BlockPos; bad: boolean } {
  r.expectArgument(what);
  return blockPosHere(r, ctx, out);
}

function blockPosHere(r: Reader, ctx: SourceContext, out: Collector): { pos: BlockPos; bad: boolean } {
  if (r.atEnd()) throw r.fail('expected a position');
  const resolved = resolveBlockPos(readCoords(r, 3, true), ctx);
  noteUnresolved(out, resolved.unresolved);
  return { pos: resolved.pos, bad: resolved.unresolved !== undefined };
}

function withContext<T extends BlockWrite>(write: T, dimension: string | undefined, unresolved: boolean): T {
  const w: T = { ...write };
  if (dimension !== undefined) w.dimension = dimension;
  if (unresolved) w.unresolved = true;
  return w;
}

const setblock: CommandParser = (r, ctx, out) => {
  const at = blockPos(r, ctx, out, 'a position');
  r.expectArgument('a block');
  const block = readBlock(r);
  let mode: 'replace' | 'keep' | 'destroy' | 'strict' = 'replace';
  // `strict` (1.21.5+) replaces without block updates
  if (r.nextArgument()) mode = r.readLiteral(['replace', 'keep', 'destroy', 'strict'], 'a mode');
  r.expectEnd();
  const write: BlockWrite = {
    kind: 'setblock',
    pos: at.pos,
    block,
    mode: mode === 'strict' ? 'replace' : mode,
    ...(mode === 'strict' ? { strict: true as const } : {}),
  };
  out.blockWrites.push(withContext(write, ctx.dimension, at.bad));
};

const FILL_MODES = ['replace', 'keep', 'destroy', 'hollow', 'outline', 'strict'] as const;

const fill: CommandParser = (r, ctx, out) => {
  const from = blockPos(r, ctx, out, 'the first corner');
  const to = blockPos(r, ctx, out, 'the second corner');
  r.expectArgument('a block');
  const block = readBlock(r);
  let mode: (typeof FILL_MODES)[number] = 'replace';
  let filter: BlockFilter | undefined;
  if (r.nextArgument()) {
    mode = r.readLiteral(FILL_MODES, 'a fill mode');
    if (mode === 'replace' && r.nextArgument()) filter = readBlockFilter(r);
  }
  r.expectEnd();
  const write: BlockWrite = {
    kind: 'fill',
    from: from.pos,
    to: to.pos,
    block,
    mode: mode === 'strict' ? 'replace' : mode,
    ...(mode === 'strict' ? { strict: true as const } : {}),
  };
  if (filter !== undefined) write.filter = filter;
  out.blockWrites.push(withContext(write, ctx.dimension, from.bad || to.bad));
};

const clone: CommandParser = (r, ctx, out) => {
  let sourceDimension = ctx.dimension;
  let targetDimension = ctx.dimension;
  if (r.nextArgument() && r.tryLiteral('from')) {
    r.expectArgument('a dimension');
    sourceDimension = normalizeId(r.readResource());
    targetDimension = sourceDimension;
    r.expectArgument('the first corner');
  }
  const begin = blockPosHere(r, ctx, out);
  const end = blockPos(r, ctx, out, 'the second corner');
  r.expectArgument('a destination');
  if (r.tryLiteral('to')) {
    r.expectArgument('a dimension');
    targetDimension = normalizeId(r.readResource());
    r.expectArgument('a destination');
  }
  const dest = blockPosHere(r, ctx, out);
  let maskMode: 'replace' | 'masked' | 'filtered' = 'replace';
  let cloneMode: 'normal' | 'force' | 'move' = 'normal';
  let filter: BlockFilter | undefined;
  if (r.nextArgument()) {
    maskMode = r.readLiteral(['replace', 'masked', 'filtered'], 'a mask mode');
    if (maskMode === 'filtered') {
      r.expectArgument('a block filter');
      filter = readBlockFilter(r);
    }
    if (r.nextArgument()) cloneMode = r.readLiteral(['normal', 'force', 'move'], 'a clone mode');
    if (r.nextArgument()) r.readLiteral(['strict'], 'strict');
  }
  r.expectEnd();
  const write: BlockWrite = {
    kind: 'clone',
    from: begin.pos,
    to: end.pos,
    destination: dest.pos,
    maskMode,
    cloneMode,
  };
  if (filter !== undefined) write.filter = filter;
  if (sourceDimension !== undefined) write.sourceDimension = sourceDimension;
  out.blockWrites.push(withContext(write, targetDimension, begin.bad || end.bad || dest.bad));
};

function placement(
  kind: PositionWrite['kind'],
  ctx: SourceContext,
  pos: PositionWrite['pos'],
  bad: boolean,
): PositionWrite {
  const p: PositionWrite = { kind };
  if (pos !== undefined) p.pos = pos;
  if (ctx.dimension !== undefined) p.dimension = ctx.dimension;
  if (bad) p.unresolved = true;
  return p;
}

/** `tp <dest>` · `tp <x y z>` · `tp <targets> <dest>` · `tp <targets> <x y z> [<rot> | facing …]` */
const teleport: CommandParser = (r, ctx, out, name) => {
  r.expectArgument('a destination or targets');
  const start = r.cursor;
  const location = tryCoords(r);
  if (location !== undefined) {
    r.expectEnd();
    out.selectors.push({ ...implicitSelf(ctx, name), position: start });
    const at = resolveVec3(location, ctx, true);
    noteUnresolved(out, at.unresolved);
    out.positionWrites.push(placement('teleport', ctx, at.pos, at.unresolved !== undefined));
    return;
  }
  r.cursor = start;
  const first = readEntity(r, 'target', name, ctx);
  if (!r.nextArgument()) {
    // the executor goes to an entity: where that is cannot be known here
    first.role = 'destination';
    out.selectors.push({ ...implicitSelf(ctx, name), position: start }, first);
    out.positionWrites.push(placement('teleport', ctx, undefined, true));
    noteUnresolved(out, 'the teleport destination is an entity');
    return;
  }
  out.selectors.push(first);
  const second = r.cursor;
  const dest = tryCoords(r);
  if (dest === undefined) {
    r.cursor = second;
    out.selectors.push(readEntity(r, 'destination', name, ctx));
    r.expectEnd();
    out.positionWrites.push(placement('teleport', ctx, undefined, true));
    noteUnresolved(out, 'the teleport destination is an entity');
    return;
  }
  const at = resolveVec3(dest, ctx, true);
  noteUnresolved(out, at.unresolved);
  out.positionWrites.push(placement('teleport', ctx, at.pos, at.unresolved !== undefined));
  if (r.nextArgument()) {
    if (r.tryLiteral('facing')) {
      r.expectArgument('what to face');
      if (r.tryLiteral('entity')) {
        r.expectArgument('an entity');
        out.selectors.push(readEntity(r, 'condition', name, ctx));
        if (r.nextArgument()) r.readLiteral(['feet', 'eyes'], 'an anchor');
      } else {
        readCoords(r, 3, false);
      }
    } else {
      readCoords(r, 2, false);
    }
  }
  r.expectEnd();
};

function tryCoords(r: Reader): ReturnType<typeof readCoords> | undefined {
  const start = r.cursor;
  const c = r.peek();
  if (!/[~^0-9.+-]/.test(c)) return undefined;
  try {
    const coords = readCoords(r, 3, false);
    if (r.canRead() && r.peek() !== ' ') throw r.fail('not coordinates');
    return coords;
  } catch {
    r.cursor = start;
    return undefined;
  }
}

const summon: CommandParser = (r, ctx, out) => {
  r.expectArgument('an entity type');
  const entity = normalizeId(r.readResource());
  let pos = ctx.pos;
  let bad = pos === undefined;
  if (bad) noteUnresolved(out, 'the executor position is unknown');
  if (r.nextArgument()) {
    const at = resolveVec3(readCoords(r, 3, false), ctx, true);
    pos = at.pos;
    bad = at.unresolved !== undefined;
    out.unresolvedReasons = out.unresolvedReasons.filter((x) => x !== 'the executor position is unknown');
    noteUnresolved(out, at.unresolved);
    if (r.nextArgument()) r.readBalanced();
  }
  r.expectEnd();
  out.positionWrites.push({ ...placement('summon', ctx, pos ?? { x: 0, y: 0, z: 0 }, bad), entity });
};

const give: CommandParser = (r, ctx, out, name) => {
  r.expectArgument('targets');
  out.selectors.push(readEntity(r, 'target', name, ctx));
  r.expectArgument('an item');
  const item = readItem(r);
  let count = 1;
  if (r.nextArgument()) count = r.readInt();
  r.expectEnd();
  out.gives.push({ item: item.name, count });
};

/** Commands whose only selector argument is an optional target list, defaulting to the executor. */
function targetsAfter(literals: number): CommandParser {
  return (r, ctx, out, name) => {
    for (let i = 0; i < literals; i++) {
      r.expectArgument('an argument');
      r.readWord();
    }
    const implicit = r.cursor;
    if (r.nextArgument()) out.selectors.push(readEntity(r, 'target', name, ctx));
    else out.selectors.push({ ...implicitSelf(ctx, name), position: implicit });
    r.expectEnd();
  };
}

function implicitSelf(ctx: SourceContext, name: string) {
  return {
    raw: '@s',
    kind: 'selector' as const,
    variable: 's',
    options: [],
    role: 'target' as const,
    command: name,
    mayHitPlayers: ctx.selfMayHitPlayers,
    position: 0,
  };
}

const tellraw: CommandParser = (r, ctx, out, name) => {
  r.expectArgument('targets');
  out.selectors.push(readEntity(r, 'target', name, ctx));
  r.expectArgument('a text component');
};

/** Commands whose arguments carry no positions or selectors we need: kept as raw text. */
const rawArgs: CommandParser = (r) => {
  r.cursor = r.input.length;
};

export const COMMAND_PARSERS: Record<string, CommandParser> = {
  setblock,
  fill,
  clone,
  tp: teleport,
  teleport,
  summon,
  give,
  kill: targetsAfter(0),
  gamemode: targetsAfter(1),
  tellraw,
  time: rawArgs,
  weather: rawArgs,
  gamerule: rawArgs,
  say: rawArgs,
};
