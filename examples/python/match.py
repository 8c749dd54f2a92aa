#!/usr/bin/env python3
"""A small match between two computer players, written with the module.

Each game is played from the start with the players changing seats; the
first player's analysis of the start and every move are printed, and the
games can be kept as records that `asterism replay` reads.

    python3 examples/python/match.py [--spec starstar:size=6]
        [--a level:3] [--b mc] [--games 2] [--save-dir DIR]
"""
import argparse
import pathlib

import asterism


def play(game, first, second, verbose):
    """Plays one game; returns the final state."""
    players = [first, second]
    state = game.new_initial_state()
    if verbose:
        # What the first player thinks of the start, best candidates first.
        for c in first.analyze(state)["candidates"][:3]:
            print(f"  {first.kind} considers {c['move']}: win rate {c['winrate']:.2f}, "
                  f"{c['visits']} visits, line {' '.join(c['pv'][:4])}")
    while not state.is_terminal():
        move = players[state.current_player()].move(state)
        if verbose:
            print(f"  {len(state.history()) + 1:3}. {move}")
        state.apply_move(move)
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="starstar:size=6")
    parser.add_argument("--a", default="level:3", help="a player, as in `asterism match`")
    parser.add_argument("--b", default="mc")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--save-dir", help="write each game's record here")
    parser.add_argument("--quiet", action="store_true", help="print the results only")
    args = parser.parse_args()

    game = asterism.load_game(args.spec)
    if game.num_players() != 2:
        parser.error(f"{game.spec()} is a one-player game")
    a = asterism.Player(game, args.a, seed=1)
    b = asterism.Player(game, args.b, seed=2)
    points = 0.0
    for number in range(args.games):
        first, second = (a, b) if number % 2 == 0 else (b, a)
        print(f"game {number + 1}: {first.kind} (first) against {second.kind}")
        state = play(game, first, second, not args.quiet)
        returns = state.returns()
        a_seat = 0 if first is a else 1
        points += (returns[a_seat] + 1) / 2
        print(f"  result {state.result()}; score {state.score()}")
        if args.save_dir:
            record = asterism.record_of(state, {"First": first.kind, "Second": second.kind})
            path = pathlib.Path(args.save_dir) / f"game{number + 1}.rec"
            record.save(str(path))
            print(f"  saved {path}")
    print(f"{args.a} scored {points} of {args.games} against {args.b}")


if __name__ == "__main__":
    main()
