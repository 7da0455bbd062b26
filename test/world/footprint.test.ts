/**
 * What the embedded world process loads and how it reports its memory (the bench prints the amounts; tests
 * never assert them).
 */
import { describe, expect, test } from 'vitest';
import { WorldCrashedError } from '../../src/vocabulary/errors.js';
import { startWorld } from '../../src/world/index.js';
import { joinBot } from '../helpers/bot.js';

describe('embedded world footprint', () => {
  test('memory() answers with the world process own heap spaces and the packages it loaded', async () => {
    const world = await startWorld();
    try {
      const memory = await world.memory();
      expect(memory.heapUsed).toBeGreaterThan(0);
      expect(memory.heapUsed).toBeLessThanOrEqual(memory.heapTotal);
      expect(Object.keys(memory.spaces)).toEqual(expect.arrayContaining(['new_space', 'old_space']));
      // the world process runs the server; the test process never loads flying-squid
      expect(memory.packages).toEqual(expect.arrayContaining(['flying-squid', 'minecraft-protocol']));
    } finally {
      await world.stop();
    }
  });

  test('the world loads no client side of minecraft-protocol (its auth stack), and a bot still joins', async () => {
    const world = await startWorld({ ops: ['Lean'] });
    try {
      const bot = await joinBot(world.host, world.port, 'Lean');
      bot.bot.chat('/setblock ~ ~2 ~ minecraft:stone');
      await bot.waitForLine((l) => JSON.stringify(l.json).includes('commands.setblock.success'));
      await bot.quit();
      const { packages } = await world.memory();
      expect(packages).not.toContain('prismarine-auth');
      expect(packages).not.toContain('@azure/msal-node');
    } finally {
      await world.stop();
    }
  });

  test('memory() on a stopped world is a WorldCrashedError, not a hang', async () => {
    const world = await startWorld();
    await world.stop();
    await expect(world.memory()).rejects.toBeInstanceOf(WorldCrashedError);
  });
});
