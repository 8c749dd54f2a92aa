#!/usr/bin/env python3
"""A swiss tournament survives SIGKILL: no result lost, no round paired twice.

Usage: tournament_kill_test.py ASTERISM_BINARY

Starts `asterism serve` on 127.0.0.1 with a temporary data folder; four
accounts enter a swiss tournament of three rounds, which their creator
starts. In round 1 one game ends (a resignation), then the server is
killed with SIGKILL and started again on the same folder: the result must
still be there, the other game still in play, and no second round paired.
When that game ends, the server pairs round 2 by itself; it is killed again
at once, and the restarted server must show the same round 2 (same games),
not a new one. Rounds 2 and 3 are then played out (resignations) and the
tournament must finish with six results and no pair met twice. Every wait
is bounded; only the loopback interface is used. Exits 1 with one line per
failure.
"""

import os
import shutil
import signal
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kill_test import call, start_server  # noqa: E402

WAIT = 15.0  # seconds the server may take to pair or finish
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def kill(server):
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)


def view(port, tid):
    status, body, _ = call(port, "GET", f"/api/tournaments/{tid}")
    if status != 200:
        raise SystemExit(f"FAIL: GET tournament: {status} {body}")
    return body


def wait_until(port, tid, test, what):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        v = view(port, tid)
        if test(v):
            return v
        time.sleep(0.1)
    raise SystemExit(f"FAIL: waited {WAIT} s for {what}")


def resign(port, game, cookies):
    """Each side moves once (a game in which a side never moved is aborted
    and scores nothing), then the seat that is to lose resigns: black."""
    for ply, side in enumerate(("white", "black")):
        status, state, _ = call(port, "GET", f"/api/games/{game['id']}", None, cookies[game[side]])
        if status == 200 and state.get("ply") == ply:
            status, state, _ = call(port, "POST", f"/api/games/{game['id']}/move",
                                    {"move": state["view"]["moves"][0]["text"], "ply": ply},
                                    cookies[game[side]])
        if status != 200:
            fail(f"move {ply} of {game['id']}: {status} {state}")
    status, body, _ = call(port, "POST", f"/api/games/{game['id']}/resign", {},
                           cookies[game["black"]])
    if status != 200:
        fail(f"resign {game['id']}: {status} {body}")


def setup(port):
    cookies = []
    for i in range(4):
        status, body, cookie = call(port, "POST", "/api/account/register",
                                    {"name": f"p{i}", "password": "a long enough password"})
        if status != 201:
            raise SystemExit(f"FAIL: register p{i}: {status} {body}")
        cookies.append(cookie)
    status, body, _ = call(port, "POST", "/api/tournaments",
                           {"name": "Kill test", "game": "starstar", "options": {"size": 6},
                            "clock": {"kind": "correspondence", "days": 3},
                            "format": "swiss", "rounds": 3}, cookies[0])
    if status != 201:
        raise SystemExit(f"FAIL: create: {status} {body}")
    tid = body["id"]
    for c in cookies:
        status, body, _ = call(port, "POST", f"/api/tournaments/{tid}/join", {}, c)
        if status != 200:
            raise SystemExit(f"FAIL: join: {status} {body}")
    status, body, _ = call(port, "POST", f"/api/tournaments/{tid}/start", {}, cookies[0])
    if status != 200 or len(body["rounds_list"]) != 1:
        raise SystemExit(f"FAIL: start: {status} {body}")
    # The entry order is the players' index.
    return tid, cookies, body


def run(binary, data):
    server, port = start_server(binary, data)
    tid, cookies, v = setup(port)
    round1 = v["rounds_list"][0]["games"]
    resign(port, round1[0], cookies)
    kill(server)

    server, port = start_server(binary, data)
    v = view(port, tid)
    if len(v["rounds_list"]) != 1:
        fail(f"after the first kill: {len(v['rounds_list'])} rounds, not 1")
    results = [g["result"] for g in v["rounds_list"][0]["games"]]
    if results != ["1-0", "*"]:
        fail(f"after the first kill, round 1's results are {results}, not ['1-0', '*']")
    resign(port, round1[1], cookies)
    v = wait_until(port, tid, lambda v: len(v["rounds_list"]) == 2, "round 2")
    round2 = v["rounds_list"][1]["games"]
    kill(server)

    server, port = start_server(binary, data)
    v = view(port, tid)
    if len(v["rounds_list"]) != 2 or v["rounds_list"][1]["games"] != round2:
        fail(f"after the second kill, round 2 changed: {v['rounds_list'][1:]}, was {round2}")
    for g in round2:
        resign(port, g, cookies)
    v = wait_until(port, tid, lambda v: len(v["rounds_list"]) == 3, "round 3")
    for g in v["rounds_list"][2]["games"]:
        resign(port, g, cookies)
    v = wait_until(port, tid, lambda v: v["status"] == "finished", "the end")
    pairs = [tuple(sorted((g["white"], g["black"]))) for r in v["rounds_list"] for g in r["games"]]
    if len(pairs) != 6 or len(set(pairs)) != 6:
        fail(f"pairs: {pairs} (six games, none twice)")
    total = sum(s["score"] for s in v["standings"])
    if total != 6:
        fail(f"the scores add up to {total}, not 6")
    if not v["winner"]:
        fail("no winner shown")
    server.terminate()
    server.wait(timeout=10)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    data = tempfile.mkdtemp(prefix="asterism-tournament-")
    try:
        run(sys.argv[1], data)
    finally:
        shutil.rmtree(data, ignore_errors=True)
    if failures:
        return 1
    print("tournament kill test: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
