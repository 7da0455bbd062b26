/** A command's own successes and failures (sendSuccess, sendFailure, thrown exception types) → status. */
import type { TextComponent } from '../../src/vocabulary/text/message.js';
import { classifyRows, line, red, type Row, t } from './messages.js';

const rows: Row[] = [
  [
    'fill success, numeric arg',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(t('commands.fill.success', 27))] },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.fill.success', args: ['27'] },
      summary: /^Successfully filled 27 block\(s\)$/,
    },
  ],
  [
    'fill success, NBT-wrapped {"":27} arg',
    {
      command: 'fill 0 64 0 2 66 2 stone',
      messages: [line(t('commands.fill.success', { '': 27 } as TextComponent))],
    },
    { status: 'applied', applied: true, detail: { key: 'commands.fill.success', args: ['27'] } },
  ],
  [
    'fill success, string arg',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(t('commands.fill.success', '27'))] },
    { status: 'applied', applied: true, detail: { args: ['27'] } },
  ],
  [
    'setblock success, component args',
    {
      command: 'setblock 1 2 3 stone',
      messages: [line(t('commands.setblock.success', { text: '1' }, { '': 2 } as TextComponent, 3))],
    },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.setblock.success', args: ['1', '2', '3'] },
      summary: /Changed the block at 1, 2, 3/,
    },
  ],
  [
    'clone success',
    { command: 'clone 0 0 0 1 1 1 5 5 5', messages: [line(t('commands.clone.success', 8))] },
    { status: 'applied', applied: true, detail: { key: 'commands.clone.success' } },
  ],
  [
    'gamerule query is applied (read-only)',
    {
      command: 'gamerule doDaylightCycle',
      messages: [line(t('commands.gamerule.query', 'doDaylightCycle', 'true'))],
    },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'commands.gamerule.query', args: ['doDaylightCycle', 'true'] },
    },
  ],
  [
    'fill failed → nothing changed',
    { command: 'fill 0 64 0 2 66 2 stone', messages: [line(red(t('commands.fill.failed')))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.fill.failed', noChange: true },
      summary: /^Nothing changed/,
    },
  ],
  [
    'setblock failed → the block is already there',
    { command: 'setblock 1 2 3 stone', messages: [line(red(t('commands.setblock.failed')))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
      summary: /^Nothing changed: the block is already there$/,
    },
  ],
  [
    'fill toobig',
    {
      command: 'fill 0 0 0 100 100 100 stone',
      messages: [line(red(t('commands.fill.toobig', 32768, 1030301)))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.fill.toobig', args: ['32768', '1030301'] },
      summary: /maximum 32768, (but)?specified 1030301/,
    },
  ],
  [
    'clone overlap',
    { command: 'clone 0 0 0 5 5 5 1 1 1', messages: [line(red(t('commands.clone.overlap')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.clone.overlap' } },
  ],
  [
    '"Nothing changed" family: op failed',
    { command: 'op Steve', messages: [line(red(t('commands.op.failed')))] },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.op.failed', noChange: true } },
  ],
  [
    'failure not named failed: conditional fail',
    {
      command: 'execute if block 0 0 0 stone',
      messages: [line(red(t('commands.execute.conditional.fail')))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.execute.conditional.fail' } },
  ],
  [
    'server I/O failure is an execution_error',
    { command: 'save-all', messages: [line(red(t('commands.save.failed')))] },
    { status: 'execution_error', applied: null, detail: { key: 'commands.save.failed' } },
  ],
  // 26.3 (test/outcome/fixtures/vanilla-26.3.json): refusals thrown when nothing would change
  [
    '26.3 time set to the time the clock already shows: nothing changed',
    {
      command: 'time set 1000',
      messages: [line(red(t('commands.time.set.already_at_time', 'minecraft:overworld', 1000)))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.time.set.already_at_time', noChange: true },
    },
  ],
  [
    '26.3 time rate already that rate: nothing changed (not a read-only "rate" answer)',
    {
      command: 'time rate 2',
      messages: [line(red(t('commands.time.rate.already_same', 'minecraft:overworld', 2)))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.time.rate.already_same', noChange: true },
    },
  ],
  [
    '26.3 gamerule already that value: nothing changed',
    {
      command: 'gamerule keep_inventory true',
      messages: [line(red(t('commands.gamerule.not_set', 'keep_inventory', 'true')))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.gamerule.not_set', noChange: true },
    },
  ],
  [
    '26.3 fillbiome that changed no cell: nothing changed',
    { command: 'fillbiome 0 0 0 4 4 4 plains', messages: [line(red(t('commands.fillbiome.no_changes')))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.fillbiome.no_changes', noChange: true },
    },
  ],
  [
    '26.3 publish while already hosted on LAN: nothing changed (not a publish success)',
    { command: 'publish', messages: [line(red(t('commands.publish.alreadyPublished.lan', 25565)))] },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.publish.alreadyPublished.lan', noChange: true },
    },
  ],
  [
    '26.3 compute: the value line is a success',
    { command: 'compute default integer 4', messages: [line(t('command.compute.result.unnamed.exact', 4))] },
    {
      status: 'applied',
      applied: true,
      detail: { key: 'command.compute.result.unnamed.exact', args: ['4'] },
    },
  ],
];

classifyRows('classifyOutcome: successes and failures', rows);
