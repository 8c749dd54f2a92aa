#!/usr/bin/env python3
"""Kills `asterism serve` with SIGKILL in the middle of several online games.

Usage: kill_test.py ASTERISM_BINARY

It starts the server on 127.0.0.1 with a temporary data folder, creates
eight online games of the four games (some with Fischer clocks, one against
the computer, one that a player resigns early), and lets two clients per game
(threads, each with its seat's secret) play random legal moves as fast as
they can. After KILL_AFTER seconds the server gets SIGKILL while requests are
under way; it is started again on the same folder, and for every game:

* the history begins with every move the server had acknowledged (a 200
  reply), in order, and with every move any reply had shown;
* nothing else follows, except the one move whose request was sent but whose
  reply never came (it may or may not have been committed), and for the game
  against the computer, moves of the computer;
* the seats still act with their secrets (the side to move plays a move, a
  wrong secret gets 403 and changes nothing), and the finished games are in
  the archive.

Local games (/api/games of kind "local": one screen, or against the computer) are the
same service's games and are killed with them: four are played beside the
online ones (moves for both sides, takebacks, the computer's moves, a
change of players and level, one loaded from a record), one is closed, and
after the restart each shows the history and players of the last reply its
client had (or that reply's request carried out, for the one in flight),
takes a move, and the closed one stays closed.

Every loop is bounded in count and time, every socket has a timeout, only
the loopback interface is used, and the data folder is removed at the end.
Exits 1 with one line per failure.
"""

import http.client
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"
KILL_AFTER = 1.5        # seconds of play before the kill, at least
KILL_BY = 8.0           # ... and at most, waiting for every local game's sixth change
PLAY_LIMIT = 10.0       # seconds a client may play at most, whatever happens
REQUEST_TIMEOUT = 5.0   # seconds for one reply

GAMES = [
    # (game, options, clock, opponent)
    ("starstar", {"size": 6}, None, "person"),
    ("starstar", {"size": 6}, {"kind": "fischer", "minutes": 5, "increment": 2}, "person"),
    ("shatra", {}, None, "person"),
    ("shatra", {}, {"kind": "fischer", "minutes": 5, "increment": 0}, "person"),
    ("starpool", {}, None, "person"),
    ("starpool", {}, {"kind": "fischer", "minutes": 3, "increment": 1}, "person"),
    ("asterisk", {"size": 8}, None, "person"),
    ("starstar", {"size": 6}, None, "level:1"),
]
RESIGNING = 2           # index of the game whose second seat resigns at ply 4
LOCAL_GAMES = [
    # (body of POST /api/games, whose kind "local" is added)
    {"game": "starstar", "options": {"size": 6}, "players": ["human", "human"]},
    {"game": "shatra", "players": ["human", "computer"], "level": 1},
    {"game": "starpool", "players": ["human", "human"], "level": 2},
    {"record": "[Game \"asterisk:size=8\"]\n\n*\n", "players": ["human", "human"]},
]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


class Client:
    """One kept-alive HTTP/1.1 connection to the server."""

    def __init__(self, port, secret=None):
        self.port, self.secret, self.conn = port, secret, None

    def request(self, method, path, body=None, secret=None):
        """Returns (status, parsed JSON); raises OSError/HTTPException when
        the connection fails."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
        headers = {"Content-Type": "application/json"}
        token = secret if secret is not None else self.secret
        if token:
            headers["Authorization"] = "Bearer " + token
        data = None if body is None else json.dumps(body)
        try:
            self.conn.request(method, path, body=data, headers=headers)
            reply = self.conn.getresponse()
            text = reply.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        return reply.status, json.loads(text) if text else {}

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def call(port, method, path, body=None, cookie=None):
    """One request on a connection of its own, with an account's session
    cookie if given; returns (status, parsed JSON, the Set-Cookie pair)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    reply = conn.getresponse()
    text = reply.read()
    set_cookie = reply.getheader("Set-Cookie") or ""
    conn.close()
    return reply.status, (json.loads(text) if text else {}), set_cookie.split(";")[0]


class GameLog:
    """What the clients of one game learnt from the server before the kill."""

    def __init__(self, index, game_id, secrets, computer):
        self.index, self.id, self.secrets, self.computer = index, game_id, secrets, computer
        self.lock = threading.Lock()
        self.acked = {}       # ply -> move acknowledged with 200 at that ply
        self.seen = []        # the longest history any 200 reply showed
        self.in_flight = []   # (ply, move) sent without a reply
        self.finished = False

    def saw(self, state):
        with self.lock:
            history = state.get("history", [])
            if len(history) > len(self.seen):
                if history[:len(self.seen)] != self.seen:
                    fail(f"game {self.index}: a reply showed a history that rewrites an earlier one")
                self.seen = list(history)
            if state.get("terminal"):
                self.finished = True


