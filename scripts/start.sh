#!/usr/bin/env bash
# Quick start, part 1: installs what is missing, builds the release binary and
# starts the main program, the browser interface (`asterism serve`), which
# prints the address to open. Extra arguments go to `asterism serve`
# (e.g. --port 9000, or --host 0.0.0.0 to play from a phone on the same network).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target asterism
exec build/release/apps/asterism/asterism serve "$@"
