/**
 * Through the real pipeline (MCP client → execute_commands → mineflayer bot → embedded world → capture →
 * outcome): a command that prints its own lines on success (say, tellraw, execute … run say) and fails is
 * reported rejected_by_game with vanilla's key — never applied because something arrived — and the keys
 * vanilla throws outside the commands.|argument. families (slot.unknown with its context line,
 * clear.failed.single, entity.not_summonable) are rejections.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandResult } from '../../src/results/schema.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let companion: TestCompanion;

beforeAll(async () => {
  const safety = parseSafetyConfig(
    { allow: [...defaultSafetyConfig.allow, 'execute', 'say', 'tellraw', 'clear', 'item', 'summon'] },
    'printing-errors config',
  );
  companion = await startCompanion({ username: 'Printer', safety });
});

afterAll(async () => {
  await companion?.close();
});

const run = async (commands: string[]): Promise<CommandResult[]> =>
  // full results: a compact applied result leaves its key out
  (await companion.execute(commands, { resultDetail: 'full' })).results;

test('printing commands that fail are rejected with the key vanilla sends; their successes stay applied', async () => {
  const results = await run([
    'execute summon minecraft:player run say hi',
    'execute if block ~ ~ ~ minecraft:notablock run say hi',
    'tellraw @s {"text":"unclosed"',
    'say hi',
    'tellraw @s {"text":"printed","color":"red"}',
  ]);
  const rows = results.map((r) => [r.command, r.status, r.applied, r.detail?.key]);
  expect(rows).toEqual([
    ['execute summon minecraft:player run say hi', 'rejected_by_game', false, 'entity.not_summonable'],
    [
      'execute if block ~ ~ ~ minecraft:notablock run say hi',
      'rejected_by_game',
      false,
      'argument.block.id.invalid',
    ],
    [
      'tellraw @s {"text":"unclosed"',
      'rejected_by_game',
      false,
      expect.stringMatching(/^argument\.component\./),
    ],
    ['say hi', 'applied', true, undefined],
    ['tellraw @s {"text":"printed","color":"red"}', 'applied', true, undefined],
  ]);
  // the parse errors quote vanilla's context line in the summary
  expect(results[1]?.summary).toMatch(/<--\[HERE\]/);
});

test('keys outside the feedback families: slot.unknown (with its context line) and clear.failed.single are rejections', async () => {
  const [slot, clear] = await run([
    'item replace entity @s foo.bar with minecraft:stone',
    'clear @s minecraft:diamond',
  ]);
  expect(slot).toMatchObject({
    status: 'rejected_by_game',
    applied: false,
    detail: { key: 'slot.unknown', args: ['foo.bar'] },
  });
  expect(slot?.summary).toMatch(/^Unknown slot 'foo\.bar' in ".*<--\[HERE\]"$/);
  // the bot holds no diamond: nothing to clear, and the answer says nothing changed
  expect(clear).toMatchObject({
    status: 'rejected_by_game',
    applied: false,
    detail: { key: 'clear.failed.single', noChange: true },
  });
});
