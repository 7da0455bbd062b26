/**
 * The entity argument (`@s @p @a @r @e @n`, player names, UUIDs, `[options]`) as vanilla 1.21.4 parses
 * and resolves it: net/minecraft/commands/arguments/EntityArgument.java,
 * selector/EntitySelectorParser.java and selector/EntitySelector.java. Resolves over the connected players
 * and the entities `summon` created (entities.ts).
 *
 * The API other commands use:
 *   readEntityArgument(reader, { single, playersOnly })   EntityArgument.entity()/entities()/player()/players()
 *   selectEntities(ctx, selector)                          the matching getter (getEntity/getEntities/…),
 *                                                          throwing vanilla's argument.entity.notfound.* errors
 *   findTargets(ctx, selector)                             getOptionalEntities/Players: no "not found" error
 *   commandSource(ctx) / sourcePlayer(ctx)                 who runs the command (execute as/at change it)
 *   displayName(ctx, target)                               Entity.getDisplayName() with its hover
 */
import { type Range, inRange, isAnyRange } from './brigadier.js';
import type { CommandContext } from './context.js';
import { type Target, entityStore } from './entities.js';
import type { StringReader } from './reader.js';
import type { EntitySelector } from './selector-find.js';
import type { Order, SelectorDraft } from './selector-option-helpers.js';
import { readOption } from './selector-options.js';

export type { Target } from './entities.js';
export { displayName, entityName, joinNames, uuidInts } from './display-names.js';
export {
  type CommandSource,
  type EntitySelector,
  commandSource,
  findTargets,
  selectEntities,
  sourcePlayer,
} from './selector-find.js';

export interface EntityArgumentKind {
  single: boolean;
  playersOnly: boolean;
}

const UUID_RE = /^[0-9a-f]{1,8}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,12}$/i;

/** Java's UUID.fromString accepts short groups; the canonical form pads them */
function canonicalUuid(text: string): string | undefined {
  if (!UUID_RE.test(text) || text.length > 36) return undefined;
  const widths = [8, 4, 4, 4, 12];
  return text
    .split('-')
    .map((g, i) => g.toLowerCase().padStart(widths[i]!, '0'))
    .join('-');
}

function newDraft(): SelectorDraft {
  return {
    maxResults: 0,
    includesEntities: false,
    worldLimited: false,
    currentEntity: false,
    predicates: [],
    distance: {},
    level: {},
    order: 'arbitrary',
    typeInverse: false,
    hasNameEquals: false,
    hasNameNotEquals: false,
    limited: false,
    sorted: false,
    hasGamemodeEquals: false,
    hasGamemodeNotEquals: false,
    hasTeamEquals: false,
    hasTeamNotEquals: false,
    hasScores: false,
    hasAdvancements: false,
  };
}

function parseSelectorType(reader: StringReader, d: SelectorDraft): void {
  if (!reader.canRead()) throw reader.fail('argument.entity.selector.missing');
  const at = reader.cursor;
  const c = reader.peek();
  reader.skip();
  const players = (max: number, order: Order) => {
    d.maxResults = max;
    d.includesEntities = false;
    d.order = order;
    d.type = 'player';
  };
  switch (c) {
    case 'a':
      players(2 ** 31 - 1, 'arbitrary');
      break;
    case 'p':
      players(1, 'nearest');
      break;
    case 'r':
      players(1, 'random');
      break;
    case 'e':
    case 'n':
      d.maxResults = c === 'e' ? 2 ** 31 - 1 : 1;
      d.includesEntities = true;
      d.order = c === 'e' ? 'arbitrary' : 'nearest';
      d.predicates.push((t) => t.alive);
      break;
    case 's':
      d.maxResults = 1;
      d.includesEntities = true;
      d.currentEntity = true;
      break;
    default:
      reader.cursor = at;
      throw reader.fail('argument.entity.selector.unknown', [`@${c}`]);
  }
}

function parseOptions(reader: StringReader, d: SelectorDraft, ctx: CommandContext): void {
  const store = entityStore(ctx.serv);
  reader.skipWhitespace();
  while (reader.canRead() && reader.peek() !== ']') {
    reader.skipWhitespace();
    readOption(reader, d, store);
    reader.skipWhitespace();
    if (!reader.canRead()) continue;
    if (reader.peek() === ',') {
      reader.skip();
      continue;
    }
    if (reader.peek() !== ']') throw reader.fail('argument.entity.options.unterminated');
  }
  if (!reader.canRead()) throw reader.fail('argument.entity.options.unterminated');
  reader.skip();
}

