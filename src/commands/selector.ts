/** Entity arguments: `@a[…]`-style selectors, player names and UUIDs. */
import type { SourceContext } from './coords.js';
import type { Reader } from './reader.js';

export type SelectorRole =
  /** the entities the command acts on (killed, teleported, given items, told) */
  | 'target'
  /** where something goes (tp destination entity) */
  | 'destination'
  /** only read (execute if entity, facing entity…) */
  | 'condition'
  /** becomes the source (execute as/at/positioned as/rotated as) */
  | 'source';

export interface SelectorOption {
  key: string;
  value: string;
  negated: boolean;
}

export interface ParsedSelector {
  /** as written */
  raw: string;
  kind: 'selector' | 'name' | 'uuid';
  /** `p`, `a`, `r`, `s`, `e`, `n` for selectors */
  variable?: string;
  options: SelectorOption[];
  role: SelectorRole;
  /** the command this selector is an argument of (`execute` for its subcommands) */
  command: string;
  /** may select a player other than the executor itself */
  mayHitPlayers: boolean;
  /** offset of the selector in the command text (after any leading '/') */
  position: number;
}

const VARIABLES = new Set(['p', 'a', 'r', 's', 'e', 'n']);
const UUID = /^[0-9a-f]{1,8}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,4}-[0-9a-f]{1,12}$/i;

function splitOptions(inner: string, reader: Reader, at: number): SelectorOption[] {
  const options: SelectorOption[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  for (const part of parts) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) throw reader.fail(`selector option "${part.trim()}" has no "="`, at);
    const key = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    const negated = value.startsWith('!');
    if (negated) value = value.slice(1).trim();
    if (key === '') throw reader.fail('selector option without a name', at);
    options.push({ key, value: value.replace(/^["']|["']$/g, ''), negated });
  }
  return options;
}

function isPlayerType(value: string): boolean {
  return value === 'player' || value === 'minecraft:player';
}

/** Whether `@e`/`@n` with these options can select a player. Entity type tags count as "maybe". */
export function typeOptionsMayHitPlayers(options: SelectorOption[]): boolean {
  const types = options.filter((o) => o.key === 'type');
  if (types.some((o) => o.negated && isPlayerType(o.value))) return false;
  if (types.some((o) => !o.negated && !o.value.startsWith('#') && !isPlayerType(o.value))) return false;
  return true;
}

/** Reads an entity argument. `@s` is judged by the source: after `execute as @a`, `@s` is every player. */
export function readEntity(
  reader: Reader,
  role: SelectorRole,
  command: string,
  ctx: SourceContext,
): ParsedSelector {
  const position = reader.cursor;
  if (reader.peek() === '@') {
    const variable = reader.peek(1);
    if (!VARIABLES.has(variable)) throw reader.fail(`unknown selector "@${variable}"`);
    reader.skip(2);
    let options: SelectorOption[] = [];
    if (reader.peek() === '[') {
      const at = reader.cursor;
      const block = reader.readBalanced();
      if (!block.startsWith('[')) throw reader.fail('expected "[" after the selector', at);
      options = splitOptions(block.slice(1, -1), reader, at);
    }
    if (reader.canRead() && reader.peek() !== ' ') throw reader.fail('unexpected text after the selector');
    let mayHitPlayers: boolean;
    if (variable === 's') mayHitPlayers = ctx.selfMayHitPlayers;
    else if (variable === 'e' || variable === 'n') mayHitPlayers = typeOptionsMayHitPlayers(options);
    else mayHitPlayers = true;
    const raw = reader.input.slice(position, reader.cursor);
    return { raw, kind: 'selector', variable, options, role, command, mayHitPlayers, position };
  }
  const raw = reader.readWord();
  if (raw === '') throw reader.fail('expected an entity (selector, name or UUID)');
  if (raw.length > 16 && !UUID.test(raw))
    throw reader.fail(`"${raw}" is neither a player name nor a UUID`, position);
  const kind = UUID.test(raw) ? 'uuid' : 'name';
  return { raw, kind, options: [], role, command, mayHitPlayers: true, position };
}

/** The selector is exactly `@s`, i.e. the source entity itself. */
export function isSelf(sel: ParsedSelector): boolean {
  return sel.kind === 'selector' && sel.variable === 's';
}
