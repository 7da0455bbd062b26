#!/bin/sh
# Generates api-check/loader/<version>/ — the Fabric Loader API an adapter uses — from FabricMC/fabric-loader's own
# source at the loader version the adapter declares (loader_version in its gradle.properties):
#   mod-bridge/api-check/gen-loader-stubs.sh <adapter dir> <fabric-loader git dir> [--check]
#   e.g. mod-bridge/api-check/gen-loader-stubs.sh mod-bridge/fabric-26.1 ~/src/fabric-loader/.git
# The git dir is any clone of github.com/FabricMC/fabric-loader holding the release tags. --check writes nothing:
# it fails when the committed stubs differ from what that source gives (a stub and its source disagree).
# The Minecraft types come from the committed api-check/stubs/<version>/, so no Minecraft tree is needed.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MOD=$(dirname "$HERE")
[ $# -ge 2 ] || { echo "usage: $0 <adapter dir> <fabric-loader git dir> [--check]" >&2; exit 2; }
ADAPTER=$(cd "$1" && pwd)
GITDIR=$2
CHECK=${3:-}
VERSION=${ADAPTER##*/fabric-}
LOADER=$(sed -n 's/^loader_version=//p' "$ADAPTER/gradle.properties")
[ -n "$LOADER" ] || { echo "gen-loader-stubs: no loader_version in $ADAPTER/gradle.properties" >&2; exit 2; }
COMMIT=$(git --git-dir="$GITDIR" rev-parse --verify -q "refs/tags/$LOADER^{commit}") ||
  { echo "gen-loader-stubs: no tag $LOADER in $GITDIR" >&2; exit 2; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-loader-stubs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
git --git-dir="$GITDIR" archive "$COMMIT" src/main/java | tar -x -C "$TMP"
OUT="$HERE/loader/$VERSION"
[ "$CHECK" = --check ] && OUT="$TMP/out"
GSON=${MCBRIDGE_JAVA_JARS:-/usr/share/java}/gson.jar
SP="$ADAPTER/src/main/java:$MOD/core/src/main/java:$HERE/fabric/$VERSION:$HERE/libs:$HERE/stubs/$VERSION"
FILES=$(find "$ADAPTER/src/main/java" -name '*.java' | sort)
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck disable=SC2086 # one argument per file
java --add-exports jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED -Dstub.classpath="$GSON" \
  -Dstub.prefixes=net.fabricmc.api.,net.fabricmc.loader. \
  -Dstub.source="FabricMC/fabric-loader $LOADER ($(echo "$COMMIT" | cut -c1-12), src/main/java)" \
  "$HERE/gen/GenStubs.java" "$TMP/src/main/java" "$OUT" "fabric-loader $LOADER" "$SP" $FILES
if [ "$CHECK" = --check ]; then
  if diff -r "$HERE/loader/$VERSION" "$OUT"; then echo "gen-loader-stubs: api-check/loader/$VERSION matches fabric-loader $LOADER"
  else echo "gen-loader-stubs: api-check/loader/$VERSION differs from fabric-loader $LOADER's source: regenerate it" >&2; exit 1; fi
else
  echo "gen-loader-stubs: wrote $OUT from fabric-loader $LOADER"
fi
