/**
 * One rule for control and invisible characters: refused anywhere in a command, never trimmed off and
 * reported as if the command ran as written. Only spaces at the ends (and the leading slash) are dropped, as
 * vanilla's chat screen drops them from what a player types.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { commandAsSent } from '../../src/safety/characters.js';
import { checkBatch } from '../../src/safety/check.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

const ALTERED: Array<[string, (at: string) => string, string]> = [
  ['a trailing line feed', (c) => `${c}\n`, '000a'],
  ['a leading line feed', (c) => `\n${c}`, '000a'],
  ['a trailing carriage return', (c) => `${c}\r`, '000d'],
  ['a leading tab', (c) => `\t${c}`, '0009'],
  ['a trailing byte order mark (U+FEFF)', (c) => `${c}\uFEFF`, 'feff'],
  ['a zero-width space inside', (c) => c.replace(' ', ' \u200B'), '200b'],
  ['a line separator (U+2028) at the end', (c) => `${c}\u2028`, '2028'],
  ['a C1 control (U+0085) at the end', (c) => `${c}\u0085`, '0085'],
  ['a lone surrogate at the end', (c) => `${c}\uD800`, 'd800'],
];

describe('the rule, as the batch path applies it', () => {
  test.each(ALTERED)('%s is refused, naming the character', (_, alter, code) => {
    const text = commandAsSent(alter('setblock 1 64 1 minecraft:stone'));
    const v = checkBatch([text], { config: defaultSafetyConfig, validateSafety: true, version: '1.21.4' })
      .verdicts[0]!;
    expect(v.allowed).toBe(false);
    expect(v.rule).toBe('illegal_characters');
    expect(v.summary).toContain(`U+${code.toUpperCase()}`);
  });

  test('spaces at the ends and one leading slash are what vanilla drops too: the same command', () => {
    expect(commandAsSent('  /setblock 1 64 1 stone  ')).toBe('setblock 1 64 1 stone');
    expect(commandAsSent('//setblock 1 64 1 stone')).toBe('/setblock 1 64 1 stone');
  });
});

describe('through execute_commands on the embedded world', () => {
  let c: TestCompanion;
  let o: { x: number; y: number; z: number };
  beforeAll(async () => {
    c = await startCompanion({ username: 'Chars' });
    const p = (await c.target.get()).channel.executorPosition()!;
    o = { x: Math.floor(p.x) + 2, y: Math.floor(p.y) + 3, z: Math.floor(p.z) + 2 };
  });
  afterAll(async () => {
    await c?.close();
  });

  test('no altered command is sent or reported applied, and the world is left as it was', async () => {
    const cmd = `setblock ${o.x} ${o.y} ${o.z} minecraft:stone`;
    const batch = await c.execute(ALTERED.map(([, alter]) => alter(cmd)));
    for (const r of batch.results) {
      expect(r.status, JSON.stringify(r.command)).toBe('rejected_by_safety');
      expect(r.accepted).toBe(false);
      expect(r.applied).toBe(false);
      expect(r.summary).toMatch(/refused by safety rule illegal_characters: character U\+[0-9A-F]{4}/);
    }
    const area = await c.call('get_blocks_in_area', { from: o, to: o, includeAir: true });
    expect(JSON.stringify(area.structuredContent)).not.toContain('minecraft:stone');
  });
});
