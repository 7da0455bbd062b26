/** Silence (applied only where vanilla is silent on success) and commands that print their own lines. */
import { describe, expect, test } from 'vitest';
import { silenceOf } from '../../src/outcome/index.js';
import { classifyRows, here, line, red, type Row, t } from './messages.js';

const rows: Row[] = [
  [
    'no message, feedback on → unknown',
    { command: 'setblock 1 2 3 stone', messages: [] },
    { status: 'unknown', applied: null, summary: /No reply/ },
  ],
  [
    'no message, feedback off → applied (inferred)',
    { command: 'setblock 1 2 3 stone', messages: [], feedbackEnabled: false },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'tellraw silent by design',
    { command: 'tellraw @a "hi"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'say silent by design',
    { command: 'say hello', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'msg / tell / w silent by design',
    { command: 'w Steve hi', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'teammsg alias tm silent by design',
    { command: '/tm hi', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'namespaced minecraft:tellraw silent by design',
    { command: 'minecraft:tellraw @s "hi"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'execute positioned … run tellraw: errors still show → inferred',
    { command: 'execute positioned 0 64 0 run tellraw @a "x"', messages: [] },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'execute as … run tellraw: silence proves nothing',
    { command: 'execute as @a run tellraw @s "x"', messages: [] },
    { status: 'unknown', applied: null },
  ],
  [
    'execute as … run setblock, feedback off: silence proves nothing',
    { command: 'execute as @a at @s run setblock ~ ~ ~ stone', messages: [], feedbackEnabled: false },
    { status: 'unknown', applied: null },
  ],
  [
    'execute if … run setblock: silence proves nothing',
    { command: 'execute if block 0 0 0 air run setblock 0 0 0 stone', messages: [] },
    { status: 'unknown', applied: null },
  ],
  [
    'execute in … run setblock, feedback off → inferred',
    {
      command: 'execute in minecraft:overworld run setblock 0 0 0 stone',
      messages: [],
      feedbackEnabled: false,
    },
    { status: 'applied', applied: true, detail: { inferred: true } },
  ],
  [
    'tellraw that printed a red line is still done',
    {
      command: 'tellraw @s {"text":"warning","color":"red"}',
      messages: [line({ text: 'warning', color: 'red' })],
    },
    { status: 'applied', applied: true, summary: /printed "warning"/ },
  ],
  [
    'tellraw with a JSON parse error is rejected',
    {
      command: 'tellraw @s {bad',
      messages: [line(red(t('argument.component.invalid', 'x'))), line(here('tellraw @s {bad', 11))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'argument.component.invalid' } },
  ],
  [
    'execute summon of an unsummonable type before a silent command is rejected, not printed content',
    {
      command: 'execute summon minecraft:player run say x',
      messages: [line(red(t('entity.not_summonable', 'minecraft:player')))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'entity.not_summonable' } },
  ],
];

classifyRows('classifyOutcome: silence and printed lines', rows);

describe('silenceOf', () => {
  test.each([
    ['tellraw @a {"text":"a b"}', 'tellraw', true, false],
    ['execute as @a run say hi', 'say', true, true],
    ['execute positioned as @s run setblock ~ ~ ~ stone', 'setblock', false, true],
    ['execute positioned 1 2 3 run execute in minecraft:the_nether run me waves', 'me', true, false],
    ['execute if data storage a:b {x:"run as"} run msg Steve hi', 'msg', true, true],
    ['execute if block 0 0 0 stone', 'execute', false, false],
  ])('%s', (command, name, silent, hidden) => {
    expect(silenceOf(command)).toEqual({ name, silentByDesign: silent, failureMayBeHidden: hidden });
  });
});
