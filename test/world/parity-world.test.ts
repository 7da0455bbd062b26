/**
 * The embedded world is vanilla 1.21.4's default superflat: bedrock at y -64, dirt at -63/-62, grass block
 * at -61, players spawn standing at -60, and blocks can be placed from -64 to 319 (the overworld dimension).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['Flat'] });
  op = await joinBot(world.host, world.port, 'Flat');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });

test('the bot spawns standing on grass at y -60, above dirt, dirt and bedrock at -64', () => {
  const feet = op.bot.entity.position.floored();
  expect(feet.y).toBe(-60);
  const column = [-64, -63, -62, -61, -60].map((y) => op.bot.blockAt(feet.offset(0, y - feet.y, 0))?.name);
  expect(column).toEqual(['bedrock', 'dirt', 'dirt', 'grass_block', 'air']);
});

test('blocks can be set at the lowest and highest y of the 1.21.4 overworld, not beyond', async () => {
  const [low, high, below, above] = await runFenced(op, [
    'setblock ~ -64 ~ minecraft:stone',
    'setblock ~ 319 ~ minecraft:stone',
    'setblock ~ -65 ~ minecraft:stone',
    'setblock ~ 320 ~ minecraft:stone',
  ]);
  const feet = op.bot.entity.position.floored();
  expect(low).toEqual([{ translate: 'commands.setblock.success', with: [feet.x, -64, feet.z] }]);
  expect(high).toEqual([{ translate: 'commands.setblock.success', with: [feet.x, 319, feet.z] }]);
  expect(below).toEqual([red({ translate: 'argument.pos.outofworld' })]);
  expect(above).toEqual([red({ translate: 'argument.pos.outofworld' })]);
  expect(op.bot.blockAt(feet.offset(0, 319 - feet.y, 0))?.name).toBe('stone');
});
