#!/bin/sh
# npm run test:unit: the unit project, the shared code's tests and the workshop's stories, the unit
# files in a new shuffled order each run. The files of a worker share one module cache, so a file
# that leans on what another left behind would pass or fail by order; a new order every run shows
# that before a newcomer meets it. The printed seed replays an order:
#   UNIT_SEED=N npm run test:unit
set -eu
seed=${UNIT_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
echo "unit: files shuffled with seed $seed (replay with UNIT_SEED=$seed npm run test:unit)"
exec npx vitest run --project unit --project shared --project stories --sequence.shuffle.files --sequence.seed="$seed" "$@"
