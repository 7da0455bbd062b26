/**
 * Messages of say, me and msg as vanilla 1.21.4 builds and sends them
 * (commands/arguments/MessageArgument.java, network/chat/OutgoingChatMessage.java, PlayerList.broadcastChatMessage).
 * A command that reached the server unsigned (`chat_command`, what offline clients and bots send) carries
 * a "system" PlayerChatMessage, so clients get it as disguised chat (`profileless_chat`): the content, the
 * chat type and the sender's display name, which the client formats with the chat type's translation key.
 */
import type { TextComponent } from '../../vocabulary/text/message.js';
import type { CommandContext } from './context.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import { componentToNbt } from './nbt.js';
import { sourceDisplayName } from './display.js';
import { CommandSyntaxError, StringReader } from './reader.js';
import { findTargets, joinNames, readEntityArgument } from './selectors.js';

/** indexes in the minecraft:chat_type registry the embedded world sends at login (1.21.4 order) */
export const CHAT_TYPE = {
  chat: 0,
  emote_command: 1,
  msg_command_incoming: 2,
  msg_command_outgoing: 3,
  say_command: 4,
} as const;

/**
 * MessageArgument: the rest of the input (at most 256 characters); for operators every `@p @a @r @s @e @n`
 * selector in it becomes the names it finds. A `@` not followed by a selector type stays text.
 */
export function readMessage(ctx: CommandContext): TextComponent {
  const { reader } = ctx;
  const text = reader.remaining();
  if (text.length > 256) throw new CommandSyntaxError('argument.message.too_long', [text.length, 256]);
  const base = reader.cursor;
  reader.cursor = reader.input.length;
  if (!ctx.player.op) return text;
  const parts: TextComponent[] = [];
  let last = 0;
  const sub = new StringReader(reader.input);
  sub.cursor = base;
  while (sub.canRead()) {
    if (sub.peek() !== '@') {
      sub.skip();
      continue;
    }
    const at = sub.cursor;
    let selector;
    try {
      selector = readEntityArgument(sub, { single: false, playersOnly: false }, ctx);
    } catch (err) {
      const key = err instanceof CommandSyntaxError ? err.key : '';
      if (key !== 'argument.entity.selector.missing' && key !== 'argument.entity.selector.unknown') throw err;
      sub.cursor = at + 1;
      continue;
    }
    if (at - base > last) parts.push(text.slice(last, at - base));
    const found = findTargets(ctx, selector);
    parts.push(found.length === 0 ? { text: '' } : joinNames(found));
    last = sub.cursor - base;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  const [first, ...rest] = parts;
  // Message.toComponent: a literal of the text before the first selector, the rest appended
  return typeof first === 'string' ? { text: first, extra: rest } : { text: '', extra: parts };
}

/**
 * A component as vanilla writes it to the network: a plain literal (no style, no siblings) collapses to a
 * bare NBT string (ComponentSerialization), anything else is a compound.
 */
export function componentTag(content: TextComponent): object {
  const plain =
    typeof content === 'string'
      ? content
      : typeof content === 'object' &&
          !Array.isArray(content) &&
          typeof content.text === 'string' &&
          Object.keys(content).length === 1
        ? content.text
        : undefined;
  return plain === undefined ? componentToNbt(content) : { type: 'string', name: '', value: plain };
}

export function sendDisguisedChat(
  to: FlyingSquidPlayer,
  content: TextComponent,
  chatType: number,
  sender: TextComponent,
  target?: TextComponent,
): void {
  to._client.write('profileless_chat', {
    // a plain literal travels as a bare NBT string (ComponentSerialization collapses it)
    message:
      typeof content === 'string' ? { type: 'string', name: '', value: content } : componentToNbt(content),
    type: { chatType },
    name: componentToNbt(sender),
    target: target === undefined ? undefined : componentToNbt(target),
  });
}

/** the sender's name: CommandSourceStack.getDisplayName */
export const senderName = (ctx: CommandContext) => sourceDisplayName(ctx);
