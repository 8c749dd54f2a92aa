#!/usr/bin/env bash
# A bounded load on the online games (not part of the test command): builds
# the release binary, starts it on a temporary data folder on 127.0.0.1, and
# plays 200 games (two clients each) for 60 s with scripts/load_test.py, then
# checks that no acknowledged move was lost, duplicated or misplaced.
# Arguments go to load_test.py (--games N, --seconds S, --game, --options,
# --procs); docs/server.md, "Load", has the figures.
#
#   bash scripts/load-test.sh
#   bash scripts/load-test.sh --games 50 --seconds 10
set -euo pipefail
cd "$(dirname "$0")/.."
binary=build/release/apps/asterism/asterism
if [ ! -x "$binary" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release --target asterism
fi
exec /usr/bin/python3 scripts/load_test.py --binary "$binary" "$@"
