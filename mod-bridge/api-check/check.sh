#!/bin/sh
# Type-checks a Fabric adapter of the mod against a Minecraft client source tree with plain javac:
#   mod-bridge/api-check/check.sh <adapter dir> [<tree>] [--strict]
# <adapter dir>: mod-bridge/fabric-<version>; its src/main/java and src/gametest/java are checked, with the
# gametest half all adapters share (mod-bridge/gametest/java).
# <tree>: a decompiled Mojang-named client (e.g. /work/vanilla/1.21.4, the folder holding net/ and com/), or
#         by default the generated stubs committed in api-check/stubs/<version>/.
# javac resolves every Minecraft type and member the adapter uses from the tree (-sourcepath, -implicit:none:
# nothing of the tree is written out); Fabric Loader's from api-check/loader/<version>/ (generated from its source
# by gen-loader-stubs.sh), Fabric API's from api-check/fabric/<version>/ (generated from its source by
# gen-fabric-stubs.sh, whose --verify runs first: a stub that no longer has its recorded digest fails the check), the
# libraries' from the hand-written stubs in api-check/libs/. Errors inside the tree's own files (it is decompiled code
# whose libraries are not on the path) are counted but not shown. Prints only errors in our files (the adapter,
# core, the shared gametest half).
# --strict also fails on errors elsewhere (used with the committed stubs, which must compile cleanly).
# Exit status: 0 no error in the adapter, 1 errors, 2 usage or setup problem.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MOD=$(dirname "$HERE")
[ $# -ge 1 ] || { echo "usage: $0 <adapter dir> [<tree>] [--strict]" >&2; exit 2; }
ADAPTER=$(cd "$1" && pwd)
shift
STRICT=0
TREE=""
for a in "$@"; do
  case "$a" in
    --strict) STRICT=1 ;;
    *) TREE=$a ;;
  esac
done
case "$(basename "$ADAPTER")" in
  fabric-*) VERSION=${ADAPTER##*/fabric-} ;;
  *) echo "api-check: $ADAPTER is not an adapter folder (fabric-<version>)" >&2; exit 2 ;;
esac
[ -n "$TREE" ] || TREE="$HERE/stubs/$VERSION"
[ -d "$TREE/net/minecraft" ] || { echo "api-check: no net/minecraft under $TREE" >&2; exit 2; }
[ -d "$HERE/fabric/$VERSION" ] || { echo "api-check: no Fabric stubs for $VERSION in $HERE/fabric" >&2; exit 2; }
JAVAC=${JAVAC:-javac}
command -v "$JAVAC" >/dev/null 2>&1 || { echo "api-check: javac not found (a JDK 17+ is needed)" >&2; exit 2; }
GSON=${MCBRIDGE_JAVA_JARS:-/usr/share/java}/gson.jar
[ -f "$GSON" ] || { echo "api-check: $GSON missing (sudo apt-get install libgoogle-gson-java)" >&2; exit 2; }
# the client gametest's Fabric API takes commons-lang3's FailableFunction (ClientGameTestContext.computeOnClient)
LANG3=${MCBRIDGE_JAVA_JARS:-/usr/share/java}/commons-lang3.jar
[ -f "$LANG3" ] || { echo "api-check: $LANG3 missing (sudo apt-get install libcommons-lang3-java)" >&2; exit 2; }

"$HERE/gen-fabric-stubs.sh" "$ADAPTER" --verify > /dev/null || exit 1

OUT=$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-api-check.XXXXXX")
trap 'rm -rf "$OUT"' EXIT INT TERM
# the adapter and its client gametest (src/gametest, a mod of its own that calls the adapter), with the
# gametest's version-free half every adapter's build.gradle adds (mod-bridge/gametest/java)
find "$ADAPTER/src/main/java" "$ADAPTER/src/gametest/java" "$MOD/gametest/java" -name '*.java' > "$OUT/sources"
SP="$ADAPTER/src/main/java:$ADAPTER/src/gametest/java:$MOD/gametest/java:$MOD/core/src/main/java:$HERE/fabric/$VERSION:$HERE/loader/$VERSION:$HERE/libs:$TREE"
# --release 17: the adapters stay Java 17 syntax. should-stop.ifError=FLOW: keep attributing our files even
# after errors in the tree's files.
set +e
"$JAVAC" -proc:none -implicit:none -XDshould-stop.ifError=FLOW -Xmaxerrs 1000000 -encoding UTF-8 --release 17 \
  -d "$OUT/classes" -cp "$GSON:$LANG3" -sourcepath "$SP" @"$OUT/sources" > "$OUT/javac.log" 2>&1
STATUS=$?
set -e
# javac prints "path:line: error: message" followed by context lines; keep the blocks located in our files
awk -v a="$ADAPTER/" -v c="$MOD/core/" -v g="$MOD/gametest/" -v s="$STRICT" '
  /^[^ ].*:[0-9]+: (error|warning): / { keep = (index($0, a) == 1 || index($0, c) == 1 || index($0, g) == 1); if ($0 ~ /: error: /) { if (keep) mine++; else other++ } }
  /^[0-9]+ errors?$/ || /^[0-9]+ warnings?$/ { next }
  keep || (s == 1 && !/^Note: /) { print }
  END { printf "%d %d\n", mine, other > "/dev/stderr" }
' "$OUT/javac.log" 2> "$OUT/counts"
read -r MINE OTHER < "$OUT/counts"
if [ "$STRICT" = 1 ]; then WHERE="shown above"; else WHERE="the tree's own, not shown"; fi
echo "api-check: $(basename "$ADAPTER") against $TREE: $MINE error(s) in the adapter, $OTHER in other files ($WHERE)"
if [ "$MINE" -gt 0 ]; then exit 1; fi
if [ "$STRICT" = 1 ] && [ "$OTHER" -gt 0 ]; then exit 1; fi
if [ "$STATUS" -ne 0 ] && [ "$MINE" -eq 0 ] && [ "$OTHER" -eq 0 ]; then cat "$OUT/javac.log"; exit 1; fi
exit 0
