/**
 * Which commands say nothing when they succeed, and when silence after `execute` proves nothing.
 *
 * Vanilla facts relied on:
 * - tellraw, say, me, msg/tell/w and teammsg/tm send no feedback line to the sender on success (what they
 *   print is the message itself, to its recipients).
 * - `execute` subcommands that fork (as, at, on, summon, positioned as, rotated as, facing entity) run the
 *   rest once per entity and swallow the errors of the `run` command; if/unless skip it silently when
 *   false. After any of these, silence does not prove success, whatever the command after `run` is.
 * - The other subcommands (align, anchored, in, positioned <pos>, rotated <rot>, facing <pos>) only move
 *   the source: the `run` command reports its errors as if typed alone.
 * - `store` wraps the result; we do not rely on its error behaviour, so it counts as hiding too.
 */

/** Commands that are silent on success by design (aliases included). One list, used everywhere. */
export const SILENT_BY_DESIGN: ReadonlySet<string> = new Set([
  'tellraw',
  'say',
  'me',
  'msg',
  'tell',
  'w',
  'teammsg',
  'tm',
]);

/**
 * Commands that change no block, entity or world state: the silent ones above, and the queries `list` and
 * `help`. A transaction lets them through; undo has nothing to record for them.
 */
export const NO_WORLD_CHANGE: ReadonlySet<string> = new Set([...SILENT_BY_DESIGN, 'list', 'help']);

/** execute subcommands after which the run command's failure can be silent */
const HIDING_SUBCOMMANDS: ReadonlySet<string> = new Set([
  'as',
  'at',
  'if',
  'unless',
  'on',
  'summon',
  'store',
]);
/** `positioned as`, `rotated as`, `facing entity` fork too */
const HIDING_SECOND_WORD: Readonly<Record<string, string>> = {
  positioned: 'as',
  rotated: 'as',
  facing: 'entity',
};

export interface Silence {
  /** the command that finally runs (the `run` target of execute chains), lower case, no namespace */
  name: string;
  /** that command says nothing on success */
  silentByDesign: boolean;
  /** an execute chain before it can hide its failure (forks, conditions, store) */
  failureMayBeHidden: boolean;
}

/** Split at top-level whitespace, keeping quoted strings and bracketed NBT/JSON in one token. */
export function topLevelTokens(command: string): string[] {
  const tokens: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  // the token is the text from `start` up to the whitespace that ends it (every other character is kept)
  let start = -1;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && depth > 0) depth--;
    if (depth === 0 && WHITESPACE.test(ch)) {
      if (start >= 0) tokens.push(command.slice(start, i));
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  if (start >= 0) tokens.push(command.slice(start));
  return tokens;
}

const WHITESPACE = /\s/;

/** the first word when nothing in it can quote or bracket (a plain command name) */
const FIRST_WORD = /^\s*([^\s"'{}[\]]+)(?:\s|$)/;
/** a command's silence without an execute chain before it, made once per name */
const SILENCES = new Map<string, Silence>();
const silence = (name: string): Silence => {
  const s: Silence = Object.freeze({
    name,
    silentByDesign: SILENT_BY_DESIGN.has(name),
    failureMayBeHidden: false,
  });
  if (SILENCES.size < 256) SILENCES.set(name, s);
  return s;
};

const commandName = (word: string | undefined): string =>
  (word ?? '')
    .replace(/^\//, '')
    .replace(/^minecraft:/, '')
    .toLowerCase();

/** How to read silence after this command (as sent, with or without the leading `/`). */
export function silenceOf(command: string): Silence {
  // most commands are not execute chains: their first word is all that matters
  const first = FIRST_WORD.exec(command)?.[1];
  if (first !== undefined && commandName(first) !== 'execute') {
    const name = commandName(first);
    return SILENCES.get(name) ?? silence(name);
  }
  const tokens = topLevelTokens(command.trim());
  let hidden = false;
  let start = 0;
  while (commandName(tokens[start]) === 'execute') {
    const run = tokens.indexOf('run', start + 1);
    const chain = tokens.slice(start + 1, run === -1 ? undefined : run);
    chain.forEach((word, i) => {
      const second = Object.hasOwn(HIDING_SECOND_WORD, word) ? HIDING_SECOND_WORD[word] : undefined;
      if (HIDING_SUBCOMMANDS.has(word) || (second !== undefined && second === chain[i + 1])) hidden = true;
    });
    // without `run`, the last if/unless reports its own result ("Test passed" / red "Test failed")
    if (run === -1) return { name: 'execute', silentByDesign: false, failureMayBeHidden: false };
    start = run + 1;
  }
  const name = commandName(tokens[start]);
  return { name, silentByDesign: SILENT_BY_DESIGN.has(name), failureMayBeHidden: hidden };
}
