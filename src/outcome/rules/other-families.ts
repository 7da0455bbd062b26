/**
 * Rows for keys vanilla throws as CommandExceptionTypes outside the commands.|argument.|parsing.|
 * permissions. families (1.21.4, 1.21.11, 26.1.2: net/minecraft/commands/arguments/SlotArgument.java,
 * SlotsArgument.java, ParticleArgument.java, TeamArgument.java, ResourceArgument.java,
 * ResourceKeyArgument.java, server/commands/ClearInventoryCommands.java, SpawnArmorTrimsCommand.java,
 * nbt/SnbtGrammar.java, nbt/SnbtOperations.java). Each is a failure of the command itself: the
 * command that prints its own lines (say, tellraw, execute … run say) must not read it as printed text.
 * test/outcome/thrown-keys.test.ts derives the set from the vanilla sources and checks every key here.
 */
import { R, SAME, type Row } from './row.js';

export const OTHER_FAMILY_ROWS: readonly Row[] = [
  // SlotArgument / SlotsArgument: parse errors (with the context line)
  ['slot.unknown', R, 'no such inventory slot name'],
  ['slot.only_single_allowed', R, 'a slot range where the command takes one slot'],
  // ParticleArgument: the id or its options did not parse
  [/^particle\.(notFound|invalidOptions)$/, R, 'no such particle, or its options did not parse'],
  // TeamArgument, ResourceKeyArgument (recipes, advancements)
  [/^(team|recipe)\.notFound$/, R, 'no such team or recipe'],
  ['advancement.advancementNotFound', R, 'no such advancement'],
  // ResourceArgument.getSummonableEntityType: summon and execute summon refuse this type
  ['entity.not_summonable', R, 'summon and execute summon refuse this type (player, fishing_bobber)'],
  // ClearInventoryCommands: nothing matched, so nothing was removed — the inventory already lacks it
  [/^clear\.failed\.(single|multiple)$/, R, 'no such item in the inventory: nothing to clear', SAME],
  // SnbtGrammar, SnbtOperations (1.21.5+): an SNBT value did not parse
  [/^snbt\.parser\./, R, 'an SNBT value did not parse'],
  // SpawnArmorTrimsCommand (a development command): vanilla uses the English text as its key
  ['Invalid pattern', R, 'no such armor trim pattern'],
];
