/**
 * `kill [<targets>]` as vanilla 1.21.4's net/minecraft/server/commands/KillCommand.java: EntityArgument
 * .entities(), `commands.kill.success.single` with the display name or `.multiple` with the count.
 * Summoned entities are removed for every client; a killed player gets health 0 (the client's death
 * screen) and vanilla's `death.attack.genericKill` message.
 */
import { type CommandContext, endOfParse, expectEnd } from '../context.js';
import { WorldEntity, entityStore } from '../entities.js';
import { despawnForClients } from '../entity-sync.js';
import { CommandSyntaxError } from '../reader.js';
import { type Target, commandSource, displayName, readEntityArgument, selectEntities } from '../selectors.js';
import { sendSystem } from '../dispatch.js';

function killOne(ctx: CommandContext, target: Target): void {
  if (target instanceof WorldEntity) {
    despawnForClients(target);
    entityStore(ctx.serv).remove(target);
    return;
  }
  const player = target.player;
  if (!player) return;
  (player as unknown as { updateHealth?(h: number): void }).updateHealth?.(0);
  const message = { translate: 'death.attack.genericKill', with: [displayName(target)] };
  for (const p of ctx.serv.players) sendSystem(p, message);
}

export async function kill(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  let targets: Target[];
  if (!reader.canRead()) {
    endOfParse(ctx);
    const self = commandSource(ctx).entity;
    if (!self) throw new CommandSyntaxError('permissions.requires.entity');
    targets = [self];
  } else {
    if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
    reader.skip();
    const selector = readEntityArgument(reader, { single: false, playersOnly: false }, ctx);
    expectEnd(reader);
    targets = selectEntities(ctx, selector);
  }
  for (const t of targets) killOne(ctx, t);
  ctx.success(
    targets.length === 1
      ? { translate: 'commands.kill.success.single', with: [displayName(targets[0]!)] }
      : { translate: 'commands.kill.success.multiple', with: [targets.length] },
  );
}
