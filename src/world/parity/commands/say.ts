/**
 * `say <message>` and `me <action>` as vanilla 1.21.4 (server/commands/SayCommand.java, EmoteCommands.java):
 * no feedback line; every player gets the message as chat of type say_command / emote_command, which
 * clients show as `[Name] message` / `* Name action`. say needs an operator; me is for everyone.
 */
import { CHAT_TYPE, readMessage, sendDisguisedChat, senderName } from '../chat-message.js';
import { type CommandContext, endOfParse, expectArgument, forEveryone } from '../context.js';

function broadcast(ctx: CommandContext, chatType: number): void {
  expectArgument(ctx.reader);
  const content = readMessage(ctx);
  endOfParse(ctx);
  const name = senderName(ctx);
  for (const player of ctx.serv.players) sendDisguisedChat(player, content, chatType, name);
}

export async function say(ctx: CommandContext): Promise<void> {
  broadcast(ctx, CHAT_TYPE.say_command);
}

export const me = forEveryone(async (ctx: CommandContext) => broadcast(ctx, CHAT_TYPE.emote_command));
