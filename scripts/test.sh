#!/usr/bin/env bash
# Quick start, part 2: installs what is missing, then builds and runs every
# test: the format check, the release build (with the Python module and its
# pytest suite, run by ctest), the browser tests of the UI
# (scripts/browser-test.sh), the Debian package (scripts/package-test.sh),
# the AddressSanitizer + UBSan build (made while the browser tests run,
# with every fuzz target's corpus and seeded mutations of it replayed there),
# and the WebAssembly build (made while the release tests run, before the
# browser tests, which use it) against the native one (tests/wasm). Exits
# non-zero on the first failure.
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

step "shape checks: function and C++ file lengths, the games' common layout, web file lengths"
bash scripts/check-function-length.sh
bash scripts/check-file-length.sh
bash scripts/check-game-layout.sh
bash scripts/check-web-size.sh

step "release: build"
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
# The WebAssembly build (docs/wasm.md) is made while the release tests run,
# at the lowest priority, and waited for before the browser tests: the page
# holds its local games in that engine (web/local-game.js), and the offline
# and thinking tests need it; the Debian package ships its web/engine/.
mkdir -p build
wasm_log=build/wasm-build.log
step "wasm: build (in the background, niced, log in $wasm_log)"
cmake --preset wasm >/dev/null
setsid nice -n 19 cmake --build --preset wasm -j "$jobs" >"$wasm_log" 2>&1 &
wasm_build=$!
trap 'kill -- -"$wasm_build" 2>/dev/null || true' EXIT
step "release: test"
ctest --preset release -j "$jobs" -E '^wasm_'
step "wasm: waiting for its build"
if ! wait "$wasm_build"; then
  tail -n 80 "$wasm_log"
  echo "error: the wasm build failed (whole log: $wasm_log)" >&2
  exit 1
fi
trap - EXIT

# The browser tests leave about two thirds of the two cores idle (chromium
# and the server wait on each other and on the computer's clocks: 3.5
# CPU-minutes in 5.5 minutes), so the sanitizer tree is built meanwhile, at
# the lowest priority (nice 19: the tests' processes take the cores first).
# This takes about 4 minutes off the run. Its output goes to a log, shown
# if the build fails; it is stopped if a test fails first.
asan_log=build/asan-build.log
mkdir -p build
step "asan: build (in the background, niced, log in $asan_log)"
cmake --preset asan >/dev/null
# setsid: the build is a process group of its own, stopped as one.
setsid nice -n 19 cmake --build --preset asan -j "$jobs" >"$asan_log" 2>&1 &
asan_build=$!
trap 'kill -- -"$asan_build" 2>/dev/null || true' EXIT
step "browser tests (asterism serve + chromium)"
bash scripts/browser-test.sh
step "wasm: the same engine in node as natively (tests/wasm)"
ctest --preset release -j "$jobs" -R '^wasm_'
step "Debian package: cpack, lintian, the unpacked server, systemd-analyze verify"
bash scripts/package-test.sh build/release
step "asan: waiting for its build"
if ! wait "$asan_build"; then
  tail -n 80 "$asan_log"
  echo "error: the asan build failed (whole log: $asan_log)" >&2
  exit 1
fi
trap - EXIT
tail -n 1 "$asan_log"
step "asan: test"
# The sanitizers guard best what takes outside input (the server, records,
# the protocol: all run here). The rules' move-to-action faces on their
# largest boards (Asterisk 15 and 20, 10-ring *Star) are the same code as
# on the smaller boards run here: 63 tests, 45 of the step's 410 CPU-seconds; the
# release tests run them all. So are the review's judgements of whole games
# (Review.StrongGamesAreSeldomMarked, ReviewIssue43.*: deep searches whose
# marks they count, 58 of the step's 390 CPU-seconds at 55741dd); the
# review's code runs here in Review.WorksForEveryGame, Review.MarksTheMove*
# and AnalysisApi.Review*.
ctest --preset asan -j "$jobs" -E 'Face\..*/(asterisk_size_(15|20)_|starstar_size_10)|^Review\.StrongGamesAreSeldomMarked$|^ReviewIssue43\.'

# No clang tree is built here: the asan tree replays all six fuzz targets
# (ctest fuzz_replay_*: the committed corpus and seeded mutations of it,
# fuzz/replay_main.cpp, under ASan and UBSan), and `bash scripts/fuzz.sh
# [SECONDS]` fuzzes them with libFuzzer's coverage for as long as one likes.
# The short clang run this step used to be (15 s a rules target) cost 2 min
# 48 s of the run, most of it compiling the rules again with clang, and kept
# the test command over 35 minutes on two cores.
step "all passed"
