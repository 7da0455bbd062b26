/**
 * The selector options about state the embedded world does not keep — entity NBT, scoreboard objectives,
 * advancement progress, data-pack predicates — parsed exactly as vanilla 1.21.4 parses them
 * (net/minecraft/commands/arguments/selector/options/EntitySelectorOptions.java), then matched the way
 * vanilla would match against an empty scoreboard, no advancements and no loaded predicates.
 */
import { readRange, readResourceLocation, readUnquotedString } from './brigadier.js';
import { type SelectorOption, expectChar, invert, readBool, readBraced } from './selector-option-helpers.js';
import { readCompound } from './snbt.js';

export const UNMODELLED_OPTIONS: Record<string, SelectorOption> = {
  nbt: {
    canUse: () => true,
    handle(reader, d) {
      const inverted = invert(reader);
      readCompound(reader);
      // entity NBT comparison is not modelled: nothing matches `nbt=`, everything matches `nbt=!`
      d.predicates.push(() => inverted);
    },
  },
  scores: {
    canUse: (d) => !d.hasScores,
    handle(reader, d) {
      let count = 0;
      readBraced(reader, () => {
        readUnquotedString(reader);
        reader.skipWhitespace();
        expectChar(reader, '=');
        reader.skipWhitespace();
        readRange(reader, true);
        count++;
      });
      // no scoreboard objectives exist: vanilla's predicate fails for a missing objective
      if (count > 0) d.predicates.push(() => false);
      d.hasScores = true;
    },
  },
  advancements: {
    canUse: (d) => !d.hasAdvancements,
    handle(reader, d) {
      const wanted: boolean[] = [];
      readBraced(reader, () => {
        readResourceLocation(reader);
        reader.skipWhitespace();
        expectChar(reader, '=');
        reader.skipWhitespace();
        if (reader.canRead() && reader.peek() === '{') {
          readBraced(reader, () => {
            readUnquotedString(reader);
            reader.skipWhitespace();
            expectChar(reader, '=');
            reader.skipWhitespace();
            wanted.push(readBool(reader));
          });
        } else wanted.push(readBool(reader));
      });
      if (wanted.length > 0) {
        // advancement progress is not tracked: nothing is done, so only `=false` can hold
        d.predicates.push((t) => t.player !== undefined && wanted.every((w) => !w));
        d.includesEntities = false;
      }
      d.hasAdvancements = true;
    },
  },
  predicate: {
    canUse: () => true,
    handle(reader, d) {
      invert(reader);
      readResourceLocation(reader);
      // no data pack predicates are loaded: vanilla's lookup fails and the entity is not selected
      d.predicates.push(() => false);
    },
  },
};
