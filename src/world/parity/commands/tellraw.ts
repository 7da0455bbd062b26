/** `tellraw <targets> <json>`: delivers the component unchanged as system chat; no feedback (vanilla). */
import type { ComponentObject } from '../../../capture/message.js';
import { readJsonComponent } from '../arguments.js';
import { type CommandContext, expectArgument } from '../context.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';

/** `@s`, `@p`, `@a`, `@r`, `@e` (players only here) with `[…]` arguments, or a player name. */
export function readPlayerTargets(reader: StringReader, ctx: CommandContext): FlyingSquidPlayer[] {
  const start = reader.cursor;
  let selector = reader.readUnquoted();
  if (selector.startsWith('@') && selector.includes('[') && !selector.endsWith(']')) {
    // a selector's arguments may contain spaces: read to the closing bracket
    reader.cursor = start;
    const close = reader.input.indexOf(']', start);
    if (close < 0) throw reader.fail('argument.entity.options.unterminated');
    reader.cursor = close + 1;
    selector = reader.input.slice(start, reader.cursor);
  }
  if (selector === '') throw reader.fail('argument.entity.invalid');
  if (selector.startsWith('@')) {
    const kind = selector[1];
    if (!kind || !'sparen'.includes(kind)) {
      reader.cursor = start;
      throw reader.fail('argument.entity.selector.unknown', [selector.slice(0, 2)]);
    }
    if (kind === 's') return [ctx.player];
    if (kind === 'p' || kind === 'n') return [ctx.player];
    if (kind === 'r') {
      const all = ctx.serv.players;
      const pick = all[Math.floor(Math.random() * all.length)];
      return pick ? [pick] : [];
    }
    return [...ctx.serv.players];
  }
  const player = ctx.serv.players.find((p) => p.username.toLowerCase() === selector.toLowerCase());
  return player ? [player] : [];
}

export async function tellraw(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const targets = readPlayerTargets(reader, ctx);
  expectArgument(reader);
  const message = readJsonComponent(reader);
  if (targets.length === 0) throw new CommandSyntaxError('argument.entity.notfound.player');
  const component: ComponentObject | string =
    typeof message === 'object' && !Array.isArray(message)
      ? message
      : typeof message === 'string'
        ? message
        : { text: '', extra: [message] };
  for (const target of targets) ctx.sendTo(target, component);
}
