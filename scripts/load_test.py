#!/usr/bin/env python3
"""A bounded load on `asterism serve`'s online games (scripts/load-test.sh).

    load_test.py --binary build/release/apps/asterism/asterism [--games 200] [--seconds 60]
    load_test.py --url http://127.0.0.1:8080 [--db DIR/asterism.db] ...

With --binary it starts the server on 127.0.0.1 with a temporary data folder
and stops it at the end; with --url it uses a server already running (and
reads its database only if --db names it, after the server is stopped).

It creates --games online games between two people (no clock), and two
clients per game, each on its own kept-alive HTTP/1.1 connection, each
playing a random legal move for its seat as soon as it is its turn: the two
clients of a game hand the turn to each other inside this process, so
nobody polls. The reply to a move is the move's change (docs/server.md, "A
move's change"), without the legal moves: in *Star (the default game) a
move fills one empty cell, so the clients keep the list of empty cells from
the state they joined with and take out each move played, as a page's own
engine would; for any other --game they fetch the state after each move
(GET /api/games/ID, as a page without an engine does), which the figures
then include. A game that
ends is replaced by a new one, so that --games stay live. It runs for
--seconds, lets the requests under way finish, and reports the moves
acknowledged per second, the latency of the move requests (p50, p90, p99,
max), and this client's own CPU time (to show whether the client limits
the figures). Then it checks that every acknowledged move is in its game
once, in order, and nothing else is: through the API (every game's state),
and, when it has the database, by reading the SQLite file after the server
has stopped. Exits 1 if anything was lost, duplicated or misplaced.

--rate R paces the moves instead (an open load, as people play): each game
makes a move every --games/R seconds, so that R moves per second are
offered in all, and a move's latency is then the server's alone rather than
the wait behind the 200 others that a closed loop measures (with every game
always waiting, a closed loop's mean latency is games / moves per second, by
Little's law: 100 ms for 200 games at 2,000 moves/s). The report then also
says how far the clients fell behind their schedule.

--procs N splits the games over N client processes (each an asyncio loop).
Standard library only (Debian's python3); only the loopback interface.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

SETUP_TIMEOUT = 30.0
MOVE_TEXT = re.compile(rb'"text":"([^"\\\\]*)"')


def legal_moves(payload):
    """The move texts of a (whole) state's view, and whether the game is over.
    Only the view's "moves" are looked at, with a pattern rather than a
    JSON decoder, so that the client costs this shared machine little CPU.
    (The server writes keys in sorted order: the view's "moves" is the
    first such key after "view", and "pieces" follows it; a move's text
    has no quote or backslash in any game.)"""
    terminal = b'"terminal":true' in payload
    start = payload.index(b'"moves":', payload.index(b'"view":'))
    end = payload.index(b'"pieces":', start)
    return [m.decode() for m in MOVE_TEXT.findall(payload, start, end)], terminal


REQUEST_TIMEOUT = 30.0


class Connection:
    """One kept-alive HTTP/1.1 connection over asyncio streams."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method, path, body=None, secret=None):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if secret:
            head += f"Authorization: Bearer {secret}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        header = await self.reader.readuntil(b"\r\n\r\n")
        status = int(header[9:12])
        length = 0
        for line in header.split(b"\r\n")[1:]:
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        payload = await self.reader.readexactly(length) if length else b""
        return status, payload

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Table:
    """One of the --games slots: the game now played in it, the two
    clients' turns, and every game it has held."""

    def __init__(self):
        self.game_id = None
        self.secrets = [None, None]
        self.moves = []           # the legal moves for the side to move
        self.turn = [asyncio.Event(), asyncio.Event()]
        self.ended = []           # (game id, acknowledged moves) of every game held
        self.acked = None         # the current game's acknowledged moves
        self.next_at = 0.0        # with --rate: when this table's next move is due


async def new_game(conn, table, spec):
    """Creates a game between two people in `table` and seats both."""
    status, payload = await conn.request("POST", "/api/games", spec)
    if status != 201:
        raise RuntimeError(f"creating a game gave {status}: {payload[:200]!r}")
    created = json.loads(payload)
    invite = created["links"]["invite"].split("secret=")[1]
    status, payload = await conn.request("POST", f"/api/games/{created['id']}/join",
                                         {"name": "two"}, secret=invite)
    if status != 200:
        raise RuntimeError(f"joining a game gave {status}: {payload[:200]!r}")
    state = json.loads(payload)
    table.game_id, table.secrets, table.acked = created["id"], [created["secret"], invite], []
    table.ended.append((table.game_id, table.acked))
    table.moves = [m["text"] for m in state["view"]["moves"]]
    table.turn[state["to_move"]].set()


