/**
 * Player targets for the everyday commands: EntityArgument.players() read with selectors.ts, resolved when
 * the command runs (no player → argument.entity.notfound.player, one red line), as vanilla 1.21.4's
 * EntityArgument.getPlayers does.
 */
import type { CommandContext } from './context.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import { readEntityArgument, selectEntities } from './selectors.js';

/** Reads `targets` at the cursor (the caller moved past the separator); resolve() when the command runs. */
export function readPlayers(ctx: CommandContext): { resolve(): FlyingSquidPlayer[] } {
  const selector = readEntityArgument(ctx.reader, { single: false, playersOnly: true }, ctx);
  return {
    resolve: () => selectEntities(ctx, selector).flatMap((t) => (t.player ? [t.player] : [])),
  };
}
