#!/usr/bin/env bash
# Measures the strength ladder of one game with `asterism match` and prints
# markdown table rows for docs/strength.md: each level against the one
# below, the strongest setting against plain UCT at equal time, and the
# strongest level against a random player.
#
# Usage: bash scripts/strength.sh GAME [GAMES_LOW] [GAMES_HIGH] [SECONDS]
#   GAMES_LOW games for the pairs up to level 7, GAMES_HIGH from level 8 up
#   (defaults 40 and 20); SECONDS a move for the equal-time match (default 1).
#   PARALLEL=N plays N games at once (default 2). FROM=L starts the ladder
#   at the pair L against L-1 (default 2); BASELINES=0 leaves out the rows
#   against plain UCT and random; RANDOM_GAMES=N plays N games against the
#   random player (default GAMES_HIGH); MATCH_ARGS are passed on to every
#   match (e.g. "--seed 2 --resign 0.97,8 --draw 0.02,20,80"). The binary is
#   build/release/apps/asterism/asterism (build the release preset first),
#   or ASTERISM_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1
low=${2:-40}
high=${3:-20}
seconds=${4:-1}
parallel=${PARALLEL:-2}
from=${FROM:-2}
baselines=${BASELINES:-1}
random_games=${RANDOM_GAMES:-$high}
read -r -a match_args <<<"${MATCH_ARGS:-}"
bin=${ASTERISM_BIN:-build/release/apps/asterism/asterism}

row() {  # row A B GAMES
  local a=$1 b=$2 n=$3 out start end
  start=$(date +%s)
  out=$("$bin" match "$game" --a "$a" --b "$b" --games "$n" --parallel "$parallel" --quiet "${match_args[@]}")
  end=$(date +%s)
  local wdl score elo seats
  wdl=$(sed -n 's/^games: *[0-9]*  A wins \([0-9]*\), draws \([0-9]*\), A losses \([0-9]*\)$/\1-\2-\3/p' <<<"$out")
  score=$(sed -n 's/^score: *//p' <<<"$out")
  elo=$(sed -n 's/^elo: *//p' <<<"$out")
  seats=$(sed -n 's/^seats: *the first seat won \([0-9]*\), the second \([0-9]*\)$/\1-\2/p' <<<"$out")
  echo "| \`$a\` | \`$b\` | $n | $wdl | $score | $elo | $seats | $((end - start)) s |"
}

echo "| A | B | games | A wins-draws-losses | A's score | Elo of A over B (95% interval) | first-second seat wins | wall time |"
echo "|---|---|---|---|---|---|---|---|"
for level in $(seq "$from" 10); do
  n=$low
  [ "$level" -ge 8 ] && n=$high
  row "level:$level" "level:$((level - 1))" "$n"
done
[ "$baselines" = 0 ] && exit 0
id=${game%%:*}
if [ "$id" = shatra ] || [ "$id" = starpool ]; then
  row "ab:seconds=$seconds" "uct:seconds=$seconds" "$high"
else
  row "mcts:seconds=$seconds" "uct:seconds=$seconds" "$high"
fi
row level:10 random "$random_games"
