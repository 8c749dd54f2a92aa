"""The module's random-game property test (as tests/common/property.h does for
the C++ States): at every ply of seeded random games of every registered
game, legal actions and legal moves are the same set, every action and move
round-trips, clone and serialize round-trip, undo restores the position,
and the returns are sound."""
import random

import numpy as np
import pytest

import asterism
from conftest import SPECS, scaled

# Shatrabase's rules have no draw rule, so a random game may go on for
# ever; a game stops here whether it has ended or not.
MAX_PLIES = 1000


def check_actions(state, game):
    actions = state.legal_actions()
    moves = state.legal_moves()
    assert actions == sorted(set(actions)), "legal actions are not distinct and ascending"
    assert len(actions) == len(moves)
    assert all(0 <= a < game.num_distinct_actions() for a in actions)
    mover = state.current_player()
    assert state.legal_actions(mover) == actions
    assert state.legal_actions(1 - mover) == [] or game.num_players() == 1
    texts = [state.action_to_string(a) for a in actions]
    assert sorted(texts) == moves, "actions do not name the legal moves"
    assert [state.string_to_action(t) for t in texts] == actions
    return actions


def check_copies(state, game):
    position = state.serialize()
    copy = state.clone()
    assert copy.serialize() == position and copy.hash() == state.hash()
    again = game.deserialize_state(position)
    assert again.serialize() == position
    assert again.legal_moves() == state.legal_moves()
    assert again.current_player() == state.current_player()


def check_observation(state, game):
    tensor = state.observation_tensor()
    assert np.array_equal(state.observation_tensor(game.num_players() - 1), tensor)
    assert not state.is_chance_node()
    assert tensor.dtype == np.float32
    assert list(tensor.shape) == game.observation_tensor_shape()
    assert len(game.observation_planes()) == tensor.shape[0]
    assert np.isfinite(tensor).all() and tensor.min() >= 0 and tensor.max() <= 1


def check_end(state, game):
    returns = state.returns()
    assert len(returns) == game.num_players()
    if not state.is_terminal():
        assert returns == [0.0] * game.num_players()
        return
    assert state.current_player() == asterism.TERMINAL
    assert state.legal_actions() == [] and state.legal_moves() == []
    if game.num_players() == 2:
        assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}
    else:
        assert returns in ([1.0], [-1.0])


def play_random_game(game, rng):
    state = game.new_initial_state()
    for _ in range(MAX_PLIES):
        check_copies(state, game)
        check_observation(state, game)
        check_end(state, game)
        if state.is_terminal():
            break
        actions = check_actions(state, game)
        action = rng.choice(actions)
        position, key = state.serialize(), state.hash()
        state.apply_action(action)
        state.undo()
        assert state.serialize() == position and state.hash() == key
        state.apply_action(action)
    check_end(state, game)
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_random_games(spec):
    """Plays seeded random games until enough have been played and one has
    ended (Shatrabase's rules may cycle, so a game may stop unended)."""
    game = asterism.load_game(spec)
    rng = random.Random(spec)
    played, ended = 0, 0
    while played < scaled(4) or (not ended and played < 6):
        ended += play_random_game(game, rng).is_terminal()
        played += 1
    assert ended, f"none of {played} random games ended within {MAX_PLIES} plies"


def test_shatra_chains_with_one_start_and_end_get_variants():
    """A position from a random Altai game where 71 capture chains lead from
    d9 to g6: each gets its own action, the first in the base range and the
    others in the variant ranges above it."""
    game = asterism.load_game("shatra:rules=altai")
    state = game.deserialize_state(
        "3/3/3/1/sssssss/ss1qk2/2R4/RQSBSS1/2S2K1/SSSS1SS/1/3/2S/3 b T - - - 0 15")
    actions = check_actions(state, game)
    chains = [a for a in actions if state.action_to_string(a).startswith("d9:")
              and state.action_to_string(a).endswith(":g6")]
    base = 4 * 62 * 62
    assert len(chains) == 71
    assert sorted(a // base for a in chains) == list(range(71))
    assert len({a % base for a in chains}) == 1
