/**
 * The command tree the server sends the player (`declare_commands`, at login and again whenever the
 * player's permissions change). minecraft-protocol only reads it for chat signing and mineflayer does not
 * keep it, so this plugin does: it is the server's own list of commands and their arguments, for the
 * usage shown with a malformed command. Vanilla builds it per player in Commands.sendCommands
 * (/work/vanilla/1.21.4/net/minecraft/commands/Commands.java): commands the player may not use are absent.
 */
import type { Bot } from 'mineflayer';
import { type CommandNode, type DeclareCommandsPacket, fromPacket } from '../suggest/tree.js';

const trees = new WeakMap<Bot, CommandNode>();

/** Start keeping the bot's command tree; call right after createBot, before login completes. */
export function watchCommandTree(bot: Bot): void {
  bot._client.on('declare_commands', (packet: DeclareCommandsPacket) => {
    try {
      const root = fromPacket(packet);
      if (root) trees.set(bot, root);
    } catch {
      // a tree we cannot read leaves the previous one (or vanilla's) in use
    }
  });
}

/** The last tree the server sent, or undefined (servers such as flying-squid send none). */
export const commandTreeOf = (bot: Bot): CommandNode | undefined => trees.get(bot);
