/**
 * Every key vanilla throws as a CommandExceptionType outside the commands.|argument.|parsing.|
 * permissions. families, derived here from the decompiled sources of 1.21.4, 1.21.11, 26.1.2 and 26.3 (its assembled
 * tree: scripts/vanilla-corpus/tree-26.3.sh)
 * (scripts/vanilla-thrown.ts wrote them to fixtures/thrown-keys.json: `npm run thrown-keys`), is a failure of the command: a rule row names it, and a red line with
 * it is rejected even when the command prints its own lines (say, tellraw, execute … run say), with or
 * without the context line. A key vanilla gains outside the families and our rules do not know fails here.
 */
import { describe, expect, test } from 'vitest';
import { classifyOutcome, findRule } from '../../src/outcome/index.js';
import { here, line, red, t } from './messages.js';
import { CORPUS_VERSIONS } from './vanilla-shapes.js';
import fixture from './fixtures/thrown-keys.json' with { type: 'json' };

/** the minecraft-data en_us table for each tree (26.1.2 speaks protocol 26.1; 26.3 has none and borrows 26.1's) */
const LANGUAGE: Readonly<Record<(typeof CORPUS_VERSIONS)[number], string>> = {
  '1.21.4': '1.21.4',
  '1.21.11': '1.21.11',
  '26.1.2': '26.1',
  '26.3': '26.1',
};

/** commands whose success is a printed line: silence or content reads as applied for them */
const PRINTING = [
  'say hi',
  'tellraw @s "hi"',
  'execute if items entity @s foo.bar minecraft:stone run say hi',
  'execute summon minecraft:player run say hi',
];

describe.each(CORPUS_VERSIONS)('vanilla %s', (version) => {
  const outside: Array<{ key: string; files: string[] }> = fixture[version];

  test('the scan finds the thrown keys outside the feedback families (1.21.4: slot.*, clear.failed.*, entity.not_summonable)', () => {
    const keys = outside.map((k) => k.key);
    console.info(`[thrown keys ${version}] outside the feedback families: ${keys.join(' ')}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'entity.not_summonable',
        'slot.unknown',
        'slot.only_single_allowed',
        'clear.failed.single',
        'clear.failed.multiple',
      ]),
    );
    expect(outside.find((k) => k.key === 'slot.unknown')?.files).toEqual([
      'net/minecraft/commands/arguments/SlotArgument.java',
      'net/minecraft/commands/arguments/SlotsArgument.java',
    ]);
  });

  test('each has a rule row that calls it a rejection', () => {
    const wrong = outside
      .map((k) => ({ key: k.key, files: k.files, status: findRule(k.key)?.status }))
      .filter((k) => k.status !== 'rejected_by_game')
      .map((k) => `${k.key} (${k.files.join(', ')}): ${k.status ?? 'no rule row'}`);
    expect(wrong).toEqual([]);
  });

  test('each, sent red by a command that prints its own lines, is rejected — with or without the context line', () => {
    const wrong: string[] = [];
    for (const { key } of outside) {
      for (const command of PRINTING) {
        for (const withContext of [false, true]) {
          const messages = [line(red(t(key, 'foo.bar')))];
          if (withContext) messages.push(line(here(command, command.length - 4)));
          const out = classifyOutcome({
            command,
            messages,
            feedbackEnabled: true,
            version: LANGUAGE[version],
          });
          if (out.status !== 'rejected_by_game' || out.applied !== false || out.detail?.key !== key) {
            wrong.push(`${key} after \`${command}\`${withContext ? ' + context' : ''}: ${out.status}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
