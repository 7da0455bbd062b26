/** Keys no rule names (the wrapper decides), red successes, several lines (the most severe wins), overlays. */
import { classifyRows, line, red, type Row, t } from './messages.js';

const rows: Row[] = [
  [
    'red-wrapped unknown key → rejected',
    { command: 'mod thing', messages: [line(red(t('mod.some.error')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'mod.some.error' } },
  ],
  [
    'bare unknown key → applied',
    { command: 'mod thing', messages: [line(t('mod.some.message', 'x'))] },
    { status: 'applied', applied: true, detail: { key: 'mod.some.message', args: ['x'] } },
  ],
  [
    'red-at-root style (no empty wrapper) still counts as failure',
    { command: 'mod thing', messages: [line({ translate: 'mod.other', color: 'red' })] },
    { status: 'rejected_by_game', applied: false },
  ],
  [
    'a success key sent in red is a rejection (failure evidence wins)',
    { command: 'fill 0 0 0 1 1 1 stone', messages: [line(red(t('commands.fill.success', 8)))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.fill.success' } },
  ],
  [
    'most severe line wins: success then command.failed',
    {
      command: 'function a:b',
      messages: [line(t('commands.fill.success', 8)), line(red(t('command.failed')))],
    },
    { status: 'execution_error', applied: null, detail: { key: 'command.failed' } },
  ],
  [
    'most severe line wins: success and rejection',
    {
      command: 'x',
      messages: [line(t('commands.setblock.success', 1, 2, 3)), line(red(t('commands.setblock.failed')))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
    },
  ],
  [
    'overlay lines never decide',
    {
      command: 'setblock 1 2 3 stone',
      messages: [
        { ...line(red(t('commands.setblock.failed'))), overlay: true },
        line(t('commands.setblock.success', 1, 2, 3)),
      ],
    },
    { status: 'applied', applied: true },
  ],
];

classifyRows('classifyOutcome: wrappers and several lines', rows);
