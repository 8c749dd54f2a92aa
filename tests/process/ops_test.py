#!/usr/bin/env python3
"""`asterism backup` and `asterism check` beside a server that plays.

Usage: ops_test.py ASTERISM_BINARY

Starts `asterism serve` on 127.0.0.1 with a temporary data folder and lets
two guests play online games (random legal moves, as fast as they can) in a
thread while the test makes three backups and checks the live database.
Every backup and check must succeed, and each backup must hold every game
created before it began with at least the moves acknowledged before it
began. Then copies of a backup are damaged on purpose (a move the rules
refuse, an event missing, a tournament event that does not replay) and
`check` must find each, with a non-zero exit; a server started on the
damaged tournament sets it aside, names it, and serves the rest.
Every loop is bounded in count and time; only the loopback interface is
used; the folder is removed at the end. Exits 1 with one line per failure.
"""

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kill_test import HOST, Client, call, start_server  # noqa: E402

PLAY_LIMIT = 20.0  # seconds the players may play at most
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=60)


def player(port, stop, acked):
    """Creates games between two guests and plays them until `stop`."""
    rng = random.Random(7)
    client = Client(port)
    deadline = time.monotonic() + PLAY_LIMIT
    while not stop.is_set() and time.monotonic() < deadline:
        status, made = client.request("POST", "/api/games", {"game": "starstar:size=6"})
        if status != 201:
            return fail(f"create: {status} {made}")
        gid, secrets = made["id"], [made["secret"], None]
        link = made["links"]["invite"]
        status, joined = client.request("POST", f"/api/games/{gid}/join", {},
                                        secret=link.split("secret=")[1])
        secrets[1] = link.split("secret=")[1]
        acked[gid] = 0
        for ply in range(60):
            if stop.is_set() or time.monotonic() > deadline:
                break
            status, state = client.request("GET", f"/api/games/{gid}")
            if state.get("terminal"):
                break
            moves = state["view"]["moves"]
            seat = state["to_move"]
            move = rng.choice(moves)["text"]
            status, _ = client.request("POST", f"/api/games/{gid}/move",
                                       {"move": move, "ply": ply}, secret=secrets[seat])
            if status != 200:
                return fail(f"move: {status}")
            acked[gid] = ply + 1
    client.close()


def moves_in(db, gid):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT count(*) FROM events WHERE game_id = ? AND type = 'move'",
                         (gid,)).fetchone()[0]


def make_tournament(port):
    """A tournament taking entries, so that the backups hold one."""
    status, body, cookie = call(port, "POST", "/api/account/register",
                                {"name": "organiser", "password": "a long enough password"})
    if status != 201:
        return fail(f"register: {status} {body}")
    status, body, _ = call(port, "POST", "/api/tournaments",
                           {"name": "Ops test", "game": "starstar", "options": {"size": 6},
                            "clock": {"kind": "correspondence", "days": 3}}, cookie)
    if status != 201:
        return fail(f"create a tournament: {status} {body}")
    status, body, _ = call(port, "POST", f"/api/tournaments/{body['id']}/join", {}, cookie)
    if status != 200:
        fail(f"join the tournament: {status} {body}")


def live(binary, data, work):
    server, port = start_server(binary, data)
    make_tournament(port)
    stop, acked = threading.Event(), {}
    thread = threading.Thread(target=player, args=(port, stop, acked))
    thread.start()
    try:
        time.sleep(0.5)
        for k in range(3):
            before = dict(acked)
            out = os.path.join(work, f"backup{k}.db")
            r = run(binary, "backup", "--data", data, out)
            if r.returncode != 0 or "backed up" not in r.stdout:
                fail(f"backup {k}: exit {r.returncode}: {r.stderr.strip()}")
                continue
            for gid, n in before.items():
                if moves_in(out, gid) < n:
                    fail(f"backup {k}: game {gid} has fewer moves than the {n} acknowledged")
            r = run(binary, "check", "--data", data)
            if r.returncode != 0 or ": ok," not in r.stdout:
                fail(f"check of the live database: exit {r.returncode}: {r.stderr.strip()}")
            time.sleep(0.3)
        if not acked:
            fail("no game was played during the backups")
    finally:
        stop.set()
        thread.join(timeout=PLAY_LIMIT + 10)
        server.terminate()
        server.wait(timeout=10)


