/**
 * `spawnpoint [targets [pos [angle]]]` as vanilla 1.21.4 (server/commands/SetSpawnCommand.java): sets each
 * player's respawn point (flying-squid respawns them there); commands.spawnpoint.success.single|multiple
 * [x, y, z, angle (float), dimension, player name | count]. Vanilla sends the client nothing for this.
 */
import { createRequire } from 'node:module';
import type { BlockPos } from '../../../vocabulary/blocks/box.js';
import { readBlockPos } from '../arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { FloatArg } from '../nbt.js';
import { sourcePlayer } from '../selectors.js';
import { readPlayers } from '../targets.js';
import { checkSpawnable, readAngle } from './setworldspawn.js';

const require = createRequire(import.meta.url);
const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => BlockPos };

type SpawnPlayer = FlyingSquidPlayer & { spawnPoint: BlockPos };

export async function spawnpoint(ctx: CommandContext): Promise<void> {
  const { reader, pose } = ctx;
  let targets = (): FlyingSquidPlayer[] => [sourcePlayer(ctx).player!];
  let pos: BlockPos = { x: Math.floor(pose.x), y: Math.floor(pose.y), z: Math.floor(pose.z) };
  let angle = 0;
  if (reader.canRead()) {
    expectArgument(reader);
    const read = readPlayers(ctx);
    targets = () => read.resolve();
    if (reader.canRead()) {
      expectArgument(reader);
      pos = readBlockPos(reader, pose);
      if (reader.canRead()) {
        expectArgument(reader);
        angle = readAngle(reader, pose.yaw);
      }
      checkSpawnable(pos);
    }
    expectEnd(reader);
  }
  endOfParse(ctx);
  const players = targets();
  // flying-squid respawns a player at its spawnPoint (a Vec3)
  for (const p of players as SpawnPlayer[]) p.spawnPoint = new Vec3(pos.x, pos.y, pos.z);
  const [only] = players;
  const args = [pos.x, pos.y, pos.z, new FloatArg(angle), 'minecraft:overworld'] as never[];
  ctx.success(
    players.length === 1 && only
      ? translate('commands.spawnpoint.success.single', [...args, playerDisplayName(ctx, only)])
      : translate('commands.spawnpoint.success.multiple', [...args, players.length]),
  );
}
