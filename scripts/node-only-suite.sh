#!/usr/bin/env bash
# `npm test` as on a machine with only Node: a PATH whose folders hold everything the real PATH holds but
# java, javac, chromium and google-chrome; no jar folder (MCBRIDGE_JAVA_JARS points at an empty one); the
# browser @sparticuz/chromium ships (MCBRIDGE_BROWSER=bundled). It must pass, with one line saying the Java
# part was not run and how to get it. Usage: scripts/node-only-suite.sh [command, default: npm test]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-node-only.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/bin" "$scratch/jars"
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for f in "$dir"/*; do
    name=$(basename "$f")
    case "$name" in java | javac | chromium | chromium-browser | google-chrome*) continue ;; esac
    [ -x "$f" ] && [ ! -e "$scratch/bin/$name" ] && ln -s "$f" "$scratch/bin/$name"
  done
done
[ $# -gt 0 ] || set -- npm test
PATH="$scratch/bin" MCBRIDGE_JAVA_JARS="$scratch/jars" MCBRIDGE_BROWSER=bundled "$@"
