#!/bin/bash
# Our engines beside Rally the Troops' Pax Pamir, as ../shared/tools/rtt-bench/README.md prescribes: each bench in
# its own process, alternated; a game's ratio is the mean of the two reference runs around it over its µs per action.
# Usage (from the project root, after npm run build): scripts/rtt-pair.sh [ROUNDS=4] [SECONDS=5] GAME...
#   PAX=<dir with Pax Pamir's rules.js> (default ~/.cache/rtt-pax-pamir); RTT_BENCH=<bench.cjs> (default ../shared/...).
set -euo pipefail
if [[ $# -lt 3 || $1 == --help || $1 == -h ]]; then sed -n 2,5p "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
R=$1; S=$2; shift 2
PAX=${PAX:-$HOME/.cache/rtt-pax-pamir}
RTT_BENCH=${RTT_BENCH:-../shared/tools/rtt-bench/bench.cjs}
[[ -f $PAX/rules.js ]] || { echo "No Pax Pamir rules.js in $PAX (see ../shared/tools/rtt-bench/README.md)" >&2; exit 1; }
pax() { node "$RTT_BENCH" "$PAX" --scenario 4P --mode engine --seconds "$S" --runs 1 2>/dev/null | grep -o '"us_per_action":[0-9.]*' | cut -d: -f2; }
ours() { node packages/bench/dist/main.js "$1" --json --seconds "$S" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).results[0].random.usPerAction))'; }
p0=$(pax); echo "pax $p0"
for i in $(seq "$R"); do
  declare -A got
  for g in "$@"; do got[$g]=$(ours "$g"); done
  p1=$(pax); echo "pax $p1"
  for g in "$@"; do echo "$g ${got[$g]} ratio $(node -e "console.log(((($p0)+($p1))/2/${got[$g]}).toFixed(2))")"; done
  p0=$p1
done
