#!/bin/sh
# Compiles mod-bridge/core (pure Java 17 + Gson) and its JUnit 5 tests, and runs them; with them the client
# gametests' version-free half (mod-bridge/gametest/java) and its tests (mod-bridge/gametest/test/java).
# Needs a JDK 17+ and the Debian packages junit5 and libgoogle-gson-java. Exits non-zero on any failure.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
JARS=${MCBRIDGE_JAVA_JARS:-/usr/share/java}
API="$JARS/junit-jupiter-api.jar"
PARAMS="$JARS/junit-jupiter-params.jar"
GUARD="$JARS/apiguardian-api.jar"
GSON="$JARS/gson.jar"
CONSOLE="$JARS/junit-platform-console-standalone.jar"

missing=""
for jar in "$API" "$PARAMS" "$GUARD" "$GSON" "$CONSOLE"; do
  [ -f "$jar" ] || missing="$missing $jar"
done
if [ -n "$missing" ]; then
  echo "mod-bridge/core: missing jar(s):$missing" >&2
  echo "install them with: sudo apt-get install junit5 libgoogle-gson-java" >&2
  exit 2
fi
if ! command -v javac >/dev/null 2>&1; then
  echo "mod-bridge/core: javac not found: install a JDK 17+ (e.g. sudo apt-get install openjdk-17-jdk-headless)" >&2
  exit 2
fi

OUT=$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-core.XXXXXX")
trap 'rm -rf "$OUT"' EXIT INT TERM
find "$HERE/src/main/java" "$HERE/src/test/java" "$HERE/../gametest/java" "$HERE/../gametest/test/java" \
  -name '*.java' > "$OUT/sources"
javac --release 17 -Xlint:all -Werror -encoding UTF-8 \
  -cp "$API:$PARAMS:$GUARD:$GSON" -d "$OUT/classes" @"$OUT/sources"
java -Dmcbridge.vectors="$HERE/../protocol/vectors" -jar "$CONSOLE" \
  --class-path "$OUT/classes:$GSON" --scan-class-path --disable-banner --details=summary --fail-if-no-tests
