#!/usr/bin/env bash
# Quick start, part 2: installs what is missing, then builds and runs every
# test: the format check, the release build (with the Python module and its
# pytest suite, run by ctest), the browser tests of the UI
# (scripts/browser-test.sh), the Debian package (scripts/package-test.sh),
# the AddressSanitizer + UBSan build (with the server's fuzz targets replayed
# there), and a short run of each rules fuzz target (scripts/fuzz.sh). Exits non-zero on the first
# failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --browser-tests
jobs=$(nproc)
start=$(date +%s)
# Each step's heading says how long the run has taken so far, so that a
# slow step shows in the log.
step() { echo "== [$(( ($(date +%s) - start) / 60 )) min $(( ($(date +%s) - start) % 60 )) s] $*"; }

step "format check"
bash scripts/check-format.sh

step "shape checks: function lengths, the games' common layout, web file lengths"
bash scripts/check-function-length.sh
bash scripts/check-game-layout.sh
bash scripts/check-web-size.sh

for preset in release asan; do
  step "$preset: build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  step "$preset: test"
  ctest --preset "$preset" -j "$jobs"
  if [ "$preset" = release ]; then
    step "browser tests (asterism serve + chromium)"
    bash scripts/browser-test.sh
    step "Debian package: cpack, lintian, the unpacked server, systemd-analyze verify"
    bash scripts/package-test.sh build/release
  fi
done

# The four rules targets, fuzzed with clang. The server's two (api, http)
# would have clang compile the server's half of the code again, about 3.5
# minutes of the run's 2 cores: the sanitizer tree replays their corpus
# with seeded mutations instead (ctest fuzz_replay_api, fuzz_replay_http;
# fuzz/replay_main.cpp), and `bash scripts/fuzz.sh 600 api http` fuzzes
# them for as long as one likes.
step "fuzz: a short run of each rules target"
FUZZ_JOBS="$jobs" bash scripts/fuzz.sh 15 moves positions records protocol
step "all passed"
