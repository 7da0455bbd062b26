/**
 * Splitting the lines of a group cut short before its fence (splitGroupLines with complete=false): nothing
 * counts the lines any more, so each must be one its command can answer, or the split is refused. Lines are
 * vanilla 1.21.4's shapes (test/helpers/vanilla-lines.ts).
 */
import { describe, expect, test } from 'vitest';
import { splitGroupLines } from '../../src/capture/groups.js';
import type { CapturedMessage, TextComponent } from '../../src/vocabulary/text/message.js';
import { contextLine, parseError, red } from '../helpers/vanilla-lines.js';

const line = (component: unknown): CapturedMessage => ({
  component: component as TextComponent,
  text: '',
  overlay: false,
});
const placed = (x: number, y: number, z: number) =>
  line({ translate: 'commands.setblock.success', with: [x, y, z] });

const group = ['setblock 1 64 0 stone', 'setblock 2 64 0 stone', 'fill 0 64 0 3 64 3 glass'];

describe('a group cut short: the lines that came', () => {
  test.each([
    ['no line', [], [[], [], []]],
    ['the first success', [placed(1, 64, 0)], [[placed(1, 64, 0)], [], []]],
    ['two successes', [placed(1, 64, 0), placed(2, 64, 0)], [[placed(1, 64, 0)], [placed(2, 64, 0)], []]],
    [
      'a red failure (nothing changed)',
      [line(red({ translate: 'commands.setblock.failed' }))],
      [[line(red({ translate: 'commands.setblock.failed' }))], [], []],
    ],
    [
      "the fill's own success",
      [placed(1, 64, 0), placed(2, 64, 0), line({ translate: 'commands.fill.success', with: [16] })],
      [[placed(1, 64, 0)], [placed(2, 64, 0)], [line({ translate: 'commands.fill.success', with: [16] })]],
    ],
  ] as const)('%s: split to the first commands', (_, lines, expected) => {
    expect(splitGroupLines(group, lines, false)).toEqual(expected);
  });

  test("a parse error's line without its context line yet is the command's own", () => {
    const commands = ['setblock 1 64 0 stone', 'setblock 2 ~x 0 stone', 'setblock 3 64 0 stone'];
    const [error, context] = parseError(commands[1]!, 'argument.pos3d.incomplete', 11).map(line);
    expect(splitGroupLines(commands, [placed(1, 64, 0), error!], false)).toEqual([
      [placed(1, 64, 0)],
      [error],
      [],
    ]);
    expect(splitGroupLines(commands, [placed(1, 64, 0), error!, context!], false)).toEqual([
      [placed(1, 64, 0)],
      [error, context],
      [],
    ]);
  });

  test.each([
    ["another op's tellraw", [placed(1, 64, 0), line({ text: 'hello everyone' })]],
    ['a success naming other coordinates', [placed(2, 64, 0)]],
    ["another command's success key", [line({ translate: 'commands.fill.success', with: [1] })]],
    [
      'a line too many',
      [
        placed(1, 64, 0),
        placed(2, 64, 0),
        line({ translate: 'commands.fill.success', with: [1] }),
        placed(9, 9, 9),
      ],
    ],
    ['a context line first', [line(contextLine(group[0]!, 9))]],
    ['a context line naming another command', [placed(1, 64, 0), line(contextLine(group[1]!, 9))]],
  ] as const)('%s: refused, never guessed', (_, lines) => {
    expect(splitGroupLines(group, lines, false)).toBeUndefined();
  });

  test('relative coordinates cannot be checked against the success: its key is enough', () => {
    expect(
      splitGroupLines(['setblock ~1 ~ ~ stone', 'setblock ~2 ~ ~ stone'], [placed(7, 64, 3)], false),
    ).toEqual([[placed(7, 64, 3)], []]);
  });

  test('a lone setblock cut short must have the shape too; one closed by its fence takes every line', () => {
    const lone = ['setblock 1 64 0 stone'];
    expect(splitGroupLines(lone, [placed(1, 64, 0)], false)).toEqual([[placed(1, 64, 0)]]);
    expect(splitGroupLines(lone, [placed(1, 64, 0), placed(1, 64, 0)], false)).toBeUndefined();
    expect(splitGroupLines(lone, [line({ text: 'hello' })], false)).toBeUndefined();
    expect(splitGroupLines(lone, [line({ text: 'hello' })])).toEqual([[line({ text: 'hello' })]]);
  });
});
