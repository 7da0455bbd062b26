/**
 * The outcome rules: translation key → status, one row each, with the reason. Exact keys win over
 * patterns; patterns are tried in table order (specific families first, generic shapes last). A key no
 * row matches falls back to its wrapper: red → rejected_by_game, bare → applied (see `ruleFor`).
 *
 * `not_feedback` marks keys that never arrive as a command's own line (tooltips, button labels, parts of
 * other lines): such a line decides nothing unless it is red.
 */
import type { CommandStatus } from '../results/schema.js';

export type RuleStatus =
  Extract<CommandStatus, 'applied' | 'rejected_by_game' | 'execution_error'> | 'not_feedback';

export interface OutcomeRule {
  /** the exact key (string) or key pattern (RegExp) as written in the table */
  match: string | RegExp;
  status: RuleStatus;
  reason: string;
  /** rejected only because the world (or server state) already is as asked: do not resend */
  noChange?: boolean;
  /** the summary to give instead of the key's en_us text */
  summary?: string;
}

type Flags = Pick<OutcomeRule, 'noChange' | 'summary'>;
type Row = readonly [match: string | RegExp, status: RuleStatus, reason: string, flags?: Flags];

const A = 'applied';
const R = 'rejected_by_game';
const E = 'execution_error';
const N = 'not_feedback';
const SAME: Flags = { noChange: true };
const HERE = ': see the position marked <--[HERE]';

