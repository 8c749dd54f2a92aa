#!/usr/bin/env python3
"""`asterism puzzles --resume` after a kill makes the file an unbroken run makes.

Usage: puzzles_resume_test.py ASTERISM_BINARY

A small setting (Asterisk on the 8-board, 200 level-3 self-play games, the
last four positions of each, about 800 candidates) is run once without a
break. The same command is then started afresh, killed with SIGKILL once its
state file (OUT.state) says a quarter of the candidates are decided,
resumed with --resume, interrupted with SIGINT (Ctrl-C) half way, and
resumed again to the end: the puzzles file and the state file must be the
same bytes as the unbroken run's. A resume whose settings differ from the
state file's run is refused with one line. Every wait is bounded; the
temporary folder is removed at the end. Exits 1 with one line per failure.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WAIT = 120.0  # seconds any one run may take
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, flush=True)


def command(binary, out, *extra):
    return [binary, "puzzles", "asterisk:size=8", "--selfplay", "200", "--tail", "4",
            "--max-plies", "3", "--first-unique", "--nodes", "1000000", "--max", "1000",
            "--threads", "2", "--out", out, *extra]


def run(cmd):
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=WAIT)
    return done.returncode, done.stdout + done.stderr


def state(out):
    try:
        with open(out + ".state", encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None  # not written yet, or being replaced


def interrupt(cmd, out, fraction, sig):
    """Starts cmd and sends sig once fraction of the candidates are decided.
    Returns how many were decided when the process had ended."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + WAIT
    target = int(800 * fraction)
    sent = False
    while time.monotonic() < deadline and proc.poll() is None:
        s = state(out)
        if s and s["decided"] >= target:
            proc.send_signal(sig)
            sent = True
            break
        time.sleep(0.005)
    try:
        proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        fail(f"the run did not end after {sig}")
    if not sent:
        fail(f"the run ended before {fraction:.0%} of its candidates were decided")
    s = state(out)
    return s["decided"] if s else 0


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    binary = sys.argv[1]
    folder = tempfile.mkdtemp(prefix="asterism-puzzles-")
    try:
        whole = os.path.join(folder, "whole.jsonl")
        code, text = run(command(binary, whole))
        if code != 0:
            raise SystemExit(f"FAIL: the unbroken run failed: {text.strip()}")
        if not read(whole):
            fail("the unbroken run found no puzzle")
        broken = os.path.join(folder, "broken.jsonl")
        first = interrupt(command(binary, broken), broken, 0.25, signal.SIGKILL)
        second = interrupt(command(binary, broken, "--resume"), broken, 0.5, signal.SIGINT)
        if not 0 < first < second < 800:
            fail(f"the runs were stopped at {first} and {second} candidates, not in between")
        code, text = run(command(binary, broken, "--resume"))
        if code != 0:
            fail(f"the last resume failed: {text.strip()}")
        if read(broken) != read(whole):
            fail("the resumed puzzles file differs from the unbroken run's")
        if read(broken + ".state") != read(whole + ".state"):
            fail("the resumed state file differs from the unbroken run's")
        other = command(binary, broken, "--resume")
        other[other.index("--tail") + 1] = "5"
        code, text = run(other)
        lines = text.strip().splitlines()
        if code == 0 or len(lines) != 1 or "another run" not in text:
            fail(f"a resume with another --tail was not refused in one line: {code} {text!r}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        sys.exit(1)
    print("ok: killed at", first, "and interrupted at", second, "of 800 candidates, same file")


if __name__ == "__main__":
    main()
