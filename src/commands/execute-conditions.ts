/** The read-only and store parts of `execute`: `if`/`unless` conditions and `store` targets. */
import { readBlockFilter } from './block-arg.js';
import { readCoords, resolveBlockPos, type SourceContext } from './coords.js';
import { type Collector, noteUnresolved } from './parsed.js';
import type { Reader } from './reader.js';
import { type ParsedSelector, readEntity, type SelectorRole } from './selector.js';

function entity(r: Reader, ctx: SourceContext, out: Collector, role: SelectorRole): ParsedSelector {
  r.expectArgument('an entity');
  const sel = readEntity(r, role, 'execute', ctx);
  out.selectors.push(sel);
  return sel;
}

export function condition(r: Reader, ctx: SourceContext, out: Collector): void {
  r.expectArgument('a condition');
  const kind = r.readLiteral(
    [
      'block',
      'blocks',
      'entity',
      'score',
      'predicate',
      'data',
      'biome',
      'dimension',
      'loaded',
      'function',
      'items',
    ],
    'a condition',
  );
  switch (kind) {
    case 'block':
      readCoordsArg(r);
      r.expectArgument('a block');
      readBlockFilter(r);
      return;
    case 'blocks':
      for (let i = 0; i < 3; i++) readCoordsArg(r);
      r.expectArgument('a mode');
      r.readLiteral(['all', 'masked'], 'a mode');
      return;
    case 'entity':
      entity(r, ctx, out, 'condition');
      return;
    case 'score':
      r.expectArgument('a score holder');
      if (!r.tryLiteral('*')) readEntity(r, 'condition', 'execute', ctx);
      r.expectArgument('an objective');
      r.readWord();
      r.expectArgument('a comparison');
      if (r.readLiteral(['<', '<=', '=', '>', '>=', 'matches'], 'a comparison') === 'matches') {
        r.expectArgument('a range');
        r.readWord();
        return;
      }
      r.expectArgument('a score holder');
      if (!r.tryLiteral('*')) readEntity(r, 'condition', 'execute', ctx);
      r.expectArgument('an objective');
      r.readWord();
      return;
    case 'predicate':
    case 'dimension':
      r.expectArgument('an id');
      r.readToken();
      return;
    case 'data':
      dataSource(r, ctx, out, 'condition');
      r.expectArgument('an NBT path');
      r.readToken();
      return;
    case 'biome':
      readCoordsArg(r);
      r.expectArgument('a biome');
      r.readToken();
      return;
    case 'loaded':
      readCoordsArg(r);
      return;
    case 'function':
      // runs the function to test its result: as powerful as `function` itself
      r.expectArgument('a function');
      r.readToken();
      out.invokes.push('function');
      return;
    case 'items':
      r.expectArgument('a source');
      if (r.readLiteral(['entity', 'block'], 'entity or block') === 'entity')
        entity(r, ctx, out, 'condition');
      else readCoordsArg(r);
      r.expectArgument('slots');
      r.readToken();
      r.expectArgument('an item predicate');
      r.readToken();
      return;
  }
}

function readCoordsArg(r: Reader): void {
  r.expectArgument('a position');
  readCoords(r, 3, true);
}

/** `block <pos>` | `entity <target>` | `storage <id>`; returns what `store` would write. */
function dataSource(r: Reader, ctx: SourceContext, out: Collector, role: SelectorRole): void {
  r.expectArgument('block, entity or storage');
  const kind = r.readLiteral(['block', 'entity', 'storage'], 'block, entity or storage');
  if (kind === 'entity') {
    entity(r, ctx, out, role);
    return;
  }
  if (kind === 'storage') {
    r.expectArgument('a storage id');
    r.readResource();
    return;
  }
  r.expectArgument('a position');
  const at = resolveBlockPos(readCoords(r, 3, true), ctx);
  noteUnresolved(out, at.unresolved);
  if (role !== 'target') return;
  const write: Collector['positionWrites'][number] = { kind: 'block_data', pos: at.pos };
  if (ctx.dimension !== undefined) write.dimension = ctx.dimension;
  if (at.unresolved !== undefined) write.unresolved = true;
  out.positionWrites.push(write);
}

export function store(r: Reader, ctx: SourceContext, out: Collector): void {
  r.expectArgument('result or success');
  r.readLiteral(['result', 'success'], 'result or success');
  r.expectArgument('a store target');
  const target = r.readLiteral(['block', 'bossbar', 'entity', 'score', 'storage'], 'a store target');
  if (target === 'bossbar') {
    r.expectArgument('a bossbar id');
    r.readResource();
    r.expectArgument('value or max');
    r.readLiteral(['value', 'max'], 'value or max');
    out.invokes.push('bossbar');
    return;
  }
  if (target === 'score') {
    r.expectArgument('score holders');
    if (!r.tryLiteral('*')) out.selectors.push(readEntity(r, 'target', 'execute', ctx));
    r.expectArgument('an objective');
    r.readWord();
    out.invokes.push('scoreboard');
    return;
  }
  // block/entity/storage: reuse the data-source reader from the literal we already consumed
  r.cursor -= target.length + 1;
  dataSource(r, ctx, out, 'target');
  r.expectArgument('an NBT path');
  r.readToken();
  r.expectArgument('a type');
  r.readLiteral(['byte', 'short', 'int', 'long', 'float', 'double'], 'a number type');
  r.expectArgument('a scale');
  r.readDouble();
  out.invokes.push('data');
}
