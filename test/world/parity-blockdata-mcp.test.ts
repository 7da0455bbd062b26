/**
 * Through the real MCP client and the embedded world: a chest filled with `item replace`, read with
 * `data get block`, a sign written with `data merge block`, and a block without a block entity — each
 * command gets the status its vanilla key gives (applied / rejected_by_game) and the English line.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;

beforeAll(async () => {
  const safety = parseSafetyConfig(
    { allow: ['setblock', 'data', 'item'], onRefusal: 'skip_command' },
    'block data test config',
  );
  c = await startCompanion({ username: 'Keeper', safety });
});
afterAll(async () => {
  await c?.close();
});

test('item replace, data get and data merge on block entities are applied with their keys; no block entity is rejected', async () => {
  // full results: every command's key and lines, not the compact answer
  const result = await c.execute(
    [
      'setblock ~2 ~ ~ minecraft:chest',
      'item replace block ~2 ~ ~ container.0 with minecraft:torch 4',
      'data get block ~2 ~ ~ Items[0].count',
      'setblock ~2 ~ ~2 minecraft:oak_sign',
      `data merge block ~2 ~ ~2 {front_text:{messages:['"Exit"','""','""','""']}}`,
      'data get block ~2 ~-1 ~',
    ],
    { resultDetail: 'full' },
  );
  const rows = result.results.map((r) => [r.status, r.detail?.key]);
  expect(rows).toEqual([
    ['applied', 'commands.setblock.success'],
    ['applied', 'commands.item.block.set.success'],
    ['applied', 'commands.data.block.query'],
    ['applied', 'commands.setblock.success'],
    ['applied', 'commands.data.block.modified'],
    ['rejected_by_game', 'commands.data.block.invalid'],
  ]);
  const [, replaced, read, , merged, invalid] = result.results;
  expect(replaced?.chatMessages.join('\n')).toMatch(/^Replaced a slot at -?\d+, -60, -?\d+ with \[Torch\]$/);
  expect(read?.chatMessages.join('\n')).toMatch(/has the following block data: 4$/);
  expect(merged?.chatMessages.join('\n')).toMatch(/^Modified block data of -?\d+, -60, -?\d+$/);
  expect(invalid?.chatMessages.join('\n')).toBe('The target block is not a block entity');
});
