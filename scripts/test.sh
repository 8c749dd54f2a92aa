#!/usr/bin/env bash
# Quick start, part 2: installs what is missing, then builds and runs every
# test: the release build, the AddressSanitizer + UBSan build, and the format
# check. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=$(nproc)

echo "== format check"
bash scripts/check-format.sh

for preset in release asan; do
  echo "== $preset: build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "== $preset: test"
  ctest --preset "$preset" -j "$jobs"
done
