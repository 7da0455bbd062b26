/** Parse and dispatch errors (the red line plus its context line), permissions and internal errors → status. */
import { classifyRows, here, line, red, type Row, t } from './messages.js';

const rows: Row[] = [
  [
    'parse error pair: unknown command + context line',
    {
      command: 'setblok 1 2 3 stone',
      messages: [line(red(t('command.unknown.command'))), line(here('setblok 1 2 3 stone', 0))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'command.unknown.command' },
      summary: /^Unknown or incomplete command.*<--\[HERE\] in "setblok 1 2 3 stone<--\[HERE\]"$/,
    },
  ],
  [
    'parse error pair: unknown block id',
    {
      command: 'setblock 1 2 3 stonee',
      messages: [
        line(red(t('argument.block.id.invalid', 'minecraft:stonee'))),
        line(here('setblock 1 2 3 stonee', 21)),
      ],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'argument.block.id.invalid', args: ['minecraft:stonee'] },
      summary: /Unknown block type 'minecraft:stonee'/,
    },
  ],
  [
    'parse error pair: trailing data',
    {
      command: 'setblock 1 2 3 stone x',
      messages: [line(red(t('command.expected.separator'))), line(here('setblock 1 2 3 stone x', 20))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'command.expected.separator' } },
  ],
  [
    'parsing.int.invalid',
    {
      command: 'setblock a 2 3 stone',
      messages: [line(red(t('parsing.int.invalid', 'a'))), line(here('setblock a 2 3 stone', 9))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'parsing.int.invalid', args: ['a'] } },
  ],
  [
    'unloaded position',
    { command: 'setblock 9999 64 9999 stone', messages: [line(red(t('argument.pos.unloaded')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'argument.pos.unloaded' } },
  ],
  [
    'command.failed → execution_error (nobody can tell what applied)',
    {
      command: 'fill 0 0 0 1 1 1 stone',
      messages: [
        line(
          red({
            translate: 'command.failed',
            hoverEvent: { action: 'show_text', contents: 'java.lang.NullPointerException' },
          }),
        ),
      ],
    },
    {
      status: 'execution_error',
      applied: null,
      detail: { key: 'command.failed' },
      summary: /internal error/,
    },
  ],
  [
    'permissions.requires.player',
    { command: 'tp ~ ~1 ~', messages: [line(red(t('permissions.requires.player')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'permissions.requires.player' } },
  ],
  [
    'lack of permission looks like unknown command',
    { command: 'op Steve', messages: [line(red(t('command.unknown.command'))), line(here('op Steve', 0))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'command.unknown.command' } },
  ],
];

classifyRows('classifyOutcome: parse errors', rows);
