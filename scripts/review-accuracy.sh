#!/usr/bin/env bash
# How much a review marks in games between strong players (issue 27 point
# 1; docs/review.md): for each game, self-play between two players of one
# level (10 by default) after RANDOM_PLIES random opening plies (2 by
# default: alpha-beta ignores the seed, so without them Shatra's and Star
# Pool Chess's games would all be one game), then `asterism review`
# of every game at the default review level (5), and per game the share of
# moves marked mistake or blunder and the blunders among the first ten
# moves, counted after the random plies (which nobody chose). The goal is
# at most 5% and none. The committed test on a small set
# of such games is tests/search/review_test.cpp (StrongGames...).
#
#   scripts/review-accuracy.sh [BINARY]
# Environment: GAMES (games per game, default 10), LEVEL (players, 10),
# REVIEW_LEVEL (5), MAX_PLIES (cut games short, default 1000: whole games),
# SPECS (default "starstar asterisk shatra starpool"), PARALLEL (self-play
# games at once, 1), OUT (work folder, default a temporary one, kept),
# RESIGN and DRAW (selfplay's --resign W,N and --draw M,N,P: end decided
# games early, as the players would by resigning or agreeing a draw; off by
# default). Adjudication drops only moves played when the searches already
# agreed on the result, which a review marks least.
# Level-10 games take minutes each on one core: the whole figure is hours.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$here/build/release/apps/asterism/asterism}"
games="${GAMES:-10}"
level="${LEVEL:-10}"
review_level="${REVIEW_LEVEL:-5}"
max_plies="${MAX_PLIES:-1000}"
random_plies="${RANDOM_PLIES:-2}"
adjudicate=()
[ -n "${RESIGN:-}" ] && adjudicate+=(--resign "$RESIGN")
[ -n "${DRAW:-}" ] && adjudicate+=(--draw "$DRAW")
parallel="${PARALLEL:-1}"
specs="${SPECS:-starstar asterisk shatra starpool}"
out="${OUT:-$(mktemp -d /tmp/review-accuracy.XXXXXX)}"
[ -x "$bin" ] || { echo "review-accuracy: no binary at $bin" >&2; exit 2; }
mkdir -p "$out"
echo "players level $level, $games games per game after $random_plies random plies, review level $review_level, max plies $max_plies, adjudication: ${adjudicate[*]:-none}; files in $out"

total_moves=0 total_bad=0 total_early=0
for spec in $specs; do
    dir="$out/${spec//[:=,]/_}"
    if [ ! -d "$dir/records" ]; then
        nice "$bin" selfplay "$spec" --games "$games" --level "$level" --random-plies "$random_plies" \
            --max-plies "$max_plies" "${adjudicate[@]}" --parallel "$parallel" --seed 27 \
            --out "$dir" --quiet >/dev/null
    fi
    moves=0 bad=0 early=0
    for rec in "$dir"/records/*.rec; do
        json="${rec%.rec}.review-$review_level.json"
        [ -s "$json" ] || nice "$bin" review "$rec" --level "$review_level" --json >"$json"
        read -r m b e < <(python3 - "$json" "$random_plies" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
moves = r["moves"][int(sys.argv[2]):]
bad = sum(1 for m in moves if m["mark"] in ("mistake", "blunder"))
early = sum(1 for m in moves[:10] if m["mark"] == "blunder")
print(len(moves), bad, early)
EOF
)
        moves=$((moves + m)) bad=$((bad + b)) early=$((early + e))
    done
    pct=$(python3 -c "print(f'{100 * $bad / max(1, $moves):.1f}')")
    # Alpha-beta (Shatra, Star Pool Chess) ignores the seed: only the random
    # plies make its games differ, and the count says how many do.
    distinct=$(for rec in "$dir"/records/*.rec; do grep -v '^Selfplay:' "$rec" | md5sum; done | sort -u | wc -l)
    printf '%-10s %4d moves  %3d mistakes or blunders (%s%%)  %d blunders in the first ten moves  (%d distinct games)\n' \
        "$spec" "$moves" "$bad" "$pct" "$early" "$distinct"
    total_moves=$((total_moves + moves)) total_bad=$((total_bad + bad)) total_early=$((total_early + early))
done
pct=$(python3 -c "print(f'{100 * $total_bad / max(1, $total_moves):.1f}')")
printf '%-10s %4d moves  %3d mistakes or blunders (%s%%)  %d blunders in the first ten moves\n' \
    all "$total_moves" "$total_bad" "$pct" "$total_early"
