/**
 * `msg|tell|w <targets> <message>` as vanilla 1.21.4 (server/commands/MsgCommand.java): for each target the
 * sender gets msg_command_outgoing chat naming the target ("You whisper to T: …") and the target gets
 * msg_command_incoming ("S whispers to you: …"); no feedback line. No player found is
 * argument.entity.notfound.player. Any player may whisper.
 */
import { CHAT_TYPE, readMessage, sendDisguisedChat, senderName } from '../chat-message.js';
import { type CommandContext, endOfParse, expectArgument, forEveryone } from '../context.js';
import { playerDisplayName } from '../display.js';
import { readPlayers } from '../targets.js';

export const msg = forEveryone(async (ctx: CommandContext) => {
  const { reader } = ctx;
  expectArgument(reader);
  const read = readPlayers(ctx);
  expectArgument(reader);
  const content = readMessage(ctx);
  endOfParse(ctx);
  const targets = read.resolve();
  const name = senderName(ctx);
  for (const target of targets) {
    const targetName = playerDisplayName(ctx, target);
    sendDisguisedChat(ctx.player, content, CHAT_TYPE.msg_command_outgoing, name, targetName);
    sendDisguisedChat(target, content, CHAT_TYPE.msg_command_incoming, name);
  }
});
