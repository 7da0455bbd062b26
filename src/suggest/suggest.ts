/**
 * "Did you mean …" for a command that did not apply: unknown block, item and entity ids and command
 * names from the version's registries; the valid states of a block; the command's usage from the
 * server's command tree. Pure: the result and what is known of the server in, a sentence out.
 * Keys and argument orders follow vanilla: BlockStateParser, ItemParser, ResourceArgument
 * (/work/vanilla/1.21.4/net/minecraft/commands/arguments/), Brigadier's CommandSyntaxException keys.
 */
import type { CommandResult } from '../results/schema.js';
import { nearest } from './nearest.js';
import { bareId, type BlockStateInfo, registries } from './registries.js';
import { type CommandNode, commandNames, usageLines } from './tree.js';

export interface SuggestContext {
  /** the server's Minecraft version (registries come from minecraft-data for it) */
  version: string;
  /** the command tree the server sent; vanilla's for the version when absent */
  tree?: CommandNode | undefined;
}

/** Parse errors that mean "the arguments are wrong or missing": the usage says what fits. */
const ARGUMENT_KEYS =
  /^(command\.unknown\.argument|command\.expected\.separator|argument\.(pos\dd?\.incomplete|pos\.missing\.\w+|literal\.incorrect|double\.low|integer\.low|float\.low)|parsing\.(int|double|float|long|bool)\.(expected|invalid))$/;

const MAX_USAGE_LINES = 4;

const didYouMean = (what: string, wrong: string, options: string[]) =>
  options.length
    ? `did you mean ${options.join(' or ')}? (there is no ${what} '${wrong}')`
    : `there is no ${what} '${wrong}' and no id is close; check the name`;

const stateValues = (s: BlockStateInfo) =>
  s.values?.length ? s.values : s.type === 'bool' ? ['true', 'false'] : [];

// a batch often repeats one mistake hundreds of times: the usage of a command is read from its tree once
const usages = new WeakMap<CommandNode, Map<string, string | undefined>>();
const MAX_USAGES_KEPT = 256;

function usage(ctx: SuggestContext, name: string): string | undefined {
  const tree = ctx.tree ?? registries(ctx.version).commands;
  if (!tree) return undefined;
  let known = usages.get(tree);
  if (!known) usages.set(tree, (known = new Map()));
  if (!known.has(name)) {
    if (known.size >= MAX_USAGES_KEPT) known.clear();
    known.set(name, usageOf(tree, name));
  }
  return known.get(name);
}

function usageOf(tree: CommandNode, name: string): string | undefined {
  const lines = usageLines(tree, name);
  if (!lines.length) return undefined;
  const shown = lines.slice(0, MAX_USAGE_LINES).join(' | ');
  return `usage: ${shown}${lines.length > MAX_USAGE_LINES ? ` | … (${lines.length} forms)` : ''}`;
}

const tokens = (command: string) => command.trim().replace(/^\//, '').split(/\s+/);

function unknownCommand(ctx: SuggestContext, name: string): string | undefined {
  const tree = ctx.tree ?? registries(ctx.version).commands;
  if (!tree) return undefined;
  const names = commandNames(tree);
  if (names.includes(name)) return usage(ctx, name);
  return didYouMean('command', name, nearest(name, names));
}

/** ids the embedded world (flying-squid) refuses in words of its own: read them from the command */
function idInCommand(ctx: SuggestContext, command: string): string | undefined {
  const [name, a, b] = tokens(command);
  const reg = registries(ctx.version);
  if (name === 'give' && b) {
    const item = bareId(b);
    if (!reg.items.includes(item)) return didYouMean('item', item, nearest(item, reg.items));
  }
  if (name === 'summon' && a) {
    const entity = bareId(a);
    if (!reg.entities.includes(entity)) return didYouMean('entity', entity, nearest(entity, reg.entities));
  }
  return undefined;
}

function stateFix(ctx: SuggestContext, key: string, args: readonly string[]): string | undefined {
  const block = args[0];
  if (!block) return undefined;
  const states = registries(ctx.version).states(block);
  if (!states) return undefined;
  const name = bareId(block);
  if (key === 'argument.block.property.unknown') {
    const wrong = args[1] ?? '';
    if (!states.length) return `${name} has no block states: write it without [...]`;
    const close = nearest(
      wrong,
      states.map((s) => s.name),
      1,
    );
    return `${close.length ? `did you mean ${close[0]}? ` : ''}${name} has the states ${states.map((s) => s.name).join(', ')}`;
  }
  // argument.block.property.invalid: [block, value, property]
  const property = states.find((s) => s.name === args[2]);
  if (!property) return undefined;
  return `${property.name} takes ${stateValues(property).join(', ')}`;
}

/** The suggestion for a result that did not apply, or undefined when there is none. */
export function suggestFix(result: CommandResult, ctx: SuggestContext): string | undefined {
  if (result.status === 'applied' || result.detail?.noChange) return undefined;
  const key = result.detail?.key;
  const args = result.detail?.args ?? [];
  const reg = () => registries(ctx.version);
  const name = (tokens(result.command)[0] ?? '').toLowerCase();
  switch (key) {
    case 'argument.block.id.invalid': {
      const wrong = bareId(args[0] ?? '');
      return didYouMean('block', wrong, nearest(wrong, reg().blocks));
    }
    case 'argument.item.id.invalid': {
      const wrong = bareId(args[0] ?? '');
      return didYouMean('item', wrong, nearest(wrong, reg().items));
    }
    case 'argument.resource.not_found': {
      // [id, registry]
      const wrong = bareId(args[0] ?? '');
      const registry = args[1] ?? '';
      if (registry.endsWith('entity_type'))
        return didYouMean('entity', wrong, nearest(wrong, reg().entities));
      if (registry.endsWith('item')) return didYouMean('item', wrong, nearest(wrong, reg().items));
      if (registry.endsWith('block')) return didYouMean('block', wrong, nearest(wrong, reg().blocks));
      return undefined;
    }
    case 'argument.block.property.unknown':
    case 'argument.block.property.invalid':
      return stateFix(ctx, key, args);
    case 'command.unknown.command':
      return unknownCommand(ctx, name);
    default:
      if (key && ARGUMENT_KEYS.test(key)) return usage(ctx, name);
  }
  // refused before sending because the name is not on the allow list: a typo is the likelier cause
  if (result.detail?.rule === 'not_allowed') {
    const tree = ctx.tree ?? reg().commands;
    if (tree && !commandNames(tree).includes(name)) return unknownCommand(ctx, name);
  }
  return key === undefined ? idInCommand(ctx, result.command) : undefined;
}

/** Adds the result's suggestion, if it has one, to its summary (which the text shows) and `detail.suggestion`. */
export function addSuggestion(r: CommandResult, ctx: SuggestContext): void {
  const suggestion = suggestFix(r, ctx);
  if (!suggestion) return;
  r.summary = `${r.summary} — ${suggestion}`;
  r.detail = { ...r.detail, suggestion };
}

/** `addSuggestion` for each result, but those in `done` (given theirs already). */
export function addSuggestions(
  results: CommandResult[],
  ctx: SuggestContext,
  done?: ReadonlySet<CommandResult>,
): void {
  for (const r of results) if (!done?.has(r)) addSuggestion(r, ctx);
}
