/**
 * What the selector options share (EntitySelectorParser/EntitySelectorOptions, 1.21.4): the draft they fill,
 * the shape of an option, and small readers and facts.
 */
import { type Range, readString } from './brigadier.js';
import type { EntityStore, Target } from './entities.js';
import type { StringReader } from './reader.js';

export type Order = 'arbitrary' | 'nearest' | 'furthest' | 'random';

/** What the parser has collected so far (EntitySelectorParser's fields). */
export interface SelectorDraft {
  maxResults: number;
  includesEntities: boolean;
  worldLimited: boolean;
  currentEntity: boolean;
  predicates: Array<(t: Target) => boolean>;
  distance: Range;
  level: Range;
  x?: number;
  y?: number;
  z?: number;
  dx?: number;
  dy?: number;
  dz?: number;
  rotX?: Range;
  rotY?: Range;
  order: Order;
  type?: string;
  typeInverse: boolean;
  hasNameEquals: boolean;
  hasNameNotEquals: boolean;
  limited: boolean;
  sorted: boolean;
  hasGamemodeEquals: boolean;
  hasGamemodeNotEquals: boolean;
  hasTeamEquals: boolean;
  hasTeamNotEquals: boolean;
  hasScores: boolean;
  hasAdvancements: boolean;
}

type Handler = (reader: StringReader, d: SelectorDraft, store: EntityStore) => void;
export interface SelectorOption {
  handle: Handler;
  canUse(d: SelectorDraft): boolean;
}

export function invert(reader: StringReader): boolean {
  reader.skipWhitespace();
  if (reader.canRead() && reader.peek() === '!') {
    reader.skip();
    reader.skipWhitespace();
    return true;
  }
  return false;
}

export function isTag(reader: StringReader): boolean {
  reader.skipWhitespace();
  if (reader.canRead() && reader.peek() === '#') {
    reader.skip();
    reader.skipWhitespace();
    return true;
  }
  return false;
}

/** vanilla getName().getString(): the custom name's text, a player's name, or the type's English name */
export function plainName(store: EntityStore, t: Target): string {
  if (t.player) return t.player.username;
  if (t.customName !== undefined) return componentText(t.customName);
  return store.typeInfo(t.type)?.displayName ?? t.type;
}

export function componentText(c: unknown): string {
  if (typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean') return String(c);
  if (Array.isArray(c)) return c.map(componentText).join('');
  if (c && typeof c === 'object') {
    const o = c as { text?: string; extra?: unknown[]; translate?: string };
    return (o.text ?? o.translate ?? '') + (o.extra ?? []).map(componentText).join('');
  }
  return '';
}

export function expectChar(reader: StringReader, c: string): void {
  if (!reader.canRead() || reader.peek() !== c) throw reader.fail('parsing.expected', [c]);
  reader.skip();
}

export function readBool(reader: StringReader): boolean {
  const start = reader.cursor;
  const word = readString(reader);
  if (word === '') throw reader.fail('parsing.bool.expected');
  if (word === 'true' || word === 'false') return word === 'true';
  reader.cursor = start;
  throw reader.fail('parsing.bool.invalid', [word]);
}

/** `{ entry, entry, … }` as the scores/advancements options read it (entries may be separated by commas) */
export function readBraced(reader: StringReader, entry: () => void): void {
  expectChar(reader, '{');
  reader.skipWhitespace();
  while (reader.canRead() && reader.peek() !== '}') {
    reader.skipWhitespace();
    entry();
    reader.skipWhitespace();
    if (reader.canRead() && reader.peek() === ',') reader.skip();
  }
  expectChar(reader, '}');
}

export function living(store: EntityStore, t: Target): boolean {
  const kind = store.typeInfo(t.type)?.kind ?? 'other';
  return kind !== 'other' && kind !== 'projectile';
}