async def client(host, port, table, seat, spec, deadline, stats, rng, interval):
    """Plays seat `seat` of the games of `table` until the deadline; with an
    `interval`, the table's moves are due that many seconds apart."""
    conn, other = Connection(host, port), 1 - seat
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                await asyncio.wait_for(table.turn[seat].wait(), remaining)
            except asyncio.TimeoutError:
                return
            table.turn[seat].clear()
            if interval:
                wait = table.next_at - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                stats["behind"].append(max(0.0, time.monotonic() - table.next_at))
                table.next_at += interval
            if time.monotonic() >= deadline:
                return
            move, ply = rng.choice(table.moves), len(table.acked)
            start = time.perf_counter()
            status, payload = await conn.request(
                "POST", f"/api/games/{table.game_id}/move", {"move": move, "ply": ply},
                secret=table.secrets[seat])
            stats["latency"].append(time.perf_counter() - start)
            if status != 200:
                stats["errors"].append(f"move {move} at ply {ply} of {table.game_id}: "
                                       f"{status} {payload[:200]!r}")
                return
            table.acked.append(move)
            terminal = b'"terminal":true' in payload
            if terminal:
                await new_game(conn, table, spec)
                continue
            if spec["game"] == "starstar":
                table.moves.remove(move)
            else:
                status, payload = await conn.request("GET", f"/api/games/{table.game_id}")
                if status != 200:
                    stats["errors"].append(f"state of {table.game_id}: {status}")
                    return
                table.moves, _ = legal_moves(payload)
            table.turn[other].set()
    finally:
        conn.close()


async def run_part(host, port, games, seconds, spec, seed, interval):
    """One process's share of the games; returns its results."""
    rng = random.Random(seed)
    tables = [Table() for _ in range(games)]
    setup = Connection(host, port)
    for table in tables:
        await asyncio.wait_for(new_game(setup, table, spec), SETUP_TIMEOUT)
    setup.close()
    stats = {"latency": [], "errors": [], "behind": []}
    cpu0, wall0 = time.process_time(), time.monotonic()
    deadline = wall0 + seconds
    for table in tables:  # spread over the first interval, not all at once
        table.next_at = wall0 + rng.random() * interval
    await asyncio.gather(*(client(host, port, t, s, spec, deadline, stats,
                                  random.Random(rng.random()), interval)
                           for t in tables for s in range(2)))
    return {"latency": stats["latency"], "errors": stats["errors"], "behind": stats["behind"],
            "games": [g for t in tables for g in t.ended],
            "wall": time.monotonic() - wall0, "cpu": time.process_time() - cpu0}


def part_main(args):
    host, port, games, seconds, spec, seed, interval = args
    return asyncio.run(run_part(host, port, games, seconds, spec, seed, interval))


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def cpu_seconds(pid):
    """User and system CPU time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(results, seconds):
    latency = sorted(x for r in results for x in r["latency"])
    acked = sum(len(moves) for r in results for _, moves in r["games"])
    wall = max(r["wall"] for r in results)
    cpu = sum(r["cpu"] for r in results)
    ms = lambda p: percentile(latency, p) * 1000
    print(f"moves acknowledged: {acked} in {wall:.1f} s = {acked / wall:.0f} durable moves/s")
    print(f"move latency: p50 {ms(50):.1f} ms, p90 {ms(90):.1f} ms, p99 {ms(99):.1f} ms, "
          f"max {latency[-1] * 1000 if latency else 0:.1f} ms")
    behind = sorted(x for r in results for x in r["behind"])
    if behind:
        print(f"behind schedule: p50 {percentile(behind, 50) * 1000:.1f} ms, "
              f"p99 {percentile(behind, 99) * 1000:.1f} ms, max {behind[-1] * 1000:.1f} ms")
    print(f"games played: {sum(len(r['games']) for r in results)}")
    print(f"client CPU: {cpu:.1f} s in {wall:.1f} s ({100 * cpu / wall:.0f}% of one core)")
    return acked, wall


def check_api(host, port, games):
    """Every game's history through the API equals its acknowledged moves."""
    problems = []

    async def check():
        conn = Connection(host, port)
        for game_id, moves in games:
            status, payload = await conn.request("GET", f"/api/games/{game_id}")
            if status != 200:
                problems.append(f"game {game_id}: GET gave {status}")
                continue
            history = json.loads(payload)["history"]
            if history != moves:
                problems.append(f"game {game_id}: the server has {len(history)} moves, "
                                f"{len(moves)} were acknowledged (or differ)")
        conn.close()
    asyncio.run(check())
    return problems


