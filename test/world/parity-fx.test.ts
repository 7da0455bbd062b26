/**
 * particle, playsound and spawnpoint answer like vanilla 1.21.4 (server/commands/ParticleCommand.java,
 * PlaySoundCommand.java, SetSpawnCommand.java); a real mineflayer bot receives the particle and sound packets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;
const particles: Array<Record<string, unknown>> = [];
const sounds: Array<Record<string, unknown>> = [];

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
const me = expect.objectContaining({ text: 'Effects', insertion: 'Effects' });

beforeAll(async () => {
  world = await startWorld({ ops: ['Effects'] });
  op = await joinBot(world.host, world.port, 'Effects');
  const client = op.bot._client as unknown as NodeJS.EventEmitter;
  client.on('world_particles', (p: Record<string, unknown>) => particles.push(p));
  client.on('sound_effect', (p: Record<string, unknown>) => sounds.push(p));
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('particle', () => {
  test('success names the particle; the bot gets the packet at the position (whole x/z centred)', async () => {
    const feet = op.bot.entity.position.floored();
    const [lines] = await runFenced(op, [
      `particle minecraft:flame ${feet.x} ~1 ${feet.z} 0.5 0 0.5 0.1 20 force`,
    ]);
    expect(lines).toEqual([{ translate: 'commands.particle.success', with: ['minecraft:flame'] }]);
    expect(particles.at(-1)).toMatchObject({
      x: feet.x + 0.5,
      z: feet.z + 0.5,
      amount: 20,
      longDistance: true,
      particle: { type: 'flame' },
    });
  });

  test('too far for everybody is commands.particle.failed; unknown name is particle.notFound', async () => {
    const [far, unknown, options, speed] = await runFenced(op, [
      'particle flame ~100 ~ ~',
      'particle minecraft:sparkles',
      'particle minecraft:dust',
      'particle flame ~ ~ ~ 0 0 0 -1 5',
    ]);
    expect(far).toEqual([red({ translate: 'commands.particle.failed' })]);
    expect(unknown[0]).toEqual(red({ translate: 'particle.notFound', with: ['minecraft:sparkles'] }));
    expect(unknown).toHaveLength(2);
    expect((options[0] as { extra: Array<{ translate: string }> }).extra[0]!.translate).toBe(
      'particle.invalidOptions',
    );
    expect(speed[0]).toEqual(red({ translate: 'argument.float.low', with: [0, -1] }));
  });
});

describe('playsound', () => {
  test('the bot hears it; feedback names sound and player; out of range is commands.playsound.failed', async () => {
    const before = sounds.length;
    const [near, far, minVolume, source] = await runFenced(op, [
      'playsound minecraft:block.note_block.bell master @s',
      'playsound minecraft:block.note_block.bell master @s ~40 ~ ~',
      'playsound minecraft:block.note_block.bell master @s ~40 ~ ~ 1 1 0.5',
      'playsound minecraft:block.note_block.bell loud',
    ]);
    expect(near).toEqual([
      // strings in a mixed argument list arrive `{"": …}`-wrapped (heterogeneous NBT list)
      {
        translate: 'commands.playsound.success.single',
        with: [{ '': 'minecraft:block.note_block.bell' }, me],
      },
    ]);
    expect(far).toEqual([red({ translate: 'commands.playsound.failed' })]);
    expect(minVolume).toHaveLength(1);
    expect(source[0]).toEqual(red({ translate: 'command.unknown.argument' }));
    // flying-squid plays registry sounds of its own (by soundId); ours are named inline
    const heard = sounds.slice(before).filter((p) => (p['sound'] as { data?: unknown }).data);
    expect(heard).toHaveLength(2);
    expect(heard[0]).toMatchObject({
      sound: { data: { soundName: 'minecraft:block.note_block.bell' } },
      soundCategory: 'master',
    });
    // played 2 blocks away at minVolume
    expect(heard[1]).toMatchObject({ volume: 0.5 });
  });
});

describe('spawnpoint', () => {
  test('success with x y z, angle, dimension and player; an angle is a float; feedback off hides it', async () => {
    const feet = op.bot.entity.position.floored();
    const [self, all, , quiet] = await runFenced(op, [
      'spawnpoint',
      `spawnpoint @a ${feet.x} ${feet.y + 1} ${feet.z} 45`,
      'gamerule sendCommandFeedback false',
      'spawnpoint @s ~ ~ ~',
      'gamerule sendCommandFeedback true',
    ]);
    expect(self).toEqual([
      {
        translate: 'commands.spawnpoint.success.single',
        with: [
          { text: feet.x },
          { text: feet.y },
          { text: feet.z },
          { text: 0 },
          { '': 'minecraft:overworld' },
          me,
        ],
      },
    ]);
    expect((all[0] as { translate: string }).translate).toBe('commands.spawnpoint.success.single');
    expect((all[0] as { with: unknown[] }).with.slice(3)).toEqual([
      { text: 45 },
      { '': 'minecraft:overworld' },
      me,
    ]);
    expect(quiet).toEqual([]);
  });

  test('incomplete position and out of bounds', async () => {
    const [incomplete, bounds] = await runFenced(op, ['spawnpoint @s 1 2', 'spawnpoint @s 0 20000000 0']);
    expect(incomplete[0]).toEqual(red({ translate: 'argument.pos3d.incomplete' }));
    expect(bounds).toEqual([red({ translate: 'argument.pos.outofbounds' })]);
  });
});
