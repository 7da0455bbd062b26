/**
 * The bot keeps no light (src/connection/no-light.ts): against the embedded world, which sends sky and block
 * light with every chunk as vanilla does, the bot's columns hold no light arrays, before and after a
 * light-emitting block is placed, and blocks still read back.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

interface ColumnWithLight {
  skyLightSections: unknown[];
  blockLightSections: unknown[];
}

let c: TestCompanion;
let channel: MineflayerChannel;

beforeAll(async () => {
  c = await startCompanion({ username: 'Dark' });
  channel = (await c.target.get()).channel as MineflayerChannel;
}, 120_000);

afterAll(async () => {
  await c?.close();
});

function lightArrays(): { columns: number; arrays: number } {
  const world = channel.bot.world as unknown as { getColumns(): Array<{ column: ColumnWithLight }> };
  const columns = world.getColumns().map((entry) => entry.column);
  const arrays = columns
    .flatMap((column) => [...column.skyLightSections, ...column.blockLightSections])
    .filter((section) => section !== null && section !== undefined).length;
  return { columns: columns.length, arrays };
}

test('the loaded columns hold no light arrays', () => {
  const { columns, arrays } = lightArrays();
  expect(columns).toBeGreaterThan(0);
  expect(arrays).toBe(0);
});

test('a glowstone placed near the bot reads back, and still no light is kept', async () => {
  const at = channel.bot.entity.position.floored().offset(2, 1, 0);
  const { results } = await c.execute([`setblock ${at.x} ${at.y} ${at.z} glowstone`]);
  expect(results[0]).toMatchObject({ status: 'applied' });
  expect(channel.bot.blockAt(at)?.name).toBe('glowstone');
  expect(lightArrays().arrays).toBe(0);
});
