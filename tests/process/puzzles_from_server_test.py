#!/usr/bin/env python3
"""`asterism puzzles GAME --from DATA`: puzzles from a server's finished games.

Usage: puzzles_from_server_test.py ASTERISM_BINARY

Plays GAMES level-3 self-play games of *Star (6 rings) with `asterism
selfplay`, starts `asterism serve` on 127.0.0.1 with a temporary data
folder, and lets two guests play each game's moves online, in order (random
games' endings are won several ways and make no puzzle); it leaves one more
game unfinished and plays two moves of a local game. Then, with the server
still running, it runs `asterism puzzles` on the server's data folder, on a
backup of its database, and on the self-play records. Checks: each finished
online game gives its last TAIL positions as candidates (nothing of the
unfinished or the local game); every puzzle's source names one of those
games; the data folder, the backup and the records give the same puzzles
(but for their sources), at least one; the live database is not changed;
and a database without a finished game of the form asked for, or a path
that is neither a folder nor a file, gets a one-line error and a non-zero
exit. Every loop is bounded in
count and time; only the loopback interface is used; the folder is removed
at the end. Exits 1 with one line per failure.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kill_test import Client, fail, failures, start_server  # noqa: E402

GAMES = 12
TAIL = 12
MAX_PLIES = 120  # a 6-ring *Star game fills its 105 cells
def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)


def play(client, moves):
    """An online game between two guests playing `moves`; returns (id,
    result)."""
    status, made = client.request("POST", "/api/games", {"game": "starstar", "options": {"size": 6}})
    if status != 201:
        raise SystemExit(f"FAIL: create: {status} {made}")
    gid = made["id"]
    secrets = [made["secret"], made["links"]["invite"].split("secret=")[1]]
    status, _ = client.request("POST", f"/api/games/{gid}/join", {}, secret=secrets[1])
    if status != 200:
        raise SystemExit(f"FAIL: join: {status}")
    for ply, move in enumerate(moves[:MAX_PLIES]):
        status, state = client.request("GET", f"/api/games/{gid}")
        if state.get("terminal"):
            break
        status, _ = client.request("POST", f"/api/games/{gid}/move", {"move": move, "ply": ply},
                                   secret=secrets[state["to_move"]])
        if status != 200:
            raise SystemExit(f"FAIL: move {ply} of {gid}: {status}")
    status, state = client.request("GET", f"/api/games/{gid}")
    if len(moves) > 6 and not state.get("terminal"):
        fail(f"game {gid} did not end with its record's {len(moves)} moves")
    return gid, state.get("result")


def selfplay_moves(binary, folder):
    """GAMES level-3 self-play games' records in `folder`; their moves."""
    r = run(binary, "selfplay", "starstar:size=6", "--games", str(GAMES), "--level", "3",
            "--seed", "5", "--out", folder, "--quiet")
    if r.returncode != 0:
        raise SystemExit(f"FAIL: selfplay: {r.stderr.strip()}")
    records = sorted(os.listdir(os.path.join(folder, "records")))
    return [re.findall(r"^\d+\. (\S+)$", open(os.path.join(folder, "records", name)).read(), re.M)
            for name in records]


def local_game(client):
    status, made = client.request("POST", "/api/games",
                                  {"kind": "local", "game": "starstar", "options": {"size": 6}})
    if status != 201:
        return fail(f"local game: {status} {made}")
    for ply, move in enumerate(["*10", "*20"]):
        client.request("POST", f"/api/games/{made['id']}/move", {"move": move, "ply": ply})
    return made["id"]


def puzzles(binary, source, out, game="starstar:size=6"):
    return run(binary, "puzzles", game, "--from", source, "--tail", str(TAIL), "--max-plies",
               str(TAIL), "--min-win-in", "1", "--min-long", "0", "--first-unique", "--nodes", "1000000", "--out", out)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_run(r, out, finished, local_id, what):
    if r.returncode != 0:
        return fail(f"{what}: exit {r.returncode}: {r.stderr.strip()}")
    m = re.search(r"from (\d+) candidate positions", r.stdout)
    won = [gid for gid, result in finished if result in ("1-0", "0-1")]
    if not m or int(m.group(1)) != TAIL * len(won):
        fail(f"{what}: {TAIL} candidates from each of the {len(won)} won games expected: {r.stdout!r}")
    lines = [json.loads(line) for line in open(out, encoding="utf-8")]
    ids = set(won)
    for p in lines:
        src = re.fullmatch(r"server game ([0-9a-f]{32}), (\d+) plies before its end", p["source"])
        if not src or src.group(1) not in ids or int(src.group(2)) > TAIL:
            fail(f"{what}: a puzzle's source is not a finished game's: {p['source']!r}")
        if local_id and local_id in p["source"]:
            fail(f"{what}: a local game's token is in a puzzle")
    if not lines:
        fail(f"{what}: no puzzle from {len(won)} finished games: {r.stdout!r}")
    return lines


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="asterism-puzzles-from-")
    data = os.path.join(work, "data")
    games = selfplay_moves(binary, os.path.join(work, "selfplay"))
    server, port = start_server(binary, data)
    try:
        client = Client(port)
        finished = [play(client, moves) for moves in games]
        play(client, games[0][:6])
        local_id = local_game(client)
        db = os.path.join(data, "asterism.db")
        before = digest(db)
        live = check_run(puzzles(binary, data, os.path.join(work, "live.jsonl")),
                         os.path.join(work, "live.jsonl"), finished, local_id, "the live data folder")
        if digest(db) != before:
            fail("reading the live database changed it")
        backup = os.path.join(work, "backup.db")
        r = run(binary, "backup", "--data", data, backup)
        if r.returncode != 0:
            fail(f"backup: {r.stderr.strip()}")
        else:
            copy = check_run(puzzles(binary, backup, os.path.join(work, "backup.jsonl")),
                             os.path.join(work, "backup.jsonl"), finished, local_id, "a backup")
            if live is not None and copy != live:
                fail("the backup's puzzles differ from the live database's")
        out = os.path.join(work, "records.jsonl")
        r = puzzles(binary, os.path.join(work, "selfplay"), out)
        if r.returncode != 0:
            fail(f"the records: exit {r.returncode}: {r.stderr.strip()}")
        elif live is not None:
            unsourced = lambda ps: [{k: v for k, v in p.items() if k != "source"} for p in ps]
            records = [json.loads(line) for line in open(out, encoding="utf-8")]
            if unsourced(records) != unsourced(live):
                fail(f"the records give {len(records)} puzzles, the server {len(live)}, not the same")
        r = puzzles(binary, data, os.path.join(work, "none.jsonl"), game="asterisk:size=8")
        if r.returncode == 0 or "no finished online game of asterisk" not in r.stderr \
                or len(r.stderr.strip().splitlines()) != 1:
            fail(f"a form with no finished game: exit {r.returncode}, {r.stderr!r}")
        r = puzzles(binary, os.path.join(work, "no", "such"), os.path.join(work, "x.jsonl"))
        if r.returncode == 0 or "no folder or file" not in r.stderr:
            fail(f"a missing path: exit {r.returncode}, {r.stderr!r}")
        client.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        sys.exit(1)
    print(f"puzzles from a server's finished games: ok, {len(live or [])} puzzle(s), the same as from the records")


if __name__ == "__main__":
    main()
