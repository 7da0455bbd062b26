/** Starting, stopping and crashing embedded worlds, each in its own process. */
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { WorldStartError } from '../../src/vocabulary/errors.js';
import { startWorld } from '../../src/world/index.js';
import { joinBot } from '../helpers/bot.js';

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded world lifecycle', () => {
  test('two worlds run in parallel on different ports, each with its own blocks', async () => {
    const [a, b] = await Promise.all([startWorld({ ops: ['A'] }), startWorld({ ops: ['B'] })]);
    try {
      expect(a.port).not.toBe(b.port);
      expect(a.host).toBe('127.0.0.1');
      const [botA, botB] = await Promise.all([joinBot(a.host, a.port, 'A'), joinBot(b.host, b.port, 'B')]);
      botA.bot.chat('/setblock 3 10 3 minecraft:emerald_block');
      await botA.waitForLine((l) => JSON.stringify(l.json).includes('commands.setblock.success'));
      expect(botA.bot.blockAt(new (await import('vec3')).Vec3(3, 10, 3))?.name).toBe('emerald_block');
      expect(botB.bot.blockAt(new (await import('vec3')).Vec3(3, 10, 3))?.name).toBe('air');
      await Promise.all([botA.quit(), botB.quit()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  test('stop() ends the process and frees the port', async () => {
    const world = await startWorld();
    const { port, pid } = world;
    await world.stop();
    expect(world.running).toBe(false);
    expect(processAlive(pid)).toBe(false);
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((r) => probe.close(r));
  });

  test('a port in use is a WorldStartError that says so', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const err = await startWorld({ port }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorldStartError);
      expect((err as WorldStartError).code).toBe('EADDRINUSE');
      expect((err as Error).message).toContain(`port ${port}`);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  test('an unsupported version is refused with the supported range', async () => {
    const err = await startWorld({ version: '1.21.11' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorldStartError);
    expect((err as Error).message).toMatch(/1\.21\.4/);
  });

  test('a crash inside the world process is reported to the parent, which keeps running', async () => {
    const world = await startWorld();
    const crashed = new Promise<Error>((resolve) => world.once('crash', resolve));
    const exited = new Promise((resolve) => world.once('exit', resolve));
    world.simulateCrash();
    const err = await crashed;
    expect(err.message).toContain('simulated crash inside the world process');
    await exited;
    expect(world.running).toBe(false);
    await world.stop(); // no-op, must not throw
  });

  test('--op survives reconnects: the player is an operator every time it joins', async () => {
    const world = await startWorld({ ops: ['Again'] });
    try {
      for (let i = 0; i < 2; i++) {
        const bot = await joinBot(world.host, world.port, 'Again');
        bot.bot.chat('/gamerule sendCommandFeedback');
        const line = await bot.waitForLine((l) => JSON.stringify(l.json).includes('commands.gamerule.query'));
        expect(line.json).toMatchObject({ translate: 'commands.gamerule.query' });
        await bot.quit();
      }
    } finally {
      await world.stop();
    }
  });
});
