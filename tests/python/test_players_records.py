"""Computer players and game records from Python: a player's move is legal
and its analysis well formed for every game; records written from a state
read back to the same game; and bad players and bad record files fail with
the CLI's messages."""
import pathlib

import pytest

import asterism
from conftest import cli_error

GAMES = [info["specs"][0] for info in asterism.registered_games()]
BAD_RECORDS = sorted((pathlib.Path(__file__).parent.parent / "data/records/bad").glob("*.rec"))
GOOD_RECORDS = sorted((pathlib.Path(__file__).parent.parent / "data/records/good").glob("*.rec"))


@pytest.mark.parametrize("spec", GAMES)
def test_players_move_and_analyse(spec):
    game = asterism.load_game(spec)
    state = game.new_initial_state()
    player = asterism.Player(spec, "level:2", seed=3)
    for _ in range(4):
        if state.is_terminal():
            break
        assert player.move(state) in state.legal_moves()
        assert player.action(state) in state.legal_actions()
        analysis = player.analyze(state)
        assert analysis["candidates"], analysis
        for c in analysis["candidates"]:
            assert c["move"] in state.legal_moves()
            assert c["pv"][0] == c["move"]
            assert 0 <= c["winrate"] <= 1
        assert analysis["unit"] in ("playouts", "nodes")
        assert 0 <= analysis["root_winrate"] <= 1
        assert analysis["root_visits"] > 0, analysis
        state.apply_move(analysis["candidates"][0]["move"])


def test_a_small_match_between_levels_finishes():
    game = asterism.load_game("starstar:size=6")
    players = [asterism.Player(game, "level:3"), asterism.Player(game, "random")]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_move(players[state.current_player()].move(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("kind", ["bogus", "level:11", "mcts:foo=1", "ab:nodes=x"])
def test_bad_players_fail_as_in_the_cli(kind, cli):
    with pytest.raises(asterism.Error) as caught:
        asterism.Player("shatra", kind)
    done = cli("match", "shatra", "--a", kind, "--b", "random", "--games", "1")
    assert cli_error(done) == str(caught.value)


def test_a_player_refuses_another_game_and_a_finished_one():
    player = asterism.Player("starstar:size=6", "random")
    with pytest.raises(asterism.Error, match="this player plays starstar:size=6"):
        player.move(asterism.load_game("starstar:size=8").new_initial_state())
    state = asterism.load_game("starstar:size=6").new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    with pytest.raises(asterism.Error, match="game is over"):
        player.analyze(state)


@pytest.mark.parametrize("spec", GAMES)
def test_records_round_trip(spec, tmp_path):
    state = asterism.load_game(spec).new_initial_state()
    for _ in range(6):
        if not state.is_terminal():
            state.apply_action(state.legal_actions()[len(state.legal_actions()) // 2])
    record = asterism.record_of(state, {"First": "python", "Date": "2025-01-31"})
    assert record.tags["Game"] == state.spec() and record.tags["First"] == "python"
    assert record.moves == state.history()
    again = asterism.parse_record(record.text())
    assert again.text() == record.text()
    assert again.state().serialize() == state.serialize()
    path = tmp_path / "game.rec"
    record.save(str(path))
    loaded = asterism.load_record(str(path))
    replayed = loaded.state()
    assert replayed.history() == state.history()
    replayed.undo()


def test_a_record_keeps_its_start_position():
    game = asterism.load_game("starstar:size=6")
    state = game.deserialize_state(game.new_initial_state().serialize().replace("5/", "b4/", 1))
    state.apply_action(state.legal_actions()[0])
    record = asterism.record_of(state)
    assert "Position" in record.tags
    assert record.state().serialize() == state.serialize()


@pytest.mark.parametrize("path", GOOD_RECORDS, ids=lambda p: p.name)
def test_good_records_load(path, cli):
    record = asterism.load_record(str(path))
    done = cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert f"moves:    {len(record.moves)}\n" in done.stdout
    assert f"position: {record.state().serialize()}\n" in done.stdout


@pytest.mark.parametrize("path", BAD_RECORDS, ids=lambda p: p.name)
def test_bad_records_fail_as_in_the_cli(path, cli):
    with pytest.raises(asterism.Error) as caught:
        asterism.load_record(str(path))
    assert cli_error(cli("replay", str(path))) == str(caught.value)
    with pytest.raises(asterism.Error):
        asterism.parse_record(path.read_text(), source=str(path))


def test_a_missing_record_file_fails_as_in_the_cli(cli, tmp_path):
    missing = str(tmp_path / "none.rec")
    with pytest.raises(asterism.Error) as caught:
        asterism.load_record(missing)
    assert cli_error(cli("replay", missing)) == str(caught.value)
