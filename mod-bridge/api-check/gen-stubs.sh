#!/bin/sh
# Regenerates api-check/stubs/<version>/ from a decompiled Mojang-named client tree, after an adapter changed:
#   mod-bridge/api-check/gen-stubs.sh <adapter dir> <tree> [--check]
#   e.g. mod-bridge/api-check/gen-stubs.sh mod-bridge/fabric-26.1 /work/vanilla/26.1.2
# --check writes nothing: it generates into a temporary folder and fails when the committed stubs differ.
# The stubs hold only the Minecraft types and members the adapter and the Fabric stubs use, printed from javac's
# model of the tree (signatures; every body throws). Then check.sh type-checks the adapter against them anywhere.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MOD=$(dirname "$HERE")
[ $# -ge 2 ] || { echo "usage: $0 <adapter dir> <tree> [--check]" >&2; exit 2; }
ADAPTER=$(cd "$1" && pwd)
TREE=$(cd "$2" && pwd)
VERSION=${ADAPTER##*/fabric-}
OUT="$HERE/stubs/$VERSION"
CHECK=${3:-}
if [ "$CHECK" = --check ]; then
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-stubs.XXXXXX")
  trap 'rm -rf "$TMP"' EXIT INT TERM
  OUT="$TMP/$VERSION"
fi
[ -d "$TREE/net/minecraft" ] || { echo "gen-stubs: no net/minecraft under $TREE" >&2; exit 2; }
JARS=${MCBRIDGE_JAVA_JARS:-/usr/share/java}
SP="$ADAPTER/src/main/java:$ADAPTER/src/gametest/java:$MOD/gametest/java:$MOD/core/src/main/java:$HERE/fabric/$VERSION:$HERE/loader/$VERSION:$HERE/libs"
FILES=$(find "$ADAPTER/src/main/java" "$ADAPTER/src/gametest/java" "$MOD/gametest/java" "$HERE/fabric/$VERSION" -name '*.java' | sort)
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck disable=SC2086 # one argument per file
java --add-exports jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED -Dstub.classpath="$JARS/gson.jar:$JARS/commons-lang3.jar" "$HERE/gen/GenStubs.java" "$TREE" "$OUT" "$(basename "$TREE")" "$SP" $FILES
if [ "$CHECK" = --check ]; then
  if diff -r "$HERE/stubs/$VERSION" "$OUT"; then echo "gen-stubs: api-check/stubs/$VERSION is up to date"
  else echo "gen-stubs: api-check/stubs/$VERSION differs from what $TREE gives: regenerate it" >&2; exit 1; fi
else
  echo "gen-stubs: wrote $OUT"
fi
