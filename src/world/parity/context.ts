/**
 * What a parity command handler gets: the reader after its root literal, the player, and the world; and the
 * parse-only variant of that context.
 *
 * Parsing a whole command before any of it runs, as vanilla does (Commands.performPrefixedCommand parses
 * the full input, then ExecuteCommand's ContextChain runs the modifiers): our handlers parse and run in one
 * function, so `execute … run <command>` first runs the nested handler in parse-only mode. A handler marks
 * the end of its parsing with endOfParse(ctx) (context.expectEnd does it for the many that end there); in
 * parse-only mode that stops it. As a safety net the parse-only context has no world, level, gamerules or
 * feedback: touching one also stops the handler.
 */

import type { ComponentObject } from '../../vocabulary/text/message.js';
import type { SourcePose } from './arguments.js';
import type { BlockStates } from './block-states.js';
import type { Target } from './entities.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';
import type { Gamerules } from './gamerules.js';
import type { LevelState } from './level-state.js';
import { CommandSyntaxError, type StringReader } from './reader.js';
import type { WorldAccess } from './world-access.js';
import type { TemplateSource } from '../templates.js';

export interface CommandContext {
  reader: StringReader;
  player: FlyingSquidPlayer;
  pose: SourcePose;
  /** the entity running the command when `execute as` changed it; otherwise the player (selectors.commandSource) */
  executor?: Target;
  states: BlockStates;
  world: WorldAccess;
  gamerules: Gamerules;
  level: LevelState;
  blockTags: Record<string, string[]>;
  /** what `place template` places (handed in by whoever started the world) */
  templates: TemplateSource;
  serv: FlyingSquidServer;
  /**
   * vanilla sendSuccess: to the player unless sendCommandFeedback is false, plus (also only then) admin
   * copies to other ops naming this source, unless `broadcastToAdmins` is false (vanilla's allowLogging
   * argument; queries pass false). Call it as a method of the context that runs the command.
   */
  success(message: ComponentObject, broadcastToAdmins?: boolean): void;
  /** vanilla sendFailure: a red line to the player, whatever sendCommandFeedback says */
  fail(message: ComponentObject): void;
  /** a system chat line to any player, delivered unchanged */
  sendTo(player: FlyingSquidPlayer, message: ComponentObject | string): void;
}

export type CommandHandler = ((ctx: CommandContext) => Promise<void>) & {
  /** vanilla's permission level for the root node; default 2 (operators) */
  permission?: number;
};

/** A handler every player may run (vanilla `requires` nothing: list, me, msg). */
export const forEveryone = (handler: (ctx: CommandContext) => Promise<void>): CommandHandler =>
  Object.assign(handler, { permission: 0 });

/** Brigadier: another argument is required here. */
export function expectArgument(reader: StringReader): void {
  if (!reader.canRead()) throw reader.fail('command.unknown.command', [], reader.input.length);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
}

/** Brigadier: the command may end here; anything else is an unknown argument. */
export function expectEnd(reader: StringReader): void {
  if (!reader.canRead()) return endOfInput(reader);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  throw reader.fail('command.unknown.argument');
}

/** Reads an optional literal out of `choices`; undefined at the end of input. */
export function readOptionalLiteral<T extends string>(
  reader: StringReader,
  choices: readonly T[],
): T | undefined {
  if (!reader.canRead()) return undefined;
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  const start = reader.cursor;
  const word = reader.readUnquoted();
  if (!(choices as readonly string[]).includes(word)) {
    reader.cursor = start;
    throw reader.fail('command.unknown.argument');
  }
  return word as T;
}

// --- parse-only mode ---

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
