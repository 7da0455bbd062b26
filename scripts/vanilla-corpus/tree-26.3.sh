#!/bin/sh
# Assembles the Minecraft 26.3 tree that test/outcome/fixtures/vanilla-26.3.json was written from, outside the repository:
#   scripts/vanilla-corpus/tree-26.3.sh <26.1.2 git dir> <26.3 checkout> <out dir>
#   then: npm run corpus -- <out dir> 26.3 --keep-unlisted --source "…"   (the text: the fixture's `source` field)
# <26.1.2 git dir>: a clone of github:SENAndrhevn23/Minecraft-26.1.2-Source-Code (commit bd37ce9d63af: net/ and its
#   assets/minecraft/lang/en_us.json).
# <26.3 checkout>: the files of github:0khs/minecraft_source_26.3 at commit 74720c2890f2 (CFR 0.152), the folder holding
#   net/. It carries no assets, so the tree keeps 26.1.2's en_us (hence --keep-unlisted: keys 26.3's code sends that
#   26.1.2's en_us lacks are kept and listed in the fixture's notInLanguage).
# Where this was written the 26.3 repository could not be cloned, only read file by file through an index that stores
# a file once per content (the 26.3 files it holds appear to be those that differ from a CFR decompile of a 26.1
# snapshot, dill-lk/Minecraft da9cdcd4, whose copies the index keeps instead). FROM_263 are the 26.3 files read there
# whose keys or sends differ from 26.1.2's, or that 26.1.2 lacks; they were saved as read (character counts checked).
# Read too, and left as 26.1.2's copy because their keys and sends are the same: TeleportCommand, PlaySoundCommand,
# TransferCommand, WardenSpawnTrackerCommand, ScheduleCommand, TickCommand, AttributeCommand, AdvancementCommands (its
# first 16,000 of 19,894 characters), LootCommand, SpreadPlayersCommand, FunctionCommand, ScoreboardCommand,
# data/DataCommands, data/{Block,Entity,Storage}DataAccessor, commands/Commands, commands/CommandSourceStack (its
# first 16,000 of 19,417 characters, which hold its keys), arguments/ResourceArgument, ResourceOrIdArgument; read,
# holding no feedback key: CommandResponseTracker, ArgProvider, RaidCommand, LootContextSources, item/ItemAccessor,
# arguments/SlotSourceArgument. Every other file is 26.1.2's, including the 26.3 files the index holds but that were
# not read for lack of time (ExecuteCommand beyond its first 16,000 of 51,420 characters, whose exception keys are
# 26.1.2's; SharedSuggestionProvider, arguments/{ResourceKey,Slot,Slots}Argument, ArgumentSignatures,
# blocks/BlockInput, coordinates/LocalCoordinates, synchronization/*, gametest/framework/TestCommand,
# server/network/ServerGamePacketListenerImpl, nbt/*, util/*).
# With a whole checkout, set FROM_263 to every file of it (and its en_us, if one is found) and drop the fallback.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <26.1.2 git dir> <26.3 checkout> <out dir>" >&2; exit 2; }
OLD=$1
NEW=$2
OUT=$3
FROM_263='server/commands/SwingCommand server/commands/ComputeCommand server/commands/PostEffectCommand
server/commands/GiveCommand server/commands/KillCommand server/commands/GameRuleCommand server/commands/UnpublishCommand
server/commands/DialogCommand server/commands/ClearInventoryCommands server/commands/EnchantCommand
server/commands/DebugCommand server/commands/EffectCommands server/commands/ExperienceCommand
server/commands/FillBiomeCommand server/commands/ForceLoadCommand server/commands/TagCommand server/commands/TitleCommand
server/commands/SetSpawnCommand server/commands/RecipeCommand server/commands/PublishCommand server/commands/TimeCommand
server/commands/PlaceCommand server/commands/TeamCommand
commands/arguments/SwingAnimationArgument server/commands/item/ItemCommands server/commands/item/BlockItemAccessor
server/commands/item/EntityItemAccessor'
# 26.3 moved ItemCommands to server/commands/item/: 26.1.2's copy would register /item a second time
GONE_IN_263='server/commands/ItemCommands'
rm -rf "$OUT"
mkdir -p "$OUT"
git --git-dir="$OLD" archive bd37ce9d63af net assets/minecraft/lang/en_us.json | tar -x -C "$OUT"
for f in $FROM_263; do
  path=net/minecraft/$f.java
  [ -f "$NEW/$path" ] || { echo "tree-26.3: $path missing from $NEW" >&2; exit 1; }
  mkdir -p "$OUT/$(dirname "$path")"
  cp "$NEW/$path" "$OUT/$path"
done
for f in $GONE_IN_263; do rm "$OUT/net/minecraft/$f.java"; done
echo "tree-26.3: wrote $OUT"
