/**
 * Player targets for the everyday commands (EntityArgument.players() in vanilla 1.21.4): a name or a
 * selector, read with the plugin's player selector reader. No player found → the thrown
 * argument.entity.notfound.player (one red line, no context), as EntityArgument.getPlayers does when the
 * command runs.
 */
import { readPlayerTargets } from './commands/tellraw.js';
import type { CommandContext } from './context.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import { CommandSyntaxError } from './reader.js';

/** Reads `targets` at the cursor (the caller moved past the separator); resolve() when the command runs. */
export function readPlayers(ctx: CommandContext): { resolve(): FlyingSquidPlayer[] } {
  const found = readPlayerTargets(ctx.reader, ctx);
  return {
    resolve() {
      if (found.length === 0) throw new CommandSyntaxError('argument.entity.notfound.player');
      return found;
    },
  };
}
