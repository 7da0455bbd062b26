#!/usr/bin/env bash
# The whole suite (`npm test`) RUNS times in a row (3 by default) while a busy loop runs on every core, to show
# that no test depends on the machine's speed. Exits non-zero if any run fails; the busy loops are ended on
# any exit. Usage: scripts/busy-suite.sh [RUNS]   (each run's output: $BUSY_LOG_DIR/run-N.log, default a temp dir)
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
logs=${BUSY_LOG_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/mcbridge-busy.XXXXXX")}
mkdir -p "$logs"

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${busy[@]}" 2>/dev/null
}
trap stop_busy EXIT
trap 'exit 130' INT TERM
for _ in $(seq "$(nproc)"); do
  sh -c 'while :; do :; done' &
  busy+=("$!")
done
echo "busy-suite: $(nproc) busy loop(s) running; $runs run(s) of npm test; logs in $logs"

failed=0
for n in $(seq "$runs"); do
  start=$(date +%s)
  if npm test >"$logs/run-$n.log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  # vitest's closing line (test/summary-reporter.ts) and the Java part's line
  summary=$(grep -E '^Tests: |test:mod|mod-bridge Java tests' "$logs/run-$n.log" | tr '\n' ' ')
  echo "busy-suite: run $n $result in $(($(date +%s) - start)) s: $summary"
done
echo "busy-suite: $((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
