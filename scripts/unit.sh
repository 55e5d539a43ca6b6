#!/bin/sh
# npm run test:unit: the unit project, the shared code's tests and the workshop's stories.
# npm run test:unit:shuffled: the unit project again, its files in a shuffled order (CI's second
# pass). The files of a worker share one module cache, so a file that leans on what another left
# behind would pass or fail by order; a new order each CI run shows that before a newcomer meets
# it. The printed seed replays an order:
#   UNIT_SEED=N npm run test:unit:shuffled
set -eu
if [ "${1:-}" = "--shuffled" ]; then
  shift
  seed=${UNIT_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
  echo "unit: files shuffled with seed $seed (replay with UNIT_SEED=$seed npm run test:unit:shuffled)"
  exec npx vitest run --project unit --sequence.shuffle.files --sequence.seed="$seed" "$@"
fi
exec npx vitest run --project unit --project shared --project stories "$@"
