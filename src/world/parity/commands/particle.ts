/**
 * `particle <name> [pos [delta speed count [force|normal [viewers]]]]` as vanilla 1.21.4
 * (server/commands/ParticleCommand.java, commands/arguments/ParticleArgument.java, ServerLevel.sendParticles):
 * a world_particles packet to each viewer within 32 blocks (512 with force) of the position;
 * commands.particle.success [id], or the thrown commands.particle.failed when nobody is close enough.
 * Particles that need options (dust, block, item, …) are refused with particle.invalidOptions.
 */
import { createRequire } from 'node:module';
import { readResourceLocation } from '../brigadier.js';
import { readBoundedInt } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import type { Vec } from '../entities.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { CommandSyntaxError } from '../reader.js';
import { readPlayers } from '../targets.js';
import { readVec3 } from '../vec3-argument.js';
import { readBoundedFloat } from './playsound.js';

const require = createRequire(import.meta.url);

/** particle types whose network form carries options (minecraft-data's Particle switch) */
function particleTypes(version: string): { names: Set<string>; withOptions: Set<string> } {
  const data = require('minecraft-data')(version) as {
    particlesByName: Record<string, unknown>;
    protocol: {
      types: { Particle: [string, Array<{ type: [string, { fields: Record<string, unknown> }] }>] };
    };
  };
  const fields = data.protocol.types.Particle[1][1]?.type[1].fields ?? {};
  return { names: new Set(Object.keys(data.particlesByName)), withOptions: new Set(Object.keys(fields)) };
}

export async function particle(ctx: CommandContext): Promise<void> {
  const { reader, pose, level } = ctx;
  expectArgument(reader);
  const id = readResourceLocation(reader);
  const { names, withOptions } = particleTypes(level.version);
  const name = id.startsWith('minecraft:') ? id.slice(10) : '';
  if (!names.has(name)) throw reader.fail('particle.notFound', [id]);
  if (withOptions.has(name))
    throw new CommandSyntaxError('particle.invalidOptions', [
      `the embedded world cannot send ${id} (it takes options)`,
    ]);
  let pos: Vec = { x: pose.x, y: pose.y, z: pose.z };
  let delta: Vec = { x: 0, y: 0, z: 0 };
  let speed = 0;
  let count = 0;
  let force = false;
  let viewers = (): FlyingSquidPlayer[] => [...ctx.serv.players];
  if (reader.canRead()) {
    expectArgument(reader);
    pos = readVec3(reader, pose);
    if (reader.canRead()) {
      expectArgument(reader);
      delta = readVec3(reader, pose, false);
      expectArgument(reader);
      speed = readBoundedFloat(reader, 0);
      expectArgument(reader);
      count = readBoundedInt(reader, 0, 2 ** 31 - 1);
      if (reader.canRead()) {
        expectArgument(reader);
        const start = reader.cursor;
        const mode = reader.readUnquoted();
        if (mode !== 'force' && mode !== 'normal') {
          reader.cursor = start;
          throw reader.fail('command.unknown.argument');
        }
        force = mode === 'force';
        if (reader.canRead()) {
          expectArgument(reader);
          const read = readPlayers(ctx);
          viewers = () => read.resolve();
        }
      }
    }
  }
  expectEnd(reader);
  const limit = force ? 512 : 32;
  let shown = 0;
  for (const p of viewers()) {
    // BlockPos.closerToCenterThan: from the centre of the block the player stands in
    const c = {
      x: Math.floor(p.position.x) + 0.5,
      y: Math.floor(p.position.y) + 0.5,
      z: Math.floor(p.position.z) + 0.5,
    };
    if ((c.x - pos.x) ** 2 + (c.y - pos.y) ** 2 + (c.z - pos.z) ** 2 >= limit * limit) continue;
    p._client.write('world_particles', {
      longDistance: force,
      alwaysShow: false,
      ...pos,
      offsetX: delta.x,
      offsetY: delta.y,
      offsetZ: delta.z,
      velocityOffset: speed,
      amount: count,
      particle: { type: name },
    });
    shown++;
  }
  if (shown === 0) throw new CommandSyntaxError('commands.particle.failed');
  ctx.success(translate('commands.particle.success', [id]));
}
