/**
 * `setworldspawn [pos [angle]]` as vanilla 1.21.4 (server/commands/SetWorldSpawnCommand.java,
 * commands/arguments/AngleArgument.java, BlockPosArgument.getSpawnablePos): commands.setworldspawn.success
 * [x, y, z, angle as a float]; every client gets spawn_position; players joining later spawn there.
 */
import type { BlockPos } from '../../../vocabulary/blocks/box.js';
import { readBlockPos } from '../arguments.js';
import { readFloat } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectEnd } from '../context.js';
import { FloatArg } from '../nbt.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';

/** Mth.wrapDegrees for floats */
export const wrapDegrees = (deg: number) => {
  let d = Math.fround(deg % 360);
  if (d >= 180) d -= 360;
  if (d < -180) d += 360;
  return Math.fround(d);
};

/** AngleArgument: `~` relative to the source's yaw, or an absolute float */
export function readAngle(reader: StringReader, yaw: number): number {
  if (!reader.canRead()) throw reader.fail('argument.angle.incomplete');
  const relative = reader.peek() === '~';
  if (relative) reader.skip();
  const value = reader.canRead() && reader.peek() !== ' ' ? readFloat(reader) : 0;
  return wrapDegrees(relative ? value + yaw : value);
}

const SPAWNABLE = 30_000_000;

/** BlockPosArgument.getSpawnablePos (Level.isInSpawnableBounds); thrown without a cursor (one red line) */
export function checkSpawnable(pos: BlockPos): void {
  const inside = (v: number, limit: number) => v >= -limit && v < limit;
  if (!inside(pos.y, 20_000_000) || !inside(pos.x, SPAWNABLE) || !inside(pos.z, SPAWNABLE))
    throw new CommandSyntaxError('argument.pos.outofbounds');
}

export async function setworldspawn(ctx: CommandContext): Promise<void> {
  const { reader, pose } = ctx;
  let pos: BlockPos = { x: Math.floor(pose.x), y: Math.floor(pose.y), z: Math.floor(pose.z) };
  let angle = 0;
  if (reader.canRead()) {
    if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
    reader.skip();
    pos = readBlockPos(reader, pose);
    if (reader.canRead()) {
      if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
      reader.skip();
      angle = readAngle(reader, pose.yaw);
    }
    expectEnd(reader);
    checkSpawnable(pos);
  }
  endOfParse(ctx);
  ctx.level.setSpawn(pos, angle);
  ctx.success(
    translate('commands.setworldspawn.success', [pos.x, pos.y, pos.z, new FloatArg(angle) as never]),
  );
}
