/**
 * Errors that say how to fix them, through the real MCP client and the embedded world: every kind of
 * slip gets a "did you mean", the block's valid states, or the command's usage — in the summary (which
 * the text shows) and in detail.suggestion.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandResult } from '../../src/results/schema.js';
import { parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;

beforeAll(async () => {
  // `setblok` is let through so that the game itself answers it; every refusal skips only its command
  const safety = parseSafetyConfig(
    { allow: ['setblock', 'fill', 'give', 'summon', 'setblok'], onRefusal: 'skip_command' },
    'suggestion test config',
  );
  c = await startCompanion({ username: 'Speller', safety });
});
afterAll(async () => {
  await c?.close();
});

const slips: Array<[kind: string, command: string, suggestion: string]> = [
  ['block id (plural slip)', 'setblock ~2 ~ ~2 spruce_plank', 'did you mean spruce_planks?'],
  ['block id (typo)', 'setblock ~2 ~ ~2 minecraft:glowstne', 'did you mean glowstone?'],
  ['item id', 'give @s diamon 1', 'did you mean diamond?'],
  ['entity id', 'summon zombi ~3 ~ ~3', 'did you mean zombie?'],
  ['command name (sent, refused by the game)', 'setblok ~ ~ ~ stone', 'did you mean setblock?'],
  ['command name (refused by the policy)', 'fil ~1 ~ ~1 ~2 ~ ~2 stone', 'did you mean fill'],
  ['state value', 'setblock ~2 ~1 ~2 oak_door[facing=up]', 'facing takes north, south, west, east'],
  [
    'state name',
    'setblock ~2 ~1 ~2 oak_door[facng=north]',
    'did you mean facing? oak_door has the states facing, half, hinge, open, powered',
  ],
  ['incomplete arguments', 'setblock ~ ~', 'usage: setblock <pos> <block> [destroy|keep|replace]'],
  ['missing arguments', 'fill', 'usage: fill <from> <to> <block>'],
];

test.each(slips)('%s: `%s` is answered with a fix', async (_kind, command, suggestion) => {
  const result = await c.call('execute_commands', { commands: [command] });
  const r = (result.structuredContent as { results: CommandResult[] }).results[0]!;
  expect(r.status).not.toBe('applied');
  expect(r.detail?.suggestion).toContain(suggestion);
  // once: the game's refusals get theirs while the batch runs, the rest after it; never both
  expect(r.summary.split(suggestion).length - 1).toBe(1);
  const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
  expect(text).toContain(suggestion);
});

test('a correct command gets no suggestion, and nonsense gets no guess', async () => {
  const batch = await c.execute(['setblock ~2 ~ ~2 spruce_planks', 'setblock ~2 ~ ~3 qqqqqqqqqqqq']);
  expect(batch.results[0]!.status).toBe('applied');
  expect(batch.results[0]!.detail?.suggestion).toBeUndefined();
  expect(batch.results[1]!.detail?.suggestion).toBe(
    "there is no block 'qqqqqqqqqqqq' and no id is close; check the name",
  );
});

test('the usage comes from the command tree the server sent the bot, when it sent one', async () => {
  // flying-squid sends no declare_commands; hand the bot's client the packet a server would send
  const channel = (await c.target.get()).channel as unknown as {
    bot: { _client: { emit(event: string, packet: unknown): void } };
  };
  const { usagePacket } = await import('./usage-packet.js');
  channel.bot._client.emit('declare_commands', usagePacket);
  const batch = await c.execute(['setblock ~ ~']);
  expect(batch.results[0]!.detail?.suggestion).toBe('usage: setblock <pos> <block> [keep]');
});
