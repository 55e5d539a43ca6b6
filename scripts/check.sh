#!/bin/sh
# npm run check: the OpenAPI lint, type-check, ESLint, Prettier check and docs/ checks.
# Each is one single-threaded process, so they run side by side (on 2 cores that halves the
# wait); each one's output is shown after it ends, and the check fails if any of them fails.
set -u

OUT=$(mktemp -d "${TMPDIR:-/tmp}/atlasboard-check.XXXXXX")
trap 'rm -rf "$OUT"' EXIT

run() {
  name=$1
  shift
  ( "$@" >"$OUT/$name.log" 2>&1; echo $? >"$OUT/$name.status" ) &
}

run lint-openapi npm run -s lint:openapi
run typecheck npm run -s typecheck
run eslint npm run -s lint
run prettier npm run -s format:check
run docs npm run -s check:docs
wait

status=0
for name in lint-openapi typecheck eslint prettier docs; do
  code=$(cat "$OUT/$name.status" 2>/dev/null || echo 1)
  if [ "$code" -ne 0 ]; then
    echo "check: $name failed (exit $code):"
    cat "$OUT/$name.log"
    status=1
  elif [ -s "$OUT/$name.log" ]; then
    cat "$OUT/$name.log"
  fi
done
exit "$status"
