#!/usr/bin/env bash
# Quick start, part 1: installs what is missing, builds the release binary and
# the page's own engine, and starts the main program, the browser interface
# (`asterism serve`), which prints the address to open. Extra arguments go to
# `asterism serve` (e.g. --port 9000, or --host 0.0.0.0 to play from a phone on
# the same network).
#
# The page's engine (WebAssembly, docs/wasm.md) is what lets the page play,
# analyse and review in the visitor's browser, keep a game at its own
# address (#local=ID) and work offline; without it the page falls back to
# the server's searches and sessions. `asterism serve` serves it from
# web/engine/, where the wasm preset writes it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target asterism
cmake --preset wasm >/dev/null
cmake --build --preset wasm
exec build/release/apps/asterism/asterism serve "$@"