def damaged(binary, work):
    good = os.path.join(work, "backup2.db")
    if not os.path.exists(good):
        return
    r = run(binary, "check", good)
    if r.returncode != 0:
        fail(f"check of a backup: {r.stderr.strip()}")
    with sqlite3.connect(good) as c:
        gid = c.execute("SELECT game_id FROM events WHERE type = 'move' LIMIT 1").fetchone()[0]
    cases = {
        "a move the rules refuse": "UPDATE events SET data = json_set(data, '$.move', 'zz99')"
                                   " WHERE game_id = ? AND type = 'move'",
        "an event missing": "DELETE FROM events WHERE game_id = ? AND seq = 2",
    }
    for name, sql in cases.items():
        bad = os.path.join(work, "bad.db")
        shutil.copy(good, bad)
        with sqlite3.connect(bad) as c:
            c.execute(sql, (gid,))
        r = run(binary, "check", bad)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 2 or len(lines) != 1 or gid not in r.stdout:
            fail(f"check of a database with {name}: exit {r.returncode}, {r.stdout!r} {r.stderr!r}")
        os.remove(bad)


def damaged_tournament(binary, work):
    """A tournament whose log does not replay: `check` names it, and a server
    started on it sets it aside, says so, and serves the rest."""
    good = os.path.join(work, "backup2.db")
    if not os.path.exists(good):
        return
    data = os.path.join(work, "damaged")
    os.makedirs(data)
    bad = os.path.join(data, "asterism.db")
    shutil.copy(good, bad)
    with sqlite3.connect(bad) as c:
        tid = c.execute("SELECT id FROM tournaments LIMIT 1").fetchone()
        if tid is None:
            return fail("the backup holds no tournament")
        tid = tid[0]
        c.execute("UPDATE tournament_events SET type = 'teleport' WHERE tournament_id = ?"
                  " AND seq = 2", (tid,))
    r = run(binary, "check", bad)
    lines = r.stderr.strip().splitlines()
    if r.returncode != 2 or len(lines) != 1 or f"tournament {tid}" not in r.stdout:
        fail(f"check of a damaged tournament: exit {r.returncode}, {r.stdout!r} {r.stderr!r}")
    server = subprocess.Popen([binary, "serve", "--port", "0", "--host", HOST, "--data", data],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        said = [server.stdout.readline() for _ in range(3)]
        if not any("set aside a tournament" in line and tid in line for line in said):
            fail(f"the server did not name the damaged tournament: {said!r}")
        port = int(said[0].split(f"http://{HOST}:")[1].split("/")[0])
        status, body = Client(port).request("GET", "/api/tournaments?status=entry")
        if status != 200:
            fail(f"the server with a damaged tournament: {status} {body}")
    except (IndexError, ValueError) as e:
        fail(f"the server with a damaged tournament did not start: {e}: {said!r}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    with sqlite3.connect(bad) as c:
        kept = c.execute("SELECT type FROM tournament_events WHERE tournament_id = ? AND seq = 2",
                         (tid,)).fetchone()
    if kept is None or kept[0] != "teleport":
        fail(f"the damaged tournament was not kept as it was: {kept!r}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: ops_test.py ASTERISM_BINARY")
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="asterism-ops-")
    try:
        live(binary, os.path.join(work, "data"), work)
        damaged(binary, work)
        damaged_tournament(binary, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        sys.exit(1)
    print("backup and check: ok")


if __name__ == "__main__":
    main()