/** EntitySelectorParser.getSelector: the box, the fixed position parts and the final predicates. */
function build(d: SelectorDraft, kind: EntityArgumentKind, usesSelector: boolean): EntitySelector {
  let box: EntitySelector['box'];
  if (d.dx === undefined && d.dy === undefined && d.dz === undefined) {
    if (d.distance.max !== undefined) {
      const r = d.distance.max;
      box = { min: { x: -r, y: -r, z: -r }, max: { x: r + 1, y: r + 1, z: r + 1 } };
    }
  } else {
    const [dx, dy, dz] = [d.dx ?? 0, d.dy ?? 0, d.dz ?? 0];
    box = {
      min: { x: Math.min(dx, 0), y: Math.min(dy, 0), z: Math.min(dz, 0) },
      max: { x: Math.max(dx, 0) + 1, y: Math.max(dy, 0) + 1, z: Math.max(dz, 0) + 1 },
    };
  }
  const predicates = [...d.predicates];
  if (d.rotX) predicates.push(rotationPredicate(d.rotX, (t) => t.pitch));
  if (d.rotY) predicates.push(rotationPredicate(d.rotY, (t) => t.yaw));
  if (!isAnyRange(d.level)) {
    const level = d.level;
    predicates.push((t) =>
      t.player ? inRange(level, (t.player as unknown as { xpLevel?: number }).xpLevel ?? 0) : false,
    );
  }
  if (d.type) {
    const type = d.type;
    predicates.unshift((t) => t.type === type);
  }
  return {
    ...kind,
    maxResults: d.maxResults,
    includesEntities: d.includesEntities,
    worldLimited: d.worldLimited,
    currentEntity: d.currentEntity,
    usesSelector,
    predicates,
    range: d.distance,
    x: d.x,
    y: d.y,
    z: d.z,
    box,
    order: d.order,
  };
}

/** Mth.wrapDegrees */
const wrap = (deg: number): number => {
  const r = deg % 360;
  return r >= 180 ? r - 360 : r < -180 ? r + 360 : r;
};

function rotationPredicate(r: Range, angle: (t: Target) => number): (t: Target) => boolean {
  const min = wrap(r.min ?? 0);
  const max = wrap(r.max ?? 359);
  return (t) => {
    const a = wrap(angle(t));
    return min > max ? a >= min || a <= max : a >= min && a <= max;
  };
}

/**
 * EntityArgument.parse: reads one entity argument at the reader. Errors carry vanilla's cursor
 * (the single/players-only checks point at the start of the command, as vanilla's `setCursor(0)` does).
 */
export function readEntityArgument(
  reader: StringReader,
  kind: EntityArgumentKind,
  ctx: CommandContext,
): EntitySelector {
  if (reader.canRead() && reader.peek() === '@') {
    const bare = bareSelector(reader, kind);
    if (bare) return checkKind(reader, bare, kind);
  }
  const d = newDraft();
  if (reader.canRead() && reader.peek() === '@') {
    reader.skip();
    parseSelectorType(reader, d);
    if (reader.canRead() && reader.peek() === '[') {
      reader.skip();
      parseOptions(reader, d, ctx);
    }
  } else {
    const start = reader.cursor;
    const text = readNameOrUuid(reader);
    const uuid = canonicalUuid(text);
    d.maxResults = 1;
    if (uuid) {
      d.includesEntities = true;
      const selector = build(d, kind, false);
      return checkKind(reader, { ...selector, uuid }, kind);
    }
    if (text === '' || text.length > 16) {
      reader.cursor = start;
      throw reader.fail('argument.entity.invalid');
    }
    return checkKind(reader, { ...build(d, kind, false), playerName: text }, kind);
  }
  return checkKind(reader, build(d, kind, true), kind);
}

/** a selector without options (`@s`, `@a`, …) for each kind: the same every time, so made once and frozen */
const BARE = new Map<number, EntitySelector>();

/**
 * The selector at the reader when it is a type without options (a fence's `tellraw @s`): the reader moves
 * past it. Anything else (options, an unknown type, the end of the input) is left to the full parse.
 */
function bareSelector(reader: StringReader, kind: EntityArgumentKind): EntitySelector | undefined {
  const at = reader.cursor;
  const type = reader.input.charCodeAt(at + 1);
  // a s p r e n
  if (type !== 97 && type !== 115 && type !== 112 && type !== 114 && type !== 101 && type !== 110)
    return undefined;
  if (reader.input.charCodeAt(at + 2) === 91) return undefined; // `[`: options follow
  const key = type * 4 + (kind.single ? 2 : 0) + (kind.playersOnly ? 1 : 0);
  let selector = BARE.get(key);
  if (!selector) {
    const d = newDraft();
    reader.skip();
    parseSelectorType(reader, d);
    const built = build(d, kind, true);
    Object.freeze(built.predicates);
    selector = Object.freeze(built);
    BARE.set(key, selector);
  }
  reader.cursor = at + 2;
  return selector;
}

function readNameOrUuid(reader: StringReader): string {
  // Brigadier readString: quoted or the unquoted character set
  const c = reader.peek();
  if (c === '"' || c === "'") {
    // rare; reuse the option reader's quoting rules
    return readQuoted(reader, c);
  }
  const start = reader.cursor;
  while (reader.canRead() && /[0-9A-Za-z_\-.+]/.test(reader.peek())) reader.skip();
  return reader.input.slice(start, reader.cursor);
}

function readQuoted(reader: StringReader, quote: string): string {
  reader.skip();
  let out = '';
  while (reader.canRead()) {
    const c = reader.peek();
    reader.skip();
    if (c === '\\') {
      const next = reader.peek();
      if (next !== quote && next !== '\\') throw reader.fail('parsing.quote.escape', [next]);
      out += next;
      reader.skip();
    } else if (c === quote) return out;
    else out += c;
  }
  throw reader.fail('parsing.quote.expected.end');
}

function checkKind(reader: StringReader, s: EntitySelector, kind: EntityArgumentKind): EntitySelector {
  if (s.maxResults > 1 && kind.single)
    throw reader.fail(kind.playersOnly ? 'argument.player.toomany' : 'argument.entity.toomany', [], 0);
  if (s.includesEntities && kind.playersOnly && !s.currentEntity)
    throw reader.fail('argument.player.entities', [], 0);
  return s;
}
