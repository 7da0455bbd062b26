/**
 * Rows for a command's own failures (sendFailure and CommandExceptionTypes in
 * net/minecraft/server/commands/*.java): world edits that changed nothing, server-side faults, "already
 * so" (noChange), and failures not named "failed".
 */
import { A, E, R, SAME, type Row } from './row.js';

export const FAILURE_ROWS: readonly Row[] = [
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
    // 26.3 PublishCommand: ERROR_ALREADY_PUBLISHED_LAN (commands.publish.alreadyPublished.lan)
    /\.already(Off|On|Empty|Set|Enabled|Disabled|Running|Published)(\.lan)?$/,
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
    // 26.3 ItemCommands (now server/commands/item/): .no_such_slot.unnamed, and .target.failed(.known_item) for
    // 26.1.2's .target.no_changes / .no_changed.known_item
    /^commands\.(drop\.(no_held_items|no_loot_table(\.block|\.entity)?)|item\.(source|target)\.(no_such_slot(\.unnamed)?|not_a_container)|item\.target\.(no_changes|no_changed\.known_item|failed(\.known_item)?))$/,
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
    /^commands\.test\.(run\.no_tests|clear\.error\.no_tests|reset\.error\.no_tests)$/,
    R,
    'no test matched: nothing ran',
  ],
  [
    /^commands\.(spectate\.self|debug\.function\.(noRecursion|noReturnRun)|summon\.failed\.peaceful|setworldspawn\.failure\.not_overworld)$/,
    R,
    'not allowed in this context',
  ],
  [/^commands\.(fetchprofile|profile_fetch)\.(id|name)\.failure$/, R, 'no such profile'],
  // TestCommand: sendFailure — some required tests failed (the report arrives after the command)
  ['commands.test.summary.failed', R, 'the tests ran and some required ones failed (vanilla sends it red)'],
  // TestCommand: sendSuccess — nothing matched, and vanilla reports it as a plain answer, not an error
  ['commands.test.no_tests', A, 'no test to run: vanilla answers with a success line (sendSuccess)'],
  // ForceLoadCommand.listForceLoad: sendFailure, although it answers a query
  ['commands.forceload.added.none', R, 'no chunk is force loaded there (vanilla sends it red)'],
  // 26.1: CompilableString, FetchProfileCommand, TimeCommand (clocks and time markers)
  ['command.trailing_data', R, 'trailing data after a command (a function line or macro)'],
  ['commands.fetchprofile.no_profile', R, 'the entity has no player profile'],
  [
    /^commands\.time\.(no_default_clock|no_time_marker_found|wrong_timeline_for_clock)$/,
    R,
    'no such clock or time marker in this dimension',
  ],
  ['commands.test.summary.optional_failed', A, 'the tests ran; the report says some optional ones failed'],
  // 26.3 (test/outcome/fixtures/vanilla-26.3.json): commands that now refuse, thrown, when nothing would change —
  // TimeCommand (ERROR_ALREADY_AT_TIME, ERROR_ALREADY_AT_TIME_MARKER, ERROR_ALREADY_PAUSED, ERROR_ALREADY_RUNNING,
  // ERROR_ALREADY_SAME_RATE), GameRuleCommand.setRule (ERROR_GAME_RULE_NOT_SET: the rule already has that value),
  // FillBiomeCommand.fill (ERROR_NO_BIOMES_SET: no biome cell changed), UnpublishCommand (ERROR_NOT_PUBLISHED)
  [
    /^commands\.time\.(set\.already_at_time(_marker)?|pause\.already_(paused|running)|rate\.already_same)$/,
    R,
    'the clock already is at that time, marker, pause state or rate',
    SAME,
  ],
  ['commands.gamerule.not_set', R, 'the game rule already has that value', SAME],
  [
    'commands.fillbiome.no_changes',
    R,
    'every biome cell in the area already was that biome: nothing changed',
    { noChange: true, summary: 'Nothing changed: the area already has that biome' },
  ],
  ['commands.unpublish.notPublished', R, 'the game is not published: nothing to stop', SAME],
  // 26.3 ComputeCommand: sendSuccess with the computed value (its .invalid keys fall to the generic row)
  [/^command\.compute\.result\.(named|unnamed)\.(exact|rounded)$/, A, 'the value was computed'],
];
