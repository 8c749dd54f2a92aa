#!/usr/bin/env python3
"""Notifications of a player whose page is closed, through Web Push.

Usage: push_test.py ASTERISM_BINARY

Starts `asterism serve --push` on 127.0.0.1 with a temporary data folder and
a push service of its own on 127.0.0.1 (push_endpoint.py: it checks the
VAPID signature and decrypts each message with Python's `cryptography`, an
implementation independent of the server's). Bob subscribes; then:

* Ann challenges Bob: Bob's browser is sent "challenge" with the game's page;
* Bob takes the seat and Ann moves: Bob is sent "your_turn";
* Bob turns "your_turn" off; Ann moves again after Bob's move: nothing;
* Bob resigns: Bob is sent "game_over";
* a subscription the push service says is gone (410) is forgotten.

Every wait is bounded; only the loopback interface is used. Exits 77 when
`cryptography` is missing, 1 with one line per failure.
"""

import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kill_test import call, start_server  # noqa: E402

try:
    from push_endpoint import PushEndpoint  # noqa: E402
except ImportError as missing:
    print(f"push_test.py: needs python3-cryptography ({missing})", file=sys.stderr)
    sys.exit(77)

WAIT = 10.0  # seconds a notification may take at most
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def start(binary, data):
    return start_server(binary, data, ["--push", "--push-subject", "mailto:ops@example.org",
                                       "--push-allow-loopback"])


def wait_for(push, count):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        got = push.received()
        if len(got) >= count:
            return got
        time.sleep(0.05)
    return push.received()


def expect(push, count, kind, game):
    got = wait_for(push, count)
    if len(got) < count:
        return fail(f"no '{kind}' notification came (received {len(got)} of {count})")
    last = got[count - 1]
    message = last.get("message", {})
    if "error" in last or message.get("kind") != kind or game not in message.get("url", ""):
        fail(f"notification {count}: want '{kind}' for {game}, got {last}")
    if last.get("sub") != "mailto:ops@example.org":
        fail(f"the VAPID subject is {last.get('sub')!r}")


def play(port, push):
    _, _, ann = call(port, "POST", "/api/account/register",
                     {"name": "Ann", "password": "correct horse"})
    _, _, bob = call(port, "POST", "/api/account/register",
                     {"name": "Bob", "password": "correct horse"})
    status, key, _ = call(port, "GET", "/api/push/key")
    if status != 200 or len(key.get("key", "")) != 87:
        return fail(f"GET /api/push/key: {status} {key}")
    status, body, _ = call(port, "POST", "/api/account/push", push.subscription(), bob)
    if status != 200:
        return fail(f"subscribing: {status} {body}")
    status, made, _ = call(port, "POST", "/api/games",
                           {"game": "starstar:size=6", "challenge": "Bob"}, ann)
    if status != 201:
        return fail(f"challenge: {status} {made}")
    gid = made["id"]
    expect(push, 1, "challenge", gid)
    call(port, "POST", f"/api/games/{gid}/join", {}, bob)
    for ply in range(3):
        who = ann if ply % 2 == 0 else bob
        if ply == 2:
            call(port, "POST", "/api/account/notifications", {"your_turn": False}, bob)
        _, state, _ = call(port, "GET", f"/api/games/{gid}", cookie=who)
        status, body, _ = call(port, "POST", f"/api/games/{gid}/move",
                               {"move": state["view"]["moves"][0]["text"], "ply": ply}, who)
        if status != 200:
            return fail(f"move {ply}: {status} {body}")
        if ply == 0:
            expect(push, 2, "your_turn", gid)
    call(port, "POST", f"/api/games/{gid}/resign", {}, bob)
    expect(push, 3, "game_over", gid)
    if len(push.received()) != 3:
        fail(f"a turned-off notice was sent: {push.received()[2:]}")
    # A subscription the push service says is gone is forgotten.
    call(port, "POST", "/api/account/push", push.subscription(push.gone_path), ann)
    status, made, _ = call(port, "POST", "/api/games",
                           {"game": "starstar:size=6", "challenge": "Ann"}, bob)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        _, me, _ = call(port, "GET", "/api/account", cookie=ann)
        if me.get("push_subscriptions") == 0:
            break
        time.sleep(0.05)
    else:
        fail("a subscription answered with 410 was kept")


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: push_test.py ASTERISM_BINARY")
    work = tempfile.mkdtemp(prefix="asterism-push-")
    server = None
    try:
        with PushEndpoint() as push:
            server, port = start(sys.argv[1], os.path.join(work, "data"))
            play(port, push)
            mode = os.stat(os.path.join(work, "data", "vapid.pem")).st_mode & 0o777
            if mode != 0o600:
                fail(f"vapid.pem has mode {oct(mode)}, not 0600")
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        sys.exit(1)
    print("push notifications: ok")


if __name__ == "__main__":
    main()
