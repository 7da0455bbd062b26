/** A connected player's display name (Player.getDisplayName, via selectors.ts) and the command sender's. */
import type { ComponentObject } from '../../vocabulary/text/message.js';
import type { CommandContext } from './context.js';
import { entityStore } from './entities.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import { commandSource, displayName } from './selectors.js';

export const playerDisplayName = (ctx: CommandContext, player: FlyingSquidPlayer): ComponentObject =>
  displayName(entityStore(ctx.serv).playerTarget(player));

/** CommandSourceStack.getDisplayName: the executing entity (the player unless `execute as` changed it) */
export function sourceDisplayName(ctx: CommandContext): ComponentObject {
  const entity = commandSource(ctx).entity;
  return entity ? displayName(entity) : playerDisplayName(ctx, ctx.player);
}
