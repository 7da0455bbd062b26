/**
 * `tellraw <targets> <json>`: delivers the component as system chat; no feedback (vanilla).
 * Follows net/minecraft/server/commands/TellRawCommand.java (1.21.4): targets are EntityArgument.players();
 * the JSON is decoded as network/chat/ComponentSerialization.java decodes it (arguments.ts decodeJsonComponent).
 */
import { readJsonComponent } from '../arguments.js';
import { type CommandContext, endOfParse, expectArgument } from '../context.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import type { StringReader } from '../reader.js';
import { findTargets, readEntityArgument, selectEntities } from '../selectors.js';

/**
 * `players()` targets as player objects, without the "not found" check (kept for commands written before
 * selectors.ts; new code uses readEntityArgument + selectEntities).
 */
export function readPlayerTargets(reader: StringReader, ctx: CommandContext): FlyingSquidPlayer[] {
  const selector = readEntityArgument(reader, { single: false, playersOnly: true }, ctx);
  return findTargets(ctx, selector).flatMap((t) => (t.player ? [t.player] : []));
}

export async function tellraw(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const selector = readEntityArgument(reader, { single: false, playersOnly: true }, ctx);
  expectArgument(reader);
  const message = readJsonComponent(reader);
  endOfParse(ctx);
  const targets = selectEntities(ctx, selector).flatMap((t) => (t.player ? [t.player] : []));
  // a list is decoded to its first element by now (decodeJsonComponent); a bare number is its text
  const component = typeof message === 'object' && !Array.isArray(message) ? message : String(message);
  for (const target of targets) ctx.sendTo(target, component);
}
