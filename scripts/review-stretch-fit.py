#!/usr/bin/env python3
"""The fit behind the review's stretch per form (scripts/review-stretch.sh;
docs/review.md, GameInfo::review_stretch): the game's result for the player
to move regressed on the logit of a value v of each position after the
random plies (logistic regression with an intercept, by maximum likelihood,
a draw counting half; proven values, v within 0.001 of 0 or 1, left out).
The slope is the stretch: the chance of winning is 1 / (1 + ((1 - v) / v)^slope).

    review-stretch-fit.py positions FORM FILE:SKIP...
        v from self-play training files (asterism selfplay's positions.txt):
        alpha-beta's value, its best move's score.
    review-stretch-fit.py searches FORM RECORD:SKIP...
        v from a fresh level-5 search rooted at each position of the records,
        the mean over the whole search (the value the review reads for a
        Monte Carlo search, which the training file does not hold); needs
        the Python module on PYTHONPATH. The position where the pie rule's
        swap is legal is left out (the players search it differently).

SKIP is the file's random plies, left out.
"""
import math
import sys


def from_training_files(args):
    xs, ys = [], []
    for arg in args:
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
                xs.append(math.log(v / (1 - v)))
                ys.append((result + 1) / 2 if ply % 2 == 0 else (1 - result) / 2)
    return xs, ys


def from_searches(form, args, level=5):
    import asterism

    game = asterism.load_game(form)
    xs, ys = [], []
    for n, arg in enumerate(args):
        path, skip = arg.rsplit(":", 1)
        record = asterism.load_record(path)
        final = record.state()
        if not final.is_terminal():
            continue
        result = final.returns()
        state = game.new_initial_state()
        player = asterism.Player(game, "level:%d" % level, seed=1 + n)
        for ply, move in enumerate(record.moves):
            if ply >= int(skip) and "swap" not in state.legal_moves():
                v = player.analyze(state)["root_winrate"]
                if 0.001 < v < 0.999:
                    xs.append(math.log(v / (1 - v)))
                    ys.append((result[state.current_player()] + 1) / 2)
            state.apply_move(move)
    return xs, ys


def fit(xs, ys):
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
    return a, b


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("positions", "searches"):
        sys.exit("usage: review-stretch-fit.py positions|searches FORM FILE:SKIP...")
    kind, form, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    xs, ys = from_training_files(files) if kind == "positions" else from_searches(form, files)
    if len(xs) < 100:
        sys.exit("review-stretch-fit: only %d positions, too few to fit" % len(xs))
    a, b = fit(xs, ys)
    if not (math.isfinite(a) and abs(a) < 100):
        sys.exit("review-stretch-fit: the fit did not converge (too few games, or the values "
                 "separate the results perfectly)")
    print(f"{form:<24} {len(xs):6d} positions  stretch {a:.2f}  intercept {b:.2f}")


if __name__ == "__main__":
    main()
