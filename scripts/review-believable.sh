#!/usr/bin/env bash
# Whether a review tells random moves from good ones (issue 43 point 1;
# docs/review.md). For each form, games between a random player and a
# level-7 player (the random side first in odd seeds, second in even ones),
# each reviewed at the default review level, and per form:
#   random marked   the random side's moves marked (any mark), of its moves;
#   strong marked   the same for the level-7 side;
#   lost by         the random side's first mistake or blunder played while
#                   its expected score was still 30 points or more (the move
#                   that lost the game before it was lost), "-" if none;
#   calm            the share of the strong side's moves after which the
#                   first player's graph moved by less than 12 points;
#   accuracy        each side's accuracy (lichess's formula).
# The goal, per game: a "lost by" move; at least 3 random moves marked and
# at least three times the strong side's share; calm at least 80%. A game
# whose random side had fewer than 3 moves with a choice (more than one
# legal move) cannot have 3 of them marked: its FAIL says so ("3 marks
# impossible"), counted with the Python module of the binary's build tree
# when it is there.
# Then the strong-game check (issue 27): self-play at STRONG_LEVEL (9) after
# 2 random plies, STRONG_PLIES (40) plies, reviewed the same way: at most 5%
# of the counted moves (after the random plies) marked mistake or blunder,
# no blunder among the first ten. Everything runs under nice, one game at a
# time (the machine is shared).
#
#   scripts/review-believable.sh [BINARY]
# Environment: SEEDS (default "1 2 3 4 5 6"), FORMS (default the seven below), OUT
# (work folder, default a temporary one, kept), STRONG_LEVEL, STRONG_PLIES,
# STRONG=0 to skip the strong games, REVIEW_ARGS (more options of `asterism
# review`, e.g. "--proof-plies 0").
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$here/build/release/apps/asterism/asterism}"
seeds="${SEEDS:-1 2 3 4 5 6}"
forms="${FORMS:-starstar:size=6 starstar:size=8 asterisk:size=8 asterisk:size=11 shatra:rules=original shatra starpool}"
strong_level="${STRONG_LEVEL:-9}"
strong_plies="${STRONG_PLIES:-40}"
out="${OUT:-$(mktemp -d /tmp/review-believable.XXXXXX)}"
review_args="${REVIEW_ARGS:-}"
[ -x "$bin" ] || { echo "review-believable: no binary at $bin" >&2; exit 2; }
mkdir -p "$out"
echo "random against level 7, seeds: $seeds; reviews at the default level; files in $out"
start=$SECONDS

for form in $forms; do
    for seed in $seeds; do
        name="$out/${form//[:=,]/_}-$seed"
        if [ $((seed % 2)) -eq 1 ]; then first=random second=level:7 random_side=0; else first=level:7 second=random random_side=1; fi
        [ -s "$name.rec" ] || nice -n 10 "$bin" play "$form" --first "$first" --second "$second" \
            --seed "$seed" --save "$name.rec" </dev/null >/dev/null
        [ -s "$name.json" ] || nice -n 10 "$bin" review "$name.rec" --json $review_args >"$name.json"
        PYTHONPATH="$(dirname "$(dirname "$(dirname "$bin")")")/python" \
        python3 - "$name.json" "$random_side" "$form" "$seed" "$name.rec" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); rand = int(sys.argv[2])
try:  # the random side's moves with a choice, by the rules (the Python module)
    import asterism
    rec = asterism.load_record(sys.argv[5]); state = asterism.load_game(rec.tags["Game"]).new_initial_state()
    choices = 0
    for k, move in enumerate(rec.moves):
        choices += r["moves"][k]["mover"] == rand and len(state.legal_moves()) > 1
        state.apply_move(move)
except ImportError:
    choices = None
g = r["winrate_first"]; moves = r["moves"]
mine = [m for m in moves if m["mover"] == rand]; theirs = [m for m in moves if m["mover"] != rand]
marked = lambda ms: sum(1 for m in ms if m["mark"])
lost = [m for m in mine if m["mark"] in ("mistake", "blunder") and m["before"] >= 0.3]
calm = [abs(g[m["ply"] + 1] - g[m["ply"]]) < 0.12 for m in theirs if m["ply"] + 1 < len(g)]
rs, ss = marked(mine) / max(1, len(mine)), marked(theirs) / max(1, len(theirs))
acc = {p["player"]: p["accuracy"] for p in r.get("players", [])}
few = (" (3 marks impossible: %d of its moves had a choice)" % choices if choices is not None and choices < 3
       else " in %d moves" % len(mine) if len(mine) < 3 else "")
why = [w for w, bad in (("no lost-by move", not lost), ("under 3 marks" + few, marked(mine) < 3),
                        ("share", rs < 3 * ss), ("calm", sum(calm) < 0.8 * len(calm))) if bad]
print(f"{sys.argv[3]:<22} seed {sys.argv[4]}  random marked {marked(mine):2d}/{len(mine):2d}  "
      f"strong marked {marked(theirs):2d}/{len(theirs):2d}  "
      f"lost by {('ply %d %s (%s, %.0f%% -> %.0f%%)' % (lost[0]['ply'] + 1, lost[0]['move'], lost[0]['mark'], 100 * lost[0]['before'], 100 * lost[0]['after'])) if lost else '-':<40}  "
      f"calm {sum(calm)}/{len(calm)}  accuracy random {acc.get(rand, 0):.0f} strong {acc.get(1 - rand, 0):.0f}  "
      f"tempo {100 * r.get('tempo_bias', 0):.0f}  {'FAIL: ' + ', '.join(why) if why else 'ok'}")
PY
    done
done
echo "random games: $((SECONDS - start)) s"

[ "${STRONG:-1}" = 0 ] && exit 0
start=$SECONDS
echo "strong games: self-play at level $strong_level, 2 random plies, $strong_plies plies, reviewed at the default level"
for form in $forms; do
    dir="$out/strong-${form//[:=,]/_}"
    [ -s "$dir/records/000000.rec" ] || nice -n 10 "$bin" selfplay "$form" --games 1 --level "$strong_level" \
        --random-plies 2 --max-plies "$strong_plies" --seed 27 --out "$dir" --quiet >/dev/null
    json="$dir/review.json"
    [ -s "$json" ] || nice -n 10 "$bin" review "$dir/records/000000.rec" --json $review_args >"$json"
    python3 - "$json" "$form" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); g = r["winrate_first"]
moves = r["moves"][2:]
bad = sum(1 for m in moves if m["mark"] in ("mistake", "blunder"))
anymark = sum(1 for m in moves if m["mark"])
early = sum(1 for m in moves[:10] if m["mark"] == "blunder")
calm = sum(1 for m in moves if abs(g[m["ply"] + 1] - g[m["ply"]]) < 0.12)
acc = " ".join(f"{p['accuracy']:.0f}" for p in r.get("players", []))
ok = bad * 20 <= len(moves) and early == 0
print(f"{sys.argv[2]:<22} {len(moves):3d} moves  mistakes or blunders {bad} ({100 * bad / max(1, len(moves)):.1f}%)  "
      f"any mark {anymark}  early blunders {early}  calm {calm}/{len(moves)}  accuracy {acc}  {'ok' if ok else 'FAIL'}")
PY
done
echo "strong games: $((SECONDS - start)) s"
