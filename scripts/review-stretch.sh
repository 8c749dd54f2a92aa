#!/usr/bin/env bash
# Fits the review's stretch of alpha-beta's win rate per form (issue 43;
# docs/review.md, GameInfo::review_stretch): self-play at the review's
# default level (5), 60 games after 2 random plies (seed 43) and 60 after 4
# (seed 44) per form, Shatra's games adjudicated as selfplay does
# (RESIGN 0.97,8, DRAW 0.02,40,200), and for every searched position after
# the random plies whose value v is not proven, the game's result for the
# player to move regressed on logit(v) (logistic regression with an
# intercept, by maximum likelihood, a draw counting half; games cut short
# left out). The slope is the stretch: the chance of winning is
# 1 / (1 + ((1 - v) / v)^slope). Everything runs under nice, one game at a
# time (the machine is shared); about a minute on one core.
#
# The Monte Carlo forms (starstar..., asterisk...) are fitted the same way
# on the value the review reads, the mean over a whole level-5 search
# rooted at each position of the records (scripts/review-stretch-fit.py,
# with the Python module; the training file holds the best move's mean,
# not that). LEVEL sets the self-play's level (default 5): the slope grows
# with the players' strength (docs/review.md).
#
#   scripts/review-stretch.sh [BINARY]
# Environment: FORMS (default Shatra's four presets and Star Pool Chess),
# OUT (work folder, default a temporary one, kept), LEVEL.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$here/build/release/apps/asterism/asterism}"
forms="${FORMS:-shatra:rules=original shatra:rules=shatrabase shatra:rules=altai shatra:rules=seed starpool}"
out="${OUT:-$(mktemp -d /tmp/review-stretch.XXXXXX)}"
level="${LEVEL:-5}"
[ -x "$bin" ] || { echo "review-stretch: no binary at $bin" >&2; exit 2; }
mkdir -p "$out"
for form in $forms; do
    files=()
    records=()
    # Shatra's games are adjudicated as selfplay does; *Star and Asterisk
    # games end by the rules within a few hundred plies.
    adjudicate=(--resign 0.97,8 --draw 0.02,40,200)
    case "$form" in starstar* | asterisk*) adjudicate=() ;; esac
    for run in "43 2" "44 4"; do
        read -r seed plies <<<"$run"
        dir="$out/${form//[:=,]/_}-$level-$seed"
        [ -s "$dir/positions.txt" ] || nice -n 10 "$bin" selfplay "$form" --games 60 --level "$level" \
            --random-plies "$plies" "${adjudicate[@]}" --max-plies 400 \
            --seed "$seed" --out "$dir" --quiet >/dev/null
        files+=("$dir/positions.txt:$plies")
        for r in "$dir"/records/*.rec; do records+=("$r:$plies"); done
    done
    case "$form" in
        starstar* | asterisk*)
            PYTHONPATH="$(dirname "$bin")/../../python" nice -n 10 python3 \
                "$here/scripts/review-stretch-fit.py" searches "$form" "${records[@]}"
            ;;
        *) python3 "$here/scripts/review-stretch-fit.py" positions "$form" "${files[@]}" ;;
    esac
done
