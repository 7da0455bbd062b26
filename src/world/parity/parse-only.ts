/**
 * Parsing a whole command before any of it runs, as vanilla does (Commands.performPrefixedCommand parses
 * the full input, then ExecuteCommand's ContextChain runs the modifiers): our handlers parse and run in one
 * function, so `execute … run <command>` first runs the nested handler in parse-only mode. A handler marks
 * the end of its parsing with endOfParse(ctx) (context.expectEnd does it for the many that end there); in
 * parse-only mode that stops it. As a safety net the parse-only context has no world, level, gamerules or
 * feedback: touching one also stops the handler.
 */
import type { CommandContext, CommandHandler } from './context.js';
import { CommandSyntaxError, type StringReader } from './reader.js';

/** thrown to stop a handler once its input is parsed (never reaches a player) */
class ParseComplete extends Error {
  override readonly name = 'ParseComplete' as const;
}

/** the readers of parse-only runs (a handler's context copies keep the reader) */
const parseOnly = new WeakSet<StringReader>();

export const isParseOnly = (ctx: CommandContext): boolean => parseOnly.has(ctx.reader);

/** Called by a handler when its input is fully parsed and before it changes anything. */
export function endOfParse(ctx: CommandContext): void {
  endOfInput(ctx.reader);
}

/** the same for a reader that has been read to its end */
export function endOfInput(reader: StringReader): void {
  if (parseOnly.has(reader)) throw new ParseComplete();
}

/** what parsing may read of each guarded part (ids, rule names); any other use stops the handler */
const READABLE: Record<'world' | 'level' | 'gamerules', readonly string[]> = {
  world: [],
  level: ['version'],
  gamerules: ['has', 'get'],
};

function guard<T extends object>(target: T, readable: readonly string[]): T {
  return new Proxy(target, {
    get(t, key) {
      if (typeof key !== 'string' || !readable.includes(key)) throw new ParseComplete();
      const value: unknown = Reflect.get(t, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

const stop = (): never => {
  throw new ParseComplete();
};

/**
 * Runs `handler` on `ctx` (with a reader of its own) in parse-only mode: a parse error (one with a cursor)
 * is thrown; anything else (the end of parsing, an error raised while running) means the input parsed as
 * far as can be told.
 */
export async function parseCommand(handler: CommandHandler, ctx: CommandContext): Promise<void> {
  const dry: CommandContext = {
    ...ctx,
    world: guard(ctx.world, READABLE.world),
    level: guard(ctx.level, READABLE.level),
    gamerules: guard(ctx.gamerules, READABLE.gamerules),
    success: stop,
    fail: stop,
    sendTo: stop,
  };
  parseOnly.add(ctx.reader);
  try {
    await handler(dry);
  } catch (err) {
    if (err instanceof CommandSyntaxError && err.cursor !== undefined) throw err;
  }
}