// biome-ignore format: one row per line keeps the table readable
const ROWS: readonly Row[] = [
  // parse and dispatch errors (vanilla sends each with a second, context line)
  [
    'command.unknown.command',
    R,
    'unknown or incomplete command; also what a player without permission gets (the node is hidden)',
    { summary: `Unknown or incomplete command (or not permitted)${HERE}` },
  ],
  [
    'command.unknown.argument',
    R,
    'an argument the command does not take',
    { summary: `Incorrect argument for command${HERE}` },
  ],
  [
    'command.expected.separator',
    R,
    'trailing data after an argument',
    { summary: `Expected whitespace to end one argument, but found trailing data${HERE}` },
  ],
  [
    'command.failed',
    E,
    'an exception inside the server while running the command',
    { summary: 'The server hit an internal error running the command: check the server log' },
  ],
  ['command.exception', R, 'a command line of a function could not be parsed'],
  ['command.context.parse_error', R, 'a parse error with its position (function loading)'],
  ['command.forkLimit', R, 'execute forked into more contexts than maxCommandForkCount allows'],
  ['command.context.here', N, 'the <--[HERE] marker of a parse error context line, not a message of its own'],
  [
    /^argument\.entity\.options\.[^.]+\.description$/,
    N,
    'selector option tooltip in suggestions, never a chat line',
  ],
  [
    /^argument\.entity\.selector\.(allEntities|allPlayers|nearestEntity|nearestPlayer|randomPlayer|self)$/,
    N,
    'selector tooltip in suggestions, never a chat line',
  ],
  ['argument.pos.unloaded', R, 'positions must be in loaded chunks'],
  ['argument.pos.outofworld', R, 'y is outside the build height'],
  ['argument.block.id.invalid', R, 'no such block id in this version'],
  [/^argument\./, R, 'an argument did not parse or is out of range'],
  [/^arguments\./, R, 'an argument did not parse or names nothing (the plural prefix is errors too)'],
  [/^parsing\./, R, 'a number, boolean or string did not parse'],
  [/^permissions\.requires\./, R, 'the command needs a player or entity as its source'],

  // world edits this project cares most about
  [
    'commands.setblock.failed',
    R,
    'the block is already exactly that: nothing changed',
    { noChange: true, summary: 'Nothing changed: the block is already there' },
  ],
  [
    'commands.fill.failed',
    R,
    'every block in the area already matched: nothing changed',
    { noChange: true, summary: 'Nothing changed: no blocks were filled because they already match' },
  ],
  [
    'commands.clone.failed',
    R,
    'no block changed: the destination already matched (or the mask matched nothing)',
    { noChange: true, summary: 'Nothing changed: no blocks were cloned' },
  ],
  ['commands.clone.overlap', R, 'source and destination overlap (without force)'],
  [
    /^commands\.[a-z]+\.toobig$/,
    R,
    'more blocks than commandModificationBlockLimit (or more chunks than allowed)',
  ],
  ['commands.execute.blocks.toobig', R, 'execute if blocks compares more blocks than allowed'],
  ['commands.gamerule.query', A, 'read-only query answered'],
  ['commands.gamerule.set', A, 'gamerule changed'],

  // server-side faults reported by the command itself: not the command's fault
  [
    /^commands\.(save\.failed|jfr\.(dump|start)\.failed|perf\.reportFailed|reload\.failure|publish\.failed|debug\.function\.traceFailed)$/,
    E,
    'the server failed at I/O or an internal step (disk, profiler, reload)',
  ],
  [
    /^commands\.datapack\.create\.(io_failure|metadata_encode_failure)$/,
    E,
    'the server could not write the new pack',
  ],
  [
    /^commands\.(fetchprofile|profile_fetch)\.failed_to_serialize$/,
    E,
    'the server could not serialise the fetched profile',
  ],

  // "already so": rejected, but the state already is what was asked
  [/^commands\.advancement\.(grant|revoke)\..+\.failure$/, R, 'the players already had (or lacked) it', SAME],
  [
    /^commands\.(ban|banip|deop|op|pardon|pardonip|data\.merge|recipe\.give|recipe\.take|scoreboard\.players\.enable|whitelist\.add|whitelist\.remove)\.failed$/,
    R,
    'nothing changed: already so',
    SAME,
  ],
  [/\.unchanged(\.|$)/, R, 'nothing changed: already that value', SAME],
  [
    /\.already(Off|On|Empty|Set|Enabled|Disabled|Running|Published)$/,
    R,
    'nothing changed: already in that state',
    SAME,
  ],
  [
    /^commands\.effect\.clear\.(everything|specific)\.failed$/,
    R,
    'the target had no such effect to remove',
    SAME,
  ],
  [/^commands\.datapack\.(enable|disable)\.failed$/, R, 'the pack already is enabled / disabled', SAME],
  ['commands.difficulty.failure', R, 'the difficulty already is that', SAME],
  [
    /^commands\.forceload\.(added|removed)\.failure$/,
    R,
    'the chunks already were (or were not) force loaded',
    SAME,
  ],
  [
    /^commands\.worldborder\.(center|damage\.amount|damage\.buffer|warning\.distance|warning\.time)\.failed$/,
    R,
    'nothing changed: the world border already is so',
    SAME,
  ],
  ['commands.worldborder.set.failed.nochange', R, 'the world border already is that size', SAME],
  ['commands.ride.already_riding', R, 'already riding that vehicle', SAME],
  ['commands.ride.not_riding', R, 'not riding anything: nothing to dismount', SAME],
  ['commands.tag.remove.failed', R, 'the target does not have that tag', SAME],

  // failures that are not named "failed"
  [
    /^commands\.[a-z_]+(\.[a-z_]+)?\.(unknown|invalidPosition|macro|same_tick|not_spectator|cannot_spectate|already_exists|does_not_exist|overlap|notRunning|invalid_name|invalid_full_name)$/,
    R,
    'the command refused: the named thing does not exist or is not allowed',
  ],
  [
    /^commands\.(advancement\.(advancementNotFound|criterionNotFound)|damage\.invulnerable|data\.(block|entity)\.invalid|data\.get\.(invalid|multiple|unknown)|data\.modify\.(expected_list|expected_object|expected_value|invalid_index|invalid_substring))$/,
    R,
    'the target cannot take or give that data',
  ],
  [
    /^commands\.(drop\.(no_held_items|no_loot_table(\.block)?)|item\.(source|target)\.(no_such_slot|not_a_container)|item\.target\.(no_changes|no_changed\.known_item))$/,
    R,
    'no such slot, container or loot table',
  ],
  [
    /^commands\.(scoreboard\.objectives\.add\.duplicate|team\.add\.duplicate|scoreboard\.players\.get\.null|schedule\.cleared\.failure|function\.scheduled\.no_functions)$/,
    R,
    'duplicate name or nothing to act on',
  ],
  [
    /^commands\.(random\.error\.range_too_(large|small)|transfer\.error\.no_players|teammsg\.failed\.noteam|worldborder\.set\.failed\.(big|far|small))$/,
    R,
    'a value out of the allowed range or a missing precondition',
  ],
  [
    /^commands\.(execute\.conditional\.(fail|fail_count)|locate\.(biome|poi|structure)\.not_found|tick\.(sprint\.stop\.fail|step\.fail|step\.stop\.fail))$/,
    R,
    'the test was false, or nothing was found or running (vanilla counts it as a failure)',
  ],
  [
    /^commands\.(execute|function)\.(function\.)?instantiationFailure$/,
    R,
    'a function macro could not be instantiated',
  ],
  [
    /^commands\.test\.(no_tests|run\.no_tests|clear\.error\.no_tests|reset\.error\.no_tests)$/,
    R,
    'no test matched: nothing ran',
  ],
  [
    /^commands\.(spectate\.self|debug\.function\.(noRecursion|noReturnRun)|summon\.failed\.peaceful|setworldspawn\.failure\.not_overworld)$/,
    R,
    'not allowed in this context',
  ],
  [/^commands\.(fetchprofile|profile_fetch)\.(id|name)\.failure$/, R, 'no such profile'],
  [
    'commands.test.summary.failed',
    A,
    'the tests ran; the report says some failed (arrives after the command)',
  ],
  ['commands.test.summary.optional_failed', A, 'the tests ran; the report says some optional ones failed'],

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

const exact = new Map<string, OutcomeRule>();
const patterns: OutcomeRule[] = [];

function toRule([match, status, reason, flags]: Row): OutcomeRule {
  return { match, status, reason, ...flags };
}

/** Every rule row, in table order. */
export const OUTCOME_RULES: readonly OutcomeRule[] = ROWS.map(toRule);
for (const rule of OUTCOME_RULES) {
  if (typeof rule.match === 'string') exact.set(rule.match, rule);
  else patterns.push(rule);
}

/** The fallback for keys no row names: the wrapper decides, as vanilla's sendFailure/sendSuccess would. */
export const FALLBACK_RED: OutcomeRule = {
  match: '*',
  status: R,
  reason: 'red-wrapped line with a key no rule names: vanilla wraps every failure in red',
};
export const FALLBACK_BARE: OutcomeRule = {
  match: '*',
  status: A,
  reason: 'bare line with a key no rule names: vanilla sends successes bare',
};

/** The table row for a key, if any (exact keys first, then patterns in table order). */
export function findRule(key: string): OutcomeRule | undefined {
  return exact.get(key) ?? patterns.find((rule) => (rule.match as RegExp).test(key));
}

/** The row for a key, or the wrapper fallback when no row names it. */
export function ruleFor(key: string, redWrapped: boolean): OutcomeRule {
  return findRule(key) ?? (redWrapped ? FALLBACK_RED : FALLBACK_BARE);
}
