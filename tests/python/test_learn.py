"""The rules pages and the lessons (web/rules-*.html, web/lessons/*.json,
docs/learn.md) replayed through the rules engine, so that the site teaches
only real positions and legal moves:

* every diagram's position parses, its moves (data-moves) are legal in turn,
  and the moves it draws (data-show) are legal in the position it shows;
* every move named in a page's text (<code class="move">) is legal in the
  diagram before it, and a worked scoring example (data-score) scores as
  the text says;
* every lesson's position parses; every move it accepts, every scripted
  answer and every move it explains as wrong is legal where it is played
  (a line may end with the answer that finishes the game);
  every alternative accepted leads on through the rest of the line; a
  "win" lesson ends with the learner winning, and where the line is short
  enough (five plies) the win is proven against every defence, not only the scripted one;
* the pages follow the site's rules: a Rules link, no inline script or
  event handler attribute (the Content-Security-Policy forbids them).
"""
import json
import pathlib
from html.parser import HTMLParser

import pytest

import asterism

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"
RULES_PAGES = sorted(WEB.glob("rules-*.html"))
LESSON_FILES = sorted((WEB / "lessons").glob("*.json"))
GAMES = ["starstar", "asterisk", "shatra", "starpool"]


def position(spec, text=""):
    game = asterism.load_game(spec)
    return game.deserialize_state(text) if text else game.new_initial_state()


def play(state, move, where):
    assert move in state.legal_moves(), f"{where}: {move} is not legal in {state.serialize()}"
    state.apply_action(state.string_to_action(move))


class Page(HTMLParser):
    """The diagrams of a page and the moves its text names, each with the
    diagram before it."""

    def __init__(self):
        super().__init__()
        self.figures = []
        self.mentions = []  # (figure index or None, move text)
        self.in_move = None
        self.links = []
        self.inline_scripts = 0
        self.handlers = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.handlers += [k for k in a if k.startswith("on")]
        if tag == "script" and "src" not in a:
            self.inline_scripts += 1
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "figure" and "diagram" in a.get("class", "").split():
            self.figures.append(a)
        if tag == "code" and "move" in a.get("class", "").split():
            self.in_move = ""

    def handle_data(self, data):
        if self.in_move is not None:
            self.in_move += data

    def handle_endtag(self, tag):
        if tag == "code" and self.in_move is not None:
            self.mentions.append((len(self.figures) - 1 if self.figures else None,
                                  self.in_move.strip()))
            self.in_move = None


def parse(path):
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def shown_state(figure, where):
    state = position(figure["data-spec"], figure.get("data-position", ""))
    for move in figure.get("data-moves", "").split():
        play(state, move, where)
    return state


def test_every_game_has_a_rules_page_and_lessons():
    assert [p.name for p in RULES_PAGES] == sorted(f"rules-{g}.html" for g in GAMES)
    assert [p.name for p in LESSON_FILES] == sorted(f"{g}.json" for g in GAMES)


@pytest.mark.parametrize("page", RULES_PAGES, ids=lambda p: p.name)
def test_rules_diagrams_are_real_positions(page):
    parsed = parse(page)
    assert parsed.figures, "a rules page without diagrams"
    states = []
    for i, figure in enumerate(parsed.figures):
        where = f"{page.name}, diagram {i + 1}"
        state = shown_state(figure, where)
        for move in figure.get("data-show", "").split():
            assert move in state.legal_moves(), f"{where}: data-show {move} is not legal"
        if "data-score" in figure:
            assert state.is_terminal(), f"{where}: a scored example must be a finished game"
            want = json.loads(figure["data-score"])
            score = state.score()
            for side, figures in want.items():
                for key, value in figures.items():
                    assert score[side][key] == value, f"{where}: {side} has {score[side]}"
        states.append(state)
    assert parsed.mentions, "the text names no moves"
    for index, move in parsed.mentions:
        assert index is not None, f"{page.name}: {move} is named before any diagram"
        assert move in states[index].legal_moves(), \
            f"{page.name}: {move}, named after diagram {index + 1}, is not legal there"


