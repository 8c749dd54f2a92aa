"""The module agrees with the command-line tool: seeded random games of every
registered game, replayed by `asterism state --json`, give the same
position, legal moves, side to move, result and score; and bad input gives
the CLI's one-line error message."""
import random

import pytest

import asterism
from conftest import SPECS, cli_error

PLIES = 300


def seeded_game(spec, seed):
    """The moves of a seeded random game and the states at three points."""
    state = asterism.load_game(spec).new_initial_state()
    rng = random.Random(seed)
    checkpoints = {0: state.clone()}
    moves = []
    while not state.is_terminal() and len(moves) < PLIES:
        action = rng.choice(state.legal_actions())
        moves.append(state.action_to_string(action))
        state.apply_action(action)
        if len(moves) == 7:
            checkpoints[7] = state.clone()
    checkpoints[len(moves)] = state
    return moves, checkpoints


@pytest.mark.parametrize("spec", SPECS)
def test_seeded_games_agree_with_the_cli(spec, cli_state):
    moves, checkpoints = seeded_game(spec, seed=spec)
    for plies, state in checkpoints.items():
        j = cli_state(spec, moves[:plies])
        assert j["game"] == state.spec()
        assert j["position"] == state.serialize()
        assert j["legal"] == state.legal_moves()
        assert j["terminal"] == state.is_terminal()
        assert j["result"] == state.result()
        assert j["score"] == state.score()
        assert j["history"] == state.history()
        assert j["hash"] == state.hash()
        to_move = state.current_player()
        assert (j["to_move"] == "none") == (to_move == asterism.TERMINAL)


def python_error(call):
    with pytest.raises(asterism.Error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("spec", ["nosuchgame", "starstar:size=7", "starstar:colour=red",
                                  "asterisk:mode=inverted,setup=B", "starstar:", "shatra:rules"])
def test_bad_specs_fail_as_in_the_cli(spec, cli):
    message = python_error(lambda: asterism.load_game(spec))
    assert message == cli_error(cli("state", spec))


@pytest.mark.parametrize("spec", SPECS[::7])
@pytest.mark.parametrize("move", ["zz99", "swap", "a1-a1", "*"])
def test_bad_moves_fail_as_in_the_cli(spec, move, cli):
    """The CLI names the move's number and text before the same message."""
    state = asterism.load_game(spec).new_initial_state()
    if move in state.legal_moves():
        return
    message = python_error(lambda: state.apply_move(move))
    assert python_error(lambda: state.string_to_action(move)) == message
    assert cli_error(cli("state", spec, "--moves", move)) == f"move 1 '{move}': {message}"
    assert python_error(lambda: state.apply_move("")) != ""


@pytest.mark.parametrize("spec", SPECS[::5])
def test_bad_positions_fail_as_in_the_cli(spec, cli):
    game = asterism.load_game(spec)
    for position in ["", "garbage", game.new_initial_state().serialize() + " extra"]:
        message = python_error(lambda: game.deserialize_state(position))
        done = cli("state", spec, "--position", position)
        if position == "":
            continue  # the CLI reads an empty --position as the usual start
        assert cli_error(done) == message


def test_bad_actions_raise_and_change_nothing():
    game = asterism.load_game("starstar:size=6")
    state = game.new_initial_state()
    state.apply_action(0)
    before = state.serialize()
    assert "out of range" in python_error(lambda: state.apply_action(game.num_distinct_actions()))
    assert "out of range" in python_error(lambda: state.apply_action(-1))
    assert "not legal" in python_error(lambda: state.apply_action(0))
    assert "not legal" in python_error(lambda: state.action_to_string(0))
    assert "not to move" in python_error(lambda: state.action_to_string(0, 1))
    assert state.serialize() == before
    state.undo()
    assert python_error(state.undo) == "nothing to undo"
