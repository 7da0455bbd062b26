#!/bin/sh
# Assembles the Minecraft 26.3 source tree that api-check/stubs/26.3 is generated from, outside the repository:
#   mod-bridge/api-check/tree-26.3.sh <26.1.2 git dir> <26.3 checkout> <out dir>
#   then: mod-bridge/api-check/gen-stubs.sh mod-bridge/fabric-26.3 <out dir>/26.3 [--check]
# <26.1.2 git dir>: a clone of github:SENAndrhevn23/Minecraft-26.1.2-Source-Code (commit bd37ce9d63af is used).
# <26.3 checkout>: the files of github:0khs/minecraft_source_26.3 at commit 74720c2890f2 (CFR 0.152), the folder
#   holding net/. Each file below is taken from it when it has one, else from 26.1.2.
# Where this was written the 26.3 repository could not be cloned, only read file by file through an index that
# stores a repository's file once per content; the tree there held the 26.1.2 files plus excerpts of Minecraft,
# Gui and Hud (their class header and the members the adapter uses, copied from the 26.3 files). The 26.3 files
# read there (ServerData, ClientChunkCache, ClientLevel, ClientPacketListener, LocalPlayer, Player, ChatComponent,
# ChatListener, ConnectScreen, SharedConstants, Identifier, StateHolder, HolderLookup, BlockState) declare what the
# adapter uses with the 26.1.2 signatures (the client gametest's GuiMessage too: 26.3's ChatComponent builds it with
# 26.1.2's five arguments and reads content(); the index held no 26.3 copy of GuiMessage itself); the rest was not read in 26.3 (the index held no 26.3 copy of most of
# them: Component, ComponentSerialization, Permissions, ChunkSource, BlockableEventLoop…). With a whole checkout,
# run gen-stubs.sh with --check to confirm the stubs.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 <26.1.2 git dir> <26.3 checkout> <out dir>" >&2; exit 2; }
OLD=$1
NEW=$2
OUT=$3/26.3
FILES='SharedConstants WorldVersion client/Minecraft client/gui/Gui client/gui/Hud
client/gui/components/ChatComponent client/gui/screens/ConnectScreen client/multiplayer/chat/GuiMessage client/gui/screens/Screen
client/multiplayer/ClientChunkCache client/multiplayer/ClientLevel client/multiplayer/ClientPacketListener
client/multiplayer/ServerData client/player/AbstractClientPlayer client/player/LocalPlayer core/BlockPos
core/DefaultedRegistry core/HolderLookup core/Registry core/RegistryAccess core/SectionPos
core/registries/BuiltInRegistries network/chat/ChatType network/chat/Component network/chat/ComponentSerialization
network/chat/MutableComponent network/chat/PlayerChatMessage resources/DelegatingOps resources/Identifier
resources/RegistryOps server/permissions/Permission server/permissions/PermissionSet server/permissions/Permissions
util/thread/BlockableEventLoop util/thread/ReentrantBlockableEventLoop world/entity/Avatar world/entity/Entity
world/entity/LivingEntity world/entity/player/Player world/level/Level world/level/block/Block
world/level/block/state/BlockBehaviour world/level/block/state/BlockState world/level/block/state/StateHolder
world/level/block/state/properties/Property world/level/chunk/ChunkSource'
rm -rf "$OUT"
for f in $FILES; do
  path=net/minecraft/$f.java
  mkdir -p "$OUT/$(dirname "$path")"
  if [ -f "$NEW/$path" ]; then cp "$NEW/$path" "$OUT/$path"
  else git --git-dir="$OLD" show "bd37ce9d63af:$path" > "$OUT/$path" || { echo "tree-26.3: $path in neither" >&2; exit 1; }
  fi
done
echo "tree-26.3: wrote $OUT"
