"""Shared helpers of the Python module's tests (docs/python.md).

The games under test come from the registry, never from a hand-written
list: every spec that `asterism bench` measures, and the default spec with
each option set in turn to each of its other values (a combination the game
refuses, such as a mode-only option in another mode, is left out).
"""
import json
import os
import subprocess

import pytest

import asterism


def _option_values(option):
    if option["type"] == "bool":
        return ["true", "false"]
    if option["type"] == "seed":
        return ["7"]
    return option["allowed"]


def _with_option(info, name, value):
    """The first of the default spec and the benchmark specs that accepts
    name=value, with it set; None when every one refuses."""
    for base in [info["id"]] + info["specs"]:
        try:
            return asterism.load_game(f"{base},{name}={value}" if ":" in base
                                      else f"{base}:{name}={value}").spec()
        except asterism.Error:
            continue
    return None


def _specs():
    specs = []
    for info in asterism.registered_games():
        specs.extend(info["specs"])
        for option in info["options"]:
            for value in _option_values(option):
                if value != option["default"]:
                    specs.append(_with_option(info, option["name"], value))
    canonical = []
    for spec in filter(None, specs):
        spec = asterism.load_game(spec).spec()
        if spec not in canonical:
            canonical.append(spec)
    return canonical


SPECS = _specs()


def scaled(n):
    """A number of random games, scaled like the C++ property tests."""
    scale = float(os.environ.get("ASTERISM_TEST_SCALE", "1") or 1)
    return max(1, int(n * scale))


@pytest.fixture(scope="session")
def cli():
    """Runs the asterism binary of this build and returns its completed process."""
    path = os.environ.get("ASTERISM_CLI")
    if not path:
        pytest.skip("ASTERISM_CLI names no asterism binary (ctest sets it)")

    def run(*args):
        return subprocess.run([path, *args], capture_output=True, text=True, timeout=120)

    return run


@pytest.fixture(scope="session")
def cli_state(cli):
    """`asterism state SPEC --moves ... --json` as a dict."""

    def state(spec, moves):
        done = cli("state", spec, "--moves", " ".join(moves), "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return state


def cli_error(done):
    """The CLI's one-line error without its "error: " prefix."""
    assert done.returncode == 2, done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0][len("error: "):]
