#!/usr/bin/env bash
# Quick start, part 1: installs what is missing, builds the release binary and
# starts the main program: a terminal game of *Star against the computer.
# Extra arguments are passed to `asterism play` (e.g. asterisk --second greedy).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target asterism
exec build/release/apps/asterism/asterism play "$@"
