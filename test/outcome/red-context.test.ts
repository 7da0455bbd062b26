/**
 * A red line followed by vanilla's context line (`…<--[HERE]`: Commands.performCommand sends it only
 * after a CommandSyntaxException with a cursor) is a command error — rejected_by_game — whatever its
 * key, and even when the command prints its own lines on success (say, tellraw, execute … run say).
 * Without the context line, a red line of a printing command is its content unless a rule names its key.
 */
import { classifyRows, here, line, red, type Row, t } from './messages.js';

const itemsSay = 'execute if items entity @s foo.bar minecraft:stone run say hi';

const rows: Row[] = [
  [
    'review finding 3: slot.unknown + context after `execute if items … run say` is rejected',
    {
      command: itemsSay,
      messages: [line(red(t('slot.unknown', 'foo.bar'))), line(here(itemsSay, 28))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'slot.unknown', args: ['foo.bar'] },
      summary: /^Unknown slot 'foo\.bar' in ".*<--\[HERE\]"$/,
    },
  ],
  [
    'a key no rule names, red + context, after `say`: rejected, not printed content',
    {
      command: 'say hi',
      messages: [line(red(t('mod.brand.new.error', 'x'))), line(here('say hi', 4))],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'mod.brand.new.error', args: ['x'] } },
  ],
  [
    'a keyless red line + context after `tellraw`: rejected',
    {
      command: 'tellraw @s {bad',
      messages: [line(red({ text: 'Malformed component' })), line(here('tellraw @s {bad', 11))],
    },
    { status: 'rejected_by_game', applied: false, summary: /^Malformed component in ".*<--\[HERE\]"$/ },
  ],
  [
    'a success key sent red with a context line after `execute … run say`: rejected',
    {
      command: 'execute positioned 0 0 0 run say x',
      messages: [
        line(red(t('commands.setblock.success', 1, 2, 3))),
        line(here('execute positioned 0 0 0 run say x', 19)),
      ],
    },
    { status: 'rejected_by_game', applied: false, detail: { key: 'commands.setblock.success' } },
  ],
  [
    'clear.failed.single (thrown while running, no context line) after `execute … run say`: rejected, nothing changed',
    {
      command: 'execute as @s run say hi',
      messages: [line(red(t('clear.failed.single', 'Builder')))],
    },
    {
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'clear.failed.single', args: ['Builder'], noChange: true },
    },
  ],
  [
    'contrast: tellraw printing a red line with a key no rule names, no context line → its own content',
    {
      command: 'tellraw @s {"translate":"mod.brand.new.error","color":"red"}',
      messages: [line(red(t('mod.brand.new.error')))],
    },
    { status: 'applied', applied: true, summary: /^Done: it printed "mod\.brand\.new\.error"$/ },
  ],
  [
    'contrast: a red line whose next line is not a context line (a tellraw printing two lines) → content',
    {
      command: 'tellraw @s "x"',
      messages: [line(red({ text: 'first' })), line(red({ text: 'second' }))],
    },
    { status: 'applied', applied: true },
  ],
];

classifyRows('classifyOutcome: a red line with the context line', rows);
