/**
 * Messages of say, me and msg as vanilla 1.21.4 builds and sends them
 * (commands/arguments/MessageArgument.java, network/chat/OutgoingChatMessage.java, PlayerList.broadcastChatMessage).
 * A command that reached the server unsigned (`chat_command`, what offline clients and bots send) carries
 * a "system" PlayerChatMessage, so clients get it as disguised chat (`profileless_chat`): the content, the
 * chat type and the sender's display name, which the client formats with the chat type's translation key.
 */
import type { TextComponent } from '../../capture/message.js';
import type { CommandContext } from './context.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import { componentToNbt } from './nbt.js';
import { readPlayerTargets } from './commands/tellraw.js';
import { playerDisplayName } from './display.js';
import { CommandSyntaxError, StringReader } from './reader.js';

/** indexes in the minecraft:chat_type registry the embedded world sends at login (1.21.4 order) */
export const CHAT_TYPE = {
  chat: 0,
  emote_command: 1,
  msg_command_incoming: 2,
  msg_command_outgoing: 3,
  say_command: 4,
} as const;

/** Joins names like ComponentUtils.formatList: a gray ", " between them. */
export function joinNames(names: TextComponent[]): TextComponent {
  if (names.length === 0) return { text: '' };
  if (names.length === 1) return names[0]!;
  const extra: TextComponent[] = [];
  names.forEach((name, i) => {
    if (i > 0) extra.push({ text: ', ', color: 'gray' });
    extra.push(name);
  });
  return { text: '', extra };
}

/**
 * MessageArgument: the rest of the input (at most 256 characters); for operators every `@p @a @r @s @e @n`
 * selector in it becomes the names it finds. A `@` not followed by a selector type stays text.
 */
export function readMessage(ctx: CommandContext): TextComponent {
  const { reader } = ctx;
  const text = reader.remaining();
  if (text.length > 256) throw new CommandSyntaxError('argument.message.too_long', [text.length, 256]);
  const start = reader.cursor;
  reader.cursor = reader.input.length;
  if (!ctx.player.op) return text;
  const parts: TextComponent[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '@' || !'parsen'.includes(text[i + 1] ?? ' ')) continue;
    let end = i + 2;
    if (text[end] === '[') {
      const close = text.indexOf(']', end);
      if (close < 0) throw reader.fail('argument.entity.options.unterminated', [], start + text.length);
      end = close + 1;
    }
    const sub = new StringReader(text.slice(i, end));
    const found = readPlayerTargets(sub, ctx);
    if (i > last) parts.push(text.slice(last, i));
    parts.push(joinNames(found.map(playerDisplayName)));
    last = end;
    i = end - 1;
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

/** the sender's name as vanilla's CommandSourceStack.getDisplayName gives it for a player */
export const senderName = (ctx: CommandContext) => playerDisplayName(ctx.player);
