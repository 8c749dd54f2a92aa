#!/usr/bin/env bash
# Checks that every game has the common shape (docs/adding-a-game.md): the
# same source files in src/games/<game>/ and the same test files in
# tests/<game>/, so that a newcomer can copy any game. A game may have
# further files; it may not lack these. Exit 1 naming what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
sources=(CMakeLists.txt rules.h rules.cpp board.h state.cpp notation.cpp view.cpp knowledge.h
         learning.cpp register.cpp)
tests=(board_test.cpp rules_test.cpp notation_test.cpp property_test.cpp search_test.cpp)
missing=0
for dir in src/games/*/; do
  game=$(basename "$dir")
  for f in "$game.h" "${sources[@]}"; do
    [ -f "$dir$f" ] || { echo "src/games/$game/$f is missing"; missing=$((missing + 1)); }
  done
  for f in "${tests[@]}"; do
    [ -f "tests/$game/$f" ] || { echo "tests/$game/$f is missing"; missing=$((missing + 1)); }
  done
  # The hot State header must not pull in the JSON library.
  if grep -q '#include <nlohmann/json.hpp>' "$dir$game.h"; then
    echo "src/games/$game/$game.h includes nlohmann/json.hpp (use json_fwd.hpp)"
    missing=$((missing + 1))
  fi
done
if ((missing > 0)); then
  echo "$missing problem(s) with the common game shape (docs/adding-a-game.md)" >&2
  exit 1
fi
echo "every game in src/games has the common shape"
