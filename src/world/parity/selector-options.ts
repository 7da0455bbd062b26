/**
 * The `[key=value,…]` options of an entity selector, as vanilla 1.21.4 registers them in
 * net/minecraft/commands/arguments/selector/options/EntitySelectorOptions.java: the same keys, the same
 * "can this option be used here" rules, the same error keys and cursor positions.
 */
import {
  isAnyRange,
  readBrigadierDouble,
  readBrigadierInt,
  readRange,
  readResourceLocation,
  readString,
  readUnquotedString,
} from './brigadier.js';
import type { EntityStore, Target } from './entities.js';
import type { StringReader } from './reader.js';
import { UNMODELLED_OPTIONS } from './selector-options-unmodelled.js';
import {
  type Order,
  type SelectorDraft,
  type SelectorOption,
  invert,
  isTag,
  living,
  plainName,
} from './selector-option-helpers.js';

export { plainName } from './selector-option-helpers.js';

const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator'] as const;

const gameModeOf = (t: Target): string | undefined =>
  t.player ? GAME_MODES[(t.player as unknown as { gameMode: number }).gameMode] : undefined;

const OPTIONS: Record<string, SelectorOption> = {
  name: {
    canUse: (d) => !d.hasNameEquals,
    handle(reader, d, store) {
      const start = reader.cursor;
      const inverted = invert(reader);
      const name = readString(reader);
      if (d.hasNameNotEquals && !inverted) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.inapplicable', ['name']);
      }
      if (inverted) d.hasNameNotEquals = true;
      else d.hasNameEquals = true;
      d.predicates.push((t) => (plainName(store, t) === name) !== inverted);
    },
  },
  distance: {
    canUse: (d) => isAnyRange(d.distance),
    handle(reader, d) {
      const start = reader.cursor;
      const range = readRange(reader, false);
      if ((range.min ?? 0) < 0 || (range.max ?? 0) < 0) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.distance.negative');
      }
      d.distance = range;
      d.worldLimited = true;
    },
  },
  level: {
    canUse: (d) => isAnyRange(d.level),
    handle(reader, d) {
      const start = reader.cursor;
      const range = readRange(reader, true);
      if ((range.min ?? 0) < 0 || (range.max ?? 0) < 0) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.level.negative');
      }
      d.level = range;
      d.includesEntities = false;
    },
  },
  ...Object.fromEntries(
    (['x', 'y', 'z', 'dx', 'dy', 'dz'] as const).map((key) => [
      key,
      {
        canUse: (d: SelectorDraft) => d[key] === undefined,
        handle(reader: StringReader, d: SelectorDraft) {
          d.worldLimited = true;
          d[key] = readBrigadierDouble(reader);
        },
      },
    ]),
  ),
  x_rotation: {
    canUse: (d) => d.rotX === undefined,
    handle(reader, d) {
      d.rotX = readRange(reader, false);
    },
  },
  y_rotation: {
    canUse: (d) => d.rotY === undefined,
    handle(reader, d) {
      d.rotY = readRange(reader, false);
    },
  },
  limit: {
    canUse: (d) => !d.currentEntity && !d.limited,
    handle(reader, d) {
      const start = reader.cursor;
      const limit = readBrigadierInt(reader);
      if (limit < 1) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.limit.toosmall');
      }
      d.maxResults = limit;
      d.limited = true;
    },
  },
  sort: {
    canUse: (d) => !d.currentEntity && !d.sorted,
    handle(reader, d) {
      const start = reader.cursor;
      const word = readUnquotedString(reader);
      if (!['nearest', 'furthest', 'random', 'arbitrary'].includes(word)) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.sort.irreversible', [word]);
      }
      d.order = word as Order;
      d.sorted = true;
    },
  },
  gamemode: {
    canUse: (d) => !d.hasGamemodeEquals,
    handle(reader, d) {
      const start = reader.cursor;
      const inverted = invert(reader);
      if (d.hasGamemodeNotEquals && !inverted) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.inapplicable', ['gamemode']);
      }
      const word = readUnquotedString(reader);
      if (!(GAME_MODES as readonly string[]).includes(word)) {
        reader.cursor = start;
        throw reader.fail('argument.entity.options.mode.invalid', [word]);
      }
      d.includesEntities = false;
      d.predicates.push((t) => (t.player ? (gameModeOf(t) === word) !== inverted : false));
      if (inverted) d.hasGamemodeNotEquals = true;
      else d.hasGamemodeEquals = true;
    },
  },
  team: {
    canUse: (d) => !d.hasTeamEquals,
    handle(reader, d, store) {
      const inverted = invert(reader);
      const team = readUnquotedString(reader);
      // no scoreboard teams exist in the embedded world: every living entity is on team ""
      d.predicates.push((t) => (living(store, t) ? ('' === team) !== inverted : false));
      if (inverted) d.hasTeamNotEquals = true;
      else d.hasTeamEquals = true;
    },
  },
  type: {
    canUse: (d) => d.type === undefined,
    handle(reader, d, store) {
      const at = reader.cursor;
      const inverted = invert(reader);
      if (d.typeInverse && !inverted) {
        reader.cursor = at;
        throw reader.fail('argument.entity.options.inapplicable', ['type']);
      }
      if (inverted) d.typeInverse = true;
      if (isTag(reader)) {
        const tag = readResourceLocation(reader);
        const members = store.typeTags[tag] ?? new Set<string>();
        d.predicates.push((t) => members.has(t.type) !== inverted);
        return;
      }
      const id = readResourceLocation(reader);
      const name = id.startsWith('minecraft:') ? id.slice(10) : undefined;
      if (name === undefined || !store.typeInfo(name)) {
        reader.cursor = at;
        throw reader.fail('argument.entity.options.type.invalid', [id]);
      }
      if (name === 'player' && !inverted) d.includesEntities = false;
      d.predicates.push((t) => (t.type === name) !== inverted);
      if (!inverted) d.type = name;
    },
  },
  tag: {
    canUse: () => true,
    handle(reader, d) {
      const inverted = invert(reader);
      const tag = readUnquotedString(reader);
      d.predicates.push((t) => (tag === '' ? t.tags.size === 0 : t.tags.has(tag)) !== inverted);
    },
  },
  // options about state the embedded world does not keep (NBT, scores, advancements, predicates)
  ...UNMODELLED_OPTIONS,
};

/** EntitySelectorOptions.get + the modifier: reads `key=value` at the reader (after `[` or `,`). */
export function readOption(reader: StringReader, d: SelectorDraft, store: EntityStore): void {
  const keyStart = reader.cursor;
  const key = readString(reader);
  const option = OPTIONS[key];
  if (!option) {
    reader.cursor = keyStart;
    throw reader.fail('argument.entity.options.unknown', [key]);
  }
  if (!option.canUse(d)) throw reader.fail('argument.entity.options.inapplicable', [key]);
  reader.skipWhitespace();
  if (!reader.canRead() || reader.peek() !== '=') {
    reader.cursor = keyStart;
    throw reader.fail('argument.entity.options.valueless', [key]);
  }
  reader.skip();
  reader.skipWhitespace();
  option.handle(reader, d, store);
}