def check_database(db, games):
    """Reads the stopped server's SQLite file: each game's move events are
    exactly its acknowledged moves, in order, and no other game has any."""
    problems = []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    stored = {}
    for game_id, seq, data in con.execute(
            "SELECT game_id, seq, data FROM events WHERE type = 'move' ORDER BY game_id, seq"):
        stored.setdefault(game_id, []).append(json.loads(data)["move"])
    con.close()
    ours = dict(games)
    for game_id, moves in ours.items():
        if stored.get(game_id, []) != moves:
            problems.append(f"game {game_id}: the database has {len(stored.get(game_id, []))} "
                            f"moves, {len(moves)} were acknowledged (or differ)")
    for game_id in stored.keys() - ours.keys():
        problems.append(f"game {game_id}: moves in the database of a game nobody played")
    total = sum(len(m) for m in stored.values())
    print(f"database: {total} move events in {len(stored)} games")
    return problems


def start_server(binary, data, extra):
    server = subprocess.Popen([binary, "serve", "--port", "0", "--host", "127.0.0.1",
                               "--data", data, "--max-connections", "2048"] + extra,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    if "http://127.0.0.1:" not in line:
        server.kill()
        raise SystemExit(f"load_test: the server did not start: {line.strip()!r}")
    return server, int(line.split("http://127.0.0.1:")[1].split("/")[0])


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--binary", help="asterism binary to start on a temporary data folder")
    where.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8080")
    p.add_argument("--db", help="with --url: its database file, read after it is stopped")
    p.add_argument("--games", type=int, default=200, help="games played at once (200)")
    p.add_argument("--seconds", type=float, default=60, help="how long to play (60)")
    p.add_argument("--game", default="starstar", help="game id (starstar)")
    p.add_argument("--options", default='{"size": 10}', help="game options, JSON")
    p.add_argument("--procs", type=int, default=1, help="client processes (1)")
    p.add_argument("--rate", type=float, default=0,
                   help="moves per second offered in all, paced per game (0: as fast as "
                        "the server answers)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--server-arg", action="append", default=[],
                   help="extra argument for `asterism serve` (repeatable)")
    a = p.parse_args()
    if not 1 <= a.games <= 2000 or not 0 < a.seconds <= 3600 or not 1 <= a.procs <= 16:
        p.error("--games must be 1-2000, --seconds 0-3600, --procs 1-16")
    if not 0 <= a.rate <= 100000:
        p.error("--rate must be 0-100000 moves per second")
    return a


def play(host, port, a):
    spec = {"game": a.game, "options": json.loads(a.options), "seat": "first", "name": "one"}
    shares = [a.games // a.procs + (i < a.games % a.procs) for i in range(a.procs)]
    interval = a.games / a.rate if a.rate else 0.0
    jobs = [(host, port, n, a.seconds, spec, a.seed * 1000 + i, interval)
            for i, n in enumerate(shares)]
    if a.procs == 1:
        return [part_main(jobs[0])]
    with multiprocessing.Pool(a.procs) as pool:
        return pool.map(part_main, jobs)


def main():
    a = parse_args()
    data, server, db = None, None, a.db
    if a.binary:
        data = tempfile.mkdtemp(prefix="asterism-load-")
        server, port = start_server(a.binary, data, a.server_arg)
        host, db = "127.0.0.1", os.path.join(data, "asterism.db")
        print(f"server: {a.binary} on 127.0.0.1:{port}, data in {data}")
    else:
        u = urllib.parse.urlparse(a.url)
        host, port = u.hostname, u.port or 80
    try:
        pace = f"{a.rate:g} moves/s offered" if a.rate else "as fast as answered"
        print(f"{a.games} games of {a.game} {a.options}, 2 clients each, {a.seconds:g} s, "
              f"{pace}, {a.procs} client process(es), load average before: "
              f"{os.getloadavg()[0]:.2f}", flush=True)
        server_cpu = cpu_seconds(server.pid) if server else 0.0
        results = play(host, port, a)
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        acked, wall = report(results, a.seconds)
        if server is not None:
            # Includes the games' creation, a small part of the run.
            used = cpu_seconds(server.pid) - server_cpu
            print(f"server CPU: {used:.1f} s in {wall:.1f} s ({100 * used / wall:.0f}% of one "
                  f"core), {1000 * used / max(1, acked):.2f} ms per move")
        games = [g for r in results for g in r["games"]]
        problems = [e for r in results for e in r["errors"]]
        problems += check_api(host, port, games)
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        if db and server is None:
            input(f"stop the server, then press Enter to read {db}: ")
        if db:
            problems += check_database(db, games)
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        if data:
            shutil.rmtree(data, ignore_errors=True)
    for p in problems[:20]:
        print("FAIL:", p)
    if problems:
        print(f"load_test: {len(problems)} problem(s)")
        return 1
    print("load_test: every acknowledged move is stored once, in order, in its own game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
