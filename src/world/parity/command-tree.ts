/**
 * A small Brigadier: commands whose branches share a prefix (tp's `<location>` / `<destination>` /
 * `<targets> …`) are parsed the way com.mojang.brigadier.CommandDispatcher.parseNodes does — every relevant
 * child is tried on a copy of the reader, a literal that matches the next word hides the arguments, the
 * best potential wins (input consumed, then no errors), and the error reported is the single exception or
 * `command.unknown.argument` (Commands.getParseException), `command.unknown.command` when the chain ends
 * on a node without a command.
 */
import { type CommandContext, isParseOnly } from './context.js';
import { CommandSyntaxError, StringReader } from './reader.js';

export type Args = Record<string, unknown>;

export interface TreeNode {
  name: string;
  /** a literal word; otherwise an argument with `parse` */
  literal?: string;
  parse?: (reader: StringReader, ctx: CommandContext) => unknown;
  children?: TreeNode[];
  run?: (ctx: CommandContext, args: Args) => Promise<void>;
  /** Brigadier redirect: parsing continues at these children with fresh arguments (execute's loop) */
  redirect?: () => TreeNode[];
  /** the redirect's modifier: the sources the rest of the chain runs with (none = that branch stops) */
  modify?: (ctx: CommandContext, args: Args) => Promise<CommandContext[]>;
  /** registered with fork(): failures further down the chain are silent, as vanilla's forked mode */
  fork?: boolean;
  /** the rest of parsing that needs the context (execute's nested command), done before anything runs */
  check?: (ctx: CommandContext, args: Args) => Promise<void>;
}

/** A redirect passed while parsing: the node and the arguments read up to it */
export interface ChainLink {
  node: TreeNode;
  args: Args;
}

interface Potential {
  chain: ChainLink[];
  args: Args;
  reader: StringReader;
  errors: CommandSyntaxError[];
  node: TreeNode | undefined;
}

export const literal = (word: string, children: TreeNode[] = [], run?: TreeNode['run']): TreeNode => ({
  name: word,
  literal: word,
  children,
  ...(run ? { run } : {}),
});

export const argument = (
  name: string,
  parse: NonNullable<TreeNode['parse']>,
  children: TreeNode[] = [],
  run?: TreeNode['run'],
): TreeNode => ({ name, parse, children, ...(run ? { run } : {}) });

function copy(reader: StringReader): StringReader {
  const r = new StringReader(reader.input);
  r.cursor = reader.cursor;
  return r;
}

function relevant(children: TreeNode[], reader: StringReader): TreeNode[] {
  const literals = children.filter((c) => c.literal !== undefined);
  const args = children.filter((c) => c.literal === undefined);
  if (literals.length === 0) return args;
  const end = reader.input.indexOf(' ', reader.cursor);
  const word = reader.input.slice(reader.cursor, end < 0 ? undefined : end);
  const match = literals.find((l) => l.literal === word);
  return match ? [match] : args;
}

function parseNodes(
  children: TreeNode[],
  original: StringReader,
  args: Args,
  ctx: CommandContext,
  node: TreeNode | undefined,
  chain: ChainLink[],
): Potential {
  const errors: CommandSyntaxError[] = [];
  const potentials: Potential[] = [];
  for (const child of relevant(children, original)) {
    const reader = copy(original);
    let value: unknown;
    try {
      if (child.literal !== undefined) {
        const end = reader.cursor + child.literal.length;
        if (reader.input.slice(reader.cursor, end) !== child.literal)
          throw reader.fail('argument.literal.incorrect', [child.literal]);
        reader.cursor = end;
      } else value = child.parse!(reader, ctx);
      if (reader.canRead() && reader.peek() !== ' ') throw reader.fail('command.expected.separator');
    } catch (err) {
      if (!(err instanceof CommandSyntaxError)) throw err;
      errors.push(err);
      continue;
    }
    const childArgs = child.literal !== undefined ? args : { ...args, [child.name]: value };
    if (child.redirect && reader.canRead(1)) {
      reader.skip();
      const link = { node: child, args: childArgs };
      potentials.push(parseNodes(child.redirect(), reader, {}, ctx, undefined, [...chain, link]));
    } else if (!child.redirect && reader.canRead(2)) {
      reader.skip();
      potentials.push(parseNodes(child.children ?? [], reader, childArgs, ctx, child, chain));
    } else potentials.push({ chain, args: childArgs, reader, errors: [], node: child });
  }
  if (potentials.length === 0) return { chain, args, reader: original, errors, node };
  // Brigadier's order: input fully consumed first, then potentials without errors
  potentials.sort(
    (a, b) =>
      Number(a.reader.canRead()) - Number(b.reader.canRead()) ||
      Number(a.errors.length > 0) - Number(b.errors.length > 0),
  );
  return potentials[0]!;
}

/** Parses the rest of ctx.reader (positioned after the root literal) against `children` and runs it. */
export async function dispatchTree(ctx: CommandContext, children: TreeNode[]): Promise<void> {
  const { reader } = ctx;
  if (!reader.canRead()) throw reader.fail('command.unknown.command', [], reader.input.length);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  const result = parseNodes(children, reader, {}, ctx, undefined, []);
  if (result.reader.canRead()) {
    if (result.errors.length === 1) throw result.errors[0]!;
    throw result.reader.fail('command.unknown.argument');
  }
  const run = result.node?.run;
  if (!run) throw result.reader.fail('command.unknown.command', [], reader.input.length);
  // vanilla parses the whole input before running any of it: a nested command's parse error comes first
  await result.node?.check?.(ctx, result.args);
  if (isParseOnly(ctx)) return;
  if (result.chain.length === 0) return run(ctx, result.args);
  // the redirect chain: each modifier maps every current source to its own (vanilla's ContextChain)
  let sources = [ctx];
  let forked = false;
  for (const link of result.chain) {
    const next: CommandContext[] = [];
    for (const source of sources) {
      try {
        next.push(...(await link.node.modify!(source, link.args)));
      } catch (err) {
        if (forked && err instanceof CommandSyntaxError && err.cursor === undefined) continue;
        throw err;
      }
    }
    forked ||= link.node.fork === true;
    sources = next;
  }
  for (const source of sources) {
    try {
      await run(source, result.args);
    } catch (err) {
      // forked mode: a failing command in a fork is silent (ExecutionCommandSource.handleError)
      if (forked && err instanceof CommandSyntaxError && err.cursor === undefined) continue;
      throw err;
    }
  }
}
