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
#   scripts/review-stretch.sh [BINARY]
# Environment: FORMS (default Shatra's four presets and Star Pool Chess),
# OUT (work folder, default a temporary one, kept).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$here/build/release/apps/asterism/asterism}"
forms="${FORMS:-shatra:rules=original shatra:rules=shatrabase shatra:rules=altai shatra:rules=seed starpool}"
out="${OUT:-$(mktemp -d /tmp/review-stretch.XXXXXX)}"
[ -x "$bin" ] || { echo "review-stretch: no binary at $bin" >&2; exit 2; }
mkdir -p "$out"
for form in $forms; do
    files=()
    for run in "43 2" "44 4"; do
        read -r seed plies <<<"$run"
        dir="$out/${form//[:=,]/_}-$seed"
        [ -s "$dir/positions.txt" ] || nice -n 10 "$bin" selfplay "$form" --games 60 --level 5 \
            --random-plies "$plies" --resign 0.97,8 --draw 0.02,40,200 --max-plies 400 \
            --seed "$seed" --out "$dir" --quiet >/dev/null
        files+=("$dir/positions.txt:$plies")
    done
    python3 - "$form" "${files[@]}" <<'PY'
import math, sys
xs, ys = [], []
for arg in sys.argv[2:]:
    path, skip = arg.rsplit(":", 1)
    result = None
    for line in open(path):
        f = line.split()
        if f[0] == "g":
            result = None if f[2] == "*" else int(f[2])
        elif f[0] == "p" and result is not None:
            ply, v = int(f[1]), float(f[2])
            if ply < int(skip) or v <= 0.001 or v >= 0.999:
                continue
            # The chess-likes alternate: the first player moves at even plies.
            y = (result + 1) / 2 if ply % 2 == 0 else (1 - result) / 2
            xs.append(math.log(v / (1 - v)))
            ys.append(y)
a, b = 1.0, 0.0
for _ in range(100):  # Newton's method on the slope and the intercept
    ga = gb = haa = hab = hbb = 0.0
    for x, y in zip(xs, ys):
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, a * x + b))))
        w = p * (1 - p)
        ga += (y - p) * x
        gb += y - p
        haa += w * x * x
        hab += w * x
        hbb += w
    det = haa * hbb - hab * hab
    a += (hbb * ga - hab * gb) / det
    b += (haa * gb - hab * ga) / det
print(f"{sys.argv[1]:<24} {len(xs):6d} positions  stretch {a:.2f}  intercept {b:.2f}")
PY
done