def web_pages():
    return sorted(WEB.glob("*.html"))


@pytest.mark.parametrize("page", web_pages(), ids=lambda p: p.name)
def test_every_page_links_the_rules_and_has_no_inline_script(page):
    parsed = parse(page)
    assert "rules.html" in parsed.links, f"{page.name} has no Rules link"
    assert parsed.inline_scripts == 0, f"{page.name} has inline script"
    assert not parsed.handlers, f"{page.name} has inline handlers {parsed.handlers}"


def forced_win(state, learner, plies):
    """Whether the learner, to move or not, wins within `plies` plies
    against every defence."""
    if state.is_terminal():
        return state.returns()[learner] > 0
    if plies == 0:
        return False
    mover_is_learner = state.current_player() == learner
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        won = forced_win(child, learner, plies - 1)
        if mover_is_learner and won:
            return True
        if not mover_is_learner and not won:
            return False
        results.append(won)
    return not mover_is_learner


def lessons():
    for path in LESSON_FILES:
        book = json.loads(path.read_text(encoding="utf-8"))
        for i, lesson in enumerate(book["lessons"]):
            yield pytest.param(book, lesson, id=f"{path.stem}-{i + 1}")


def test_each_game_has_at_least_eight_lessons():
    for path in LESSON_FILES:
        book = json.loads(path.read_text(encoding="utf-8"))
        assert book["game"] == path.stem
        assert len(book["lessons"]) >= 8, path.name
        assert (WEB / book["rules"]).exists()
        assert any(lesson["goal"] == "win" for lesson in book["lessons"]), path.name


def reply_to(step, move):
    """The scripted answer to `move`: one per step, or one per accepted move."""
    reply = step.get("reply")
    return reply.get(move) if isinstance(reply, dict) else reply


def replay_line(lesson, state, line, where):
    """Plays the line (the first accepted move of each step and the
    scripted answers) from `state`."""
    for step in line:
        play(state, step["play"][0], where)
        if reply_to(step, step["play"][0]):
            play(state, reply_to(step, step["play"][0]), where + " (the answer)")
    return state


@pytest.mark.parametrize("book,lesson", lessons())
def test_lesson_replays_through_the_rules(book, lesson):
    where = f"{book['game']}: {lesson['title']}"
    for key in ("title", "spec", "task", "goal", "line", "wrong", "hint"):
        assert lesson.get(key), f"{where}: no {key}"
    assert lesson["spec"].split(":")[0] == book["game"]
    assert lesson["goal"] in ("move", "win")
    start = position(lesson["spec"], lesson.get("position", ""))
    learner = start.current_player()
    state = start.clone()
    line = lesson["line"]
    assert line and all(s["play"] for s in line)
    for k, step in enumerate(line):
        assert state.current_player() == learner, f"{where}: step {k + 1} is not the learner's"
        for alternative in step["play"]:
            branch = state.clone()
            play(branch, alternative, where)
            if reply_to(step, alternative):
                play(branch, reply_to(step, alternative), where + " (the answer)")
            rest = replay_line(lesson, branch, line[k + 1:], where + f" after {alternative}")
            if lesson["goal"] == "win":
                assert rest.is_terminal() and rest.returns()[learner] > 0, \
                    f"{where}: the line with {alternative} does not win"
        if k == 0:
            for wrong in lesson.get("wrong_moves", {}):
                assert wrong in state.legal_moves(), f"{where}: wrong move {wrong} is not legal"
                assert wrong not in step["play"]
        play(state, step["play"][0], where)
        if reply_to(step, step["play"][0]):
            play(state, reply_to(step, step["play"][0]), where + " (the answer)")
    if lesson["goal"] == "win":
        plies = len(line) + sum(bool(reply_to(step, step["play"][0])) for step in line)
        if plies <= 5:
            after = start.clone()
            play(after, line[0]["play"][0], where)
            assert forced_win(after, learner, plies - 1), f"{where}: the win is not forced"