def start_server(binary, data, extra=()):
    """Starts `asterism serve` on a free port of 127.0.0.1 with the data
    folder `data` and the options `extra`; returns (process, port)."""
    server = subprocess.Popen([binary, "serve", "--port", "0", "--host", HOST, "--data", data,
                               *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    if f"http://{HOST}:" not in line:
        server.kill()
        server.wait()
        raise SystemExit(f"FAIL: the server did not start: {line.strip()!r}")
    port = int(line.split(f"http://{HOST}:")[1].split("/")[0])
    # The rest of its output is drained so that it never blocks on a full pipe.
    threading.Thread(target=server.stdout.read, daemon=True).start()
    return server, port


def create_games(port):
    client, logs = Client(port), []
    for index, (game, options, clock, opponent) in enumerate(GAMES):
        body = {"game": game, "options": options, "seat": "first", "name": f"first{index}",
                "opponent": opponent}
        if clock:
            body["clock"] = clock
        status, created = client.request("POST", "/api/games", body)
        if status != 201:
            raise SystemExit(f"FAIL: creating game {index} ({game}) gave {status}: {created}")
        secrets = [created["secret"], None]
        if opponent == "person":
            invite = created["links"]["invite"].split("secret=")[1]
            status, joined = client.request("POST", f"/api/games/{created['id']}/join",
                                            {"name": f"second{index}"}, secret=invite)
            if status != 200:
                raise SystemExit(f"FAIL: joining game {index} gave {status}: {joined}")
            secrets[1] = invite
        logs.append(GameLog(index, created["id"], secrets, opponent != "person"))
    client.close()
    return logs


def play(port, log, seat, stop, rng):
    """Plays seat `seat` of a game until it ends, `stop` is set or the
    connection fails (the kill)."""
    client = Client(port, log.secrets[seat])
    deadline = time.monotonic() + PLAY_LIMIT
    path = f"/api/games/{log.id}"
    try:
        for _ in range(100000):
            if stop.is_set() or time.monotonic() > deadline:
                return
            status, state = client.request("GET", path)
            if status != 200:
                fail(f"game {log.index}: GET gave {status} before the kill: {state}")
                return
            log.saw(state)
            if state["terminal"]:
                return
            if state["to_move"] != seat:
                time.sleep(0.002)
                continue
            ply = state["ply"]
            if log.index == RESIGNING and seat == 1 and ply >= 4:
                status, after = client.request("POST", path + "/resign", {})
                if status != 200:
                    fail(f"game {log.index}: resigning gave {status}: {after}")
                log.saw(after)
                return
            move = rng.choice(state["view"]["moves"])["text"]
            with log.lock:
                log.in_flight.append((ply, move))
            status, after = client.request("POST", path + "/move", {"move": move, "ply": ply})
            with log.lock:
                log.in_flight.pop()
                if status == 200:
                    log.acked[ply] = move
            if status == 200:
                # The reply is the move's change (docs/server.md), not the state.
                if after.get("change") != "move" or after["ply"] != ply + 1 or after["move"] != move:
                    fail(f"game {log.index}: the reply to move {move} at ply {ply} shows ply "
                         f"{after['ply']}")
                log.saw({"history": state["history"] + [move], "terminal": after["terminal"]})
            elif status != 409:
                # 409: the computer or the clock moved first; anything else is wrong.
                fail(f"game {log.index}: move {move!r} at ply {ply} gave {status}: {after}")
                return
    except (OSError, http.client.HTTPException):
        if not stop.is_set():
            fail(f"game {log.index}: a request failed before the kill")
    finally:
        client.close()


class LocalLog:
    """What the client of one local game learnt before the kill."""

    def __init__(self, index, state):
        self.index, self.id = index, state["id"]
        self.history, self.players, self.level = state["history"], state["players"], state["level"]
        self.flying = None   # the request sent without a reply: (path, body)
        self.actions = 0


def create_local_games(port):
    client, logs = Client(port), []
    for index, body in enumerate(LOCAL_GAMES):
        status, made = client.request("POST", "/api/games", {**body, "kind": "local"})
        if status != 201:
            raise SystemExit(f"FAIL: creating local game {index} gave {status}: {made}")
        logs.append(LocalLog(index, made["state"]))
    # One more, closed at once: it must stay closed.
    status, made = client.request("POST", "/api/games", {"kind": "local", "game": "starstar"})
    closed = made.get("id")
    if status != 201 or client.request("DELETE", f"/api/games/{closed}")[0] != 200:
        raise SystemExit("FAIL: creating and closing a local game")
    client.close()
    return logs, closed


def play_local(port, log, stop, rng):
    """Moves for both sides, a takeback every few moves, the computer's turns
    and, once, new players and level, until `stop` or the kill."""
    client = Client(port)
    base = f"/api/games/{log.id}"
    deadline = time.monotonic() + PLAY_LIMIT
    try:
        for k in range(100000):
            if stop.is_set() or time.monotonic() > deadline:
                return
            status, state = client.request("GET", base)
            if status != 200:
                fail(f"local game {log.index}: GET gave {status} before the kill: {state}")
                return
            mover = state["to_move"]
            if k == 5:
                request = (base + "/players", {"players": ["human", "level:1"], "level": 2})
            elif state["terminal"] or (k % 7 == 6 and state["history"]):
                request = (base + "/takeback", {"count": 1})
            elif mover >= 0 and state["players"][mover]["seat"] == "computer":
                request = (base + "/computer", {})
            else:
                request = (base + "/move", {"move": rng.choice(state["view"]["moves"])["text"]})
            log.flying = request
            status, after = client.request("POST", *request)
            log.flying = None
            if status == 200:
                log.history, log.players, log.level = (after["history"], after["players"],
                                                       after["level"])
                log.actions += 1
            elif status not in (400, 429):
                # 400: a move the rules refuse; 429: the address's searches
                # are all under way (the four games share it). Nothing changed.
                fail(f"local game {log.index}: {request} gave {status}: {after}")
                return
    except (OSError, http.client.HTTPException):
        if not stop.is_set():
            fail(f"local game {log.index}: a request failed before the kill")
    finally:
        client.close()


def check_local(port, logs, closed):
    client = Client(port)
    try:
        for log in logs:
            base = f"/api/games/{log.id}"
            status, state = client.request("GET", base)
            if status != 200:
                fail(f"local game {log.index}: GET after the restart gave {status}: {state}")
                continue
            history = state["history"]
            same = (history == log.history and state["players"] == log.players
                    and state["level"] == log.level)
            # The request in flight may have been carried out: one move more
            # or one fewer (a computer's turn, a move, a takeback), or the
            # new players.
            flown = log.flying is not None and (
                (len(history) == len(log.history) + 1 and history[:-1] == log.history)
                or (len(history) == len(log.history) - 1 and history == log.history[:-1])
                or (history == log.history and log.flying[0].endswith("/players")))
            if not same and not flown:
                fail(f"local game {log.index}: after the restart it shows {len(history)} moves "
                     f"and players {state['players']}, level {state['level']}; its client last "
                     f"saw {len(log.history)} moves, {log.players}, level {log.level}")
            if not state["terminal"]:
                move = state["view"]["moves"][0]["text"]
                status, after = client.request("POST", base + "/move", {"move": move})
                if status != 200 or after["history"] != history + [move]:
                    fail(f"local game {log.index}: a move after the restart gave {status}")
        status, _ = client.request("GET", f"/api/games/{closed}")
        if status != 404:
            fail(f"a closed local game answered {status} after the restart, not 404")
    finally:
        client.close()


def check_history(log, history):
    """The restarted server's history of a game against what was learnt."""
    n = len(log.seen)
    for ply, move in log.acked.items():
        if ply >= n or log.seen[ply] != move:
            fail(f"game {log.index}: acknowledged move {move} at ply {ply} is not in what "
                 f"the replies showed")
    if history[:n] != log.seen:
        fail(f"game {log.index}: after the restart the history does not begin with the "
             f"{n} moves acknowledged and shown (first difference at ply "
             f"{next(i for i in range(n) if i >= len(history) or history[i] != log.seen[i])})")
        return
    extra = history[n:]
    flying = [move for ply, move in log.in_flight if ply == n]
    if extra and flying and extra[0] == flying[0]:
        extra = extra[1:]
    if extra and not log.computer:
        fail(f"game {log.index}: after the restart the history has {len(extra)} move(s) "
             f"nobody had acknowledged: {extra}")
    if log.computer and len(extra) > 1:
        fail(f"game {log.index}: after the restart the computer's game has {len(extra)} "
             f"unexpected moves: {extra}")


def check_seats(port, log, state):
    """After the restart: a wrong secret changes nothing, the right one acts."""
    path = f"/api/games/{log.id}"
    client = Client(port)
    try:
        if state["terminal"]:
            status, _ = client.request("POST", path + "/resign", {}, secret=log.secrets[0])
            if status != 409:
                fail(f"game {log.index}: resigning a finished game gave {status}, not 409")
            return
        seat = state["to_move"]
        if seat < 0 or log.secrets[seat] is None:
            return  # the computer's turn
        move = state["view"]["moves"][0]["text"]
        body = {"move": move, "ply": state["ply"]}
        status, _ = client.request("POST", path + "/move", body, secret="0" * 32)
        if status != 403:
            fail(f"game {log.index}: a move with a wrong secret after the restart gave {status}")
        other = log.secrets[1 - seat]
        if other is not None:
            status, _ = client.request("POST", path + "/move", body, secret=other)
            if status != 409:
                fail(f"game {log.index}: the seat not to move moving gave {status}, not 409")
        status, after = client.request("POST", path + "/move", body, secret=log.secrets[seat])
        if status != 200 or after["move"] != move or after["ply"] != len(state["history"]) + 1:
            fail(f"game {log.index}: the seat to move could not move after the restart "
                 f"({status})")
    finally:
        client.close()


def check_archive(port, logs, states):
    client = Client(port)
    status, archive = client.request("GET", "/api/archive?limit=50")
    client.close()
    if status != 200:
        fail(f"GET /api/archive gave {status}")
        return
    archived = {g["id"]: g for g in archive["games"]}
    for log in logs:
        if states[log.id]["terminal"] and log.id not in archived:
            fail(f"game {log.index}: finished but not in the archive")
    resigned = archived.get(logs[RESIGNING].id)
    if resigned is None or resigned["termination"] != "resignation":
        fail(f"game {RESIGNING}: its resignation is not in the archive: {resigned}")


def after_restart(port, logs):
    client, states = Client(port), {}
    for log in logs:
        status, state = client.request("GET", f"/api/games/{log.id}")
        if status != 200:
            fail(f"game {log.index}: GET after the restart gave {status}: {state}")
            continue
        states[log.id] = state
        check_history(log, state["history"])
    client.close()
    check_archive(port, logs, states)
    for log in logs:
        if log.id in states:
            check_seats(port, log, states[log.id])


def run(binary, data):
    server, port = start_server(binary, data)
    try:
        logs = create_games(port)
        local_logs, closed = create_local_games(port)
        stop, threads, rng = threading.Event(), [], random.Random(15)
        for log in local_logs:
            threads.append(threading.Thread(target=play_local, daemon=True,
                                            args=(port, log, stop, random.Random(rng.random()))))
        for log in logs:
            for seat in range(2):
                if log.secrets[seat] is not None:
                    t = threading.Thread(target=play, daemon=True,
                                         args=(port, log, seat, stop, random.Random(rng.random())))
                    threads.append(t)
        for t in threads:
            t.start()
        # At least KILL_AFTER seconds of play, and then until every local
        # game has had its sixth change (its new players: play_local's k ==
        # 5), which the checks after the restart need: under the sanitizers
        # a computer's turn is slow, and 1.5 s was once not enough ([5, 6,
        # 5, 5] changes). Bounded by KILL_BY, within the clients' PLAY_LIMIT.
        started = time.monotonic()
        time.sleep(KILL_AFTER)
        while time.monotonic() - started < KILL_BY and any(log.actions < 6 for log in local_logs):
            time.sleep(0.05)
        stop.set()
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        for t in threads:
            t.join(timeout=PLAY_LIMIT + REQUEST_TIMEOUT)
            if t.is_alive():
                fail("a client did not stop after the kill")
                return
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    moves = sum(len(log.acked) for log in logs)
    flying = sum(len(log.in_flight) for log in logs)
    local_actions = sum(log.actions for log in local_logs)
    print(f"killed after {moves} acknowledged moves, {flying} in flight, and {local_actions} "
          f"changes to local games; restarting", flush=True)
    if moves < len(logs):
        fail(f"only {moves} moves were acknowledged before the kill")
    if any(log.actions < 6 for log in local_logs):
        fail(f"a local game had fewer than 6 changes before the kill: "
             f"{[log.actions for log in local_logs]}")
    server, port = start_server(binary, data)
    try:
        after_restart(port, logs)
        check_local(port, local_logs, closed)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main():
    if len(sys.argv) != 2:
        print("usage: kill_test.py ASTERISM_BINARY", file=sys.stderr)
        return 2
    data = tempfile.mkdtemp(prefix="asterism-kill-")
    try:
        run(sys.argv[1], data)
    except (OSError, http.client.HTTPException, KeyError, ValueError) as e:
        fail(f"unexpected {type(e).__name__}: {e}")
    finally:
        shutil.rmtree(data, ignore_errors=True)
    if failures:
        print(f"kill_test: {len(failures)} failure(s)", flush=True)
        return 1
    print("kill_test: every acknowledged move survived the kill, and nothing else", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
