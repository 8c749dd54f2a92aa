"""Batched stepping agrees with the one-state interface: a Batch stepped with
the same actions as a row of States shows the same legal actions, masks,
observations, players and returns, and restarts a game when it ends."""
import random

import numpy as np
import pytest

import asterism
from conftest import SPECS

SIZE = 3
# Long enough for random games of every game to end (Star Pool Chess's last
# about 470 plies), short enough to cut off Shatrabase's endless ones.
MAX_PLIES = 600


def check_same(batch, states):
    actions, counts = batch.legal_actions()
    mask = batch.legal_mask()
    observations = batch.observations()
    players = batch.current_players()
    for i, state in enumerate(states):
        legal = state.legal_actions()
        assert sorted(actions[i, :counts[i]].tolist()) == legal
        assert (actions[i, counts[i]:] == -1).all()
        assert np.flatnonzero(mask[i]).tolist() == legal
        assert np.array_equal(observations[i], state.observation_tensor())
        assert players[i] == state.current_player()


@pytest.mark.parametrize("spec", SPECS)
def test_batch_agrees_with_states(spec):
    game = asterism.load_game(spec)
    batch = asterism.Batch(game, SIZE, seed=5, max_plies=MAX_PLIES)
    assert batch.num_actions == game.num_distinct_actions()
    assert batch.observation_shape == game.observation_tensor_shape()
    states = [game.new_initial_state() for _ in range(SIZE)]
    plies = [0] * SIZE
    rng = random.Random(spec)
    ended = 0
    for step in range(MAX_PLIES + 50):
        check_same(batch, states)
        chosen = batch.random_actions() if step % 2 else np.array(
            [rng.choice(s.legal_actions()) for s in states])
        for i, state in enumerate(states):
            assert chosen[i] in state.legal_actions()
        returns, done, truncated = batch.step(chosen)
        for i, state in enumerate(states):
            state.apply_action(int(chosen[i]))
            plies[i] += 1
            over = state.is_terminal()
            assert done[i] == (over or plies[i] == MAX_PLIES)
            assert truncated[i] == (not over and plies[i] == MAX_PLIES)
            assert returns[i].tolist() == (state.returns() if over else [0.0] * len(returns[i]))
            ended += over
            if done[i]:
                states[i], plies[i] = game.new_initial_state(), 0
    assert ended > 0, "no game ended, so no returns were compared"


def test_illegal_actions_raise_and_change_nothing():
    batch = asterism.Batch("starstar:size=6", 2, seed=3)
    first = batch.random_actions()
    batch.step(first)
    before = batch.observations()
    with pytest.raises(asterism.Error, match=r"^game 1: action \d+ is not legal$"):
        batch.step(np.array([batch.random_actions()[0], first[1]]))
    with pytest.raises(asterism.Error, match="one action per game"):
        batch.step(np.zeros(3, dtype=np.int32))
    with pytest.raises(asterism.Error, match="not legal"):
        batch.step(np.array([-1, 10**6]))
    assert np.array_equal(batch.observations(), before)


def test_a_batch_starts_from_a_state_and_resets_to_it():
    game = asterism.load_game("starpool")
    state = game.new_initial_state()
    state.apply_move("e3-e4")
    batch = asterism.Batch(state, 4, seed=1)
    assert (batch.observations() == state.observation_tensor()).all()
    batch.step(batch.random_actions())
    batch.reset()
    assert (batch.observations() == state.observation_tensor()).all()
    assert (batch.current_players() == 1).all()


def test_bad_batches_raise():
    with pytest.raises(asterism.Error, match="at least one game"):
        asterism.Batch("starstar", 0)
    with pytest.raises(asterism.Error, match="max_plies"):
        asterism.Batch("starstar", 1, max_plies=-1)
    with pytest.raises(asterism.Error, match="unknown game"):
        asterism.Batch("chess", 1)
    state = asterism.load_game("starstar:size=6").new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(asterism.Error, match="game is over"):
        asterism.Batch(state, 1)


def test_two_threads_on_one_batch_wait_or_raise():
    """Steps from two threads at once: each step either happens whole or
    raises asterism.Error (an action chosen before the other thread moved),
    and the batch stays consistent."""
    import threading

    batch = asterism.Batch("starstar:size=6", 16, seed=4)
    failures = []

    def work():
        for _ in range(300):
            try:
                batch.step(batch.random_actions())
            except asterism.Error as e:
                if "is not legal" not in str(e):
                    failures.append(e)
            except Exception as e:  # noqa: BLE001 - anything else is the failure
                failures.append(e)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    actions, counts = batch.legal_actions()
    mask = batch.legal_mask()
    assert (mask.sum(axis=1) == counts).all()
    batch.step(batch.random_actions())
