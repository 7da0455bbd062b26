/** What the command parser reports about one command. Plain types: the parser never validates with zod. */
import type { BlockWrite } from './block-write.js';
import type { Vec3 } from './coords.js';
import type { ParsedSelector } from './selector.js';

export type { Vec3 } from './coords.js';
export type { ParsedSelector, SelectorOption, SelectorRole } from './selector.js';

/** A position a command puts something at that is not a block write: an entity or block-entity data. */
export interface PositionWrite {
  kind: 'summon' | 'teleport' | 'block_data';
  /** the precise position; absent when it depends on an entity (`tp @s Steve`) */
  pos?: Vec3;
  /** the entity type for `summon` */
  entity?: string;
  dimension?: string;
  /** relative coordinates against an unknown executor: `pos` is a placeholder */
  unresolved?: true;
}

export interface GiveRequest {
  item: string;
  count: number;
}

export interface ParseError {
  message: string;
  /** offset into `text` */
  position: number;
}

interface ParsedFields {
  /** the command as parsed: the input without one leading '/' */
  text: string;
  /** root literal, lower-case, without '/' and without a `minecraft:` prefix */
  name: string;
  /** everything after the root literal, as written */
  args: string;
  /** for `execute … run X` (recursively) and `return run X`: X's name; otherwise `name` */
  effectiveName: string;
  /**
   * every command the text can run, in order: the root, each `run` target, `function` for
   * `execute if function`, `summon` for `execute summon`, `data`/`scoreboard`/`bossbar` for `execute store`
   */
  invokes: string[];
  /** block writes with absolute positions (placeholders where `unresolved`) */
  blockWrites: BlockWrite[];
  positionWrites: PositionWrite[];
  selectors: ParsedSelector[];
  gives: GiveRequest[];
  /** some position could not be resolved because the executor (or the entity executing) is unknown */
  unresolved: boolean;
  unresolvedReasons: string[];
  /** false when the effective command is one the parser only knows by name (its arguments are not read) */
  understood: boolean;
}

export type ParsedCommand =
  (ParsedFields & { ok: true; error?: undefined }) | (ParsedFields & { ok: false; error: ParseError });

/** What parsers fill in while they read. */
export type Collector = Omit<ParsedFields, 'text' | 'name' | 'args' | 'unresolved'>;

export function emptyCollector(): Collector {
  return {
    effectiveName: '',
    invokes: [],
    blockWrites: [],
    positionWrites: [],
    selectors: [],
    gives: [],
    unresolvedReasons: [],
    understood: true,
  };
}

export function noteUnresolved(out: Collector, reason: string | undefined): void {
  if (reason !== undefined && !out.unresolvedReasons.includes(reason)) out.unresolvedReasons.push(reason);
}
