/** What a parity command handler gets: the reader after its root literal, the player, and the world. */
import type { ComponentObject } from '../../vocabulary/text/message.js';
import type { SourcePose } from './arguments.js';
import type { BlockStates } from './block-states.js';
import type { Target } from './entities.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';
import type { Gamerules } from './gamerules.js';
import type { LevelState } from './level-state.js';
import { endOfInput } from './parse-only.js';
import type { StringReader } from './reader.js';
import type { WorldAccess } from './world-access.js';

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
