/**
 * Rows for keys that are parts of other lines, the generic failure shapes, and successes and read-only
 * answers not named "success" (sendSuccess in net/minecraft/server/commands/*.java). Generic shapes come
 * before the success families so that `.failed` inside a success family still reads as a failure.
 */
import { A, N, R, type Row } from './row.js';

export const SUCCESS_ROWS: readonly Row[] = [
  // parts of other lines, never a line of their own
  [
    /^commands\.(fetchprofile|profile_fetch)\.(copy_component|copy_text|give_item|summon_mannequin)$/,
    N,
    'button label inside the fetched profile line',
  ],
  [
    /^commands\.test\.(coordinates|coordinates\.copy)$/,
    N,
    'coordinates argument and its hover text inside another line',
  ],
  [/^commands\.(list\.nameAndId|banlist\.entry\.unknown)$/, N, 'an argument inside another line'],
  ['commands.message.display.incoming', N, "another player's whisper: not this command's outcome"],

  // generic failure shapes, before the families of successes below
  [/\.(failed|failure|fail)(\.|$)/, R, 'the command reports that it failed'],
  [/\.invalid(\.|$)/, R, 'an invalid value for this command'],
  [/\.error\./, R, 'the command reports an error'],
  [/\.(success(\.|$)|pass$|pass_count$)/, A, 'success message (sendSuccess), or the condition held'],

  // successes and read-only answers not named "success"
  ['commands.list.players', A, 'read-only query answered: who is online'],
  // 26.1 TimeCommand: clocks can be paused and resumed, time set absolutely or to a marker
  [/^commands\.time\.(pause|resume|set\.absolute|set\.time_marker)$/, A, 'the clock changed as asked'],
  [
    /^commands\.[a-z_]+(\..+)?\.(query|get|list|info|entry|none|empty|roll|report|rate|percentiles|header)(\..+)?$/,
    A,
    'read-only query answered (or an info line after a success)',
  ],
  [
    /^commands\.(bossbar\.get|clear\.test|tick\.status|locate|tag\.list|team\.list|waypoint\.list|datapack\.list|version)\./,
    A,
    'read-only query answered',
  ],
  [
    /^commands\.(data\.(block|entity|storage)\.modified|forceload\.(added|removed)\.(all|multiple|single)|time\.set|worldborder\.set\.(grow|immediate|shrink))$/,
    A,
    'changed as asked',
  ],
  [
    /^commands\.(save|perf|debug|jfr|publish|whitelist|test|function|schedule|datapack\.modify|dialog|title|weather|stop|trigger|team\.option|scoreboard|waypoint\.modify|message\.display\.outgoing)(\.|$)/,
    A,
    'the command did what it says (a success message not named "success")',
  ],
];
