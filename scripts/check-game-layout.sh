#!/usr/bin/env bash
# Checks that every game has the common shape (docs/adding-a-game.md): the
# same source files in src/games/<game>/ and the same test files in
# tests/<game>/, so that a newcomer can copy any game. A game may have
# further files; it may not lack these. Then checks that games are listed
# once: outside the places allowed below, no file in src/, apps/, python/
# or web/ names a game id or includes a game's header, so that adding a
# game never means finding the lists and switches that name the others.
# Exit 1 naming what is missing or out of place.
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

# The places that may name a game, one line each: a path (a glob), the lines
# of it that may (an extended regular expression; '.' for any), and why.
# Everything else takes the games from the registry (src/core/registry.h),
# the catalog (GET /api/catalog) or what a game registers about itself.
# The places that may name a game, three words each: a path (a glob), the
# lines of it that may (an extended regular expression; '.' for any), and
# why. Everything else takes the games from the registry
# (src/core/registry.h), the catalog (GET /api/catalog) or what a game
# registers about itself.
allowed=(
  'src/games/*' . "a game's own folder, and src/games/CMakeLists.txt's one list of games (ASTERISM_GAMES)"
  'src/engines/*.cpp' . "a game's engine file: its searches and search benches"
  'apps/asterism/cmd_play.cpp' starstar "the default game of 'asterism play' (a choice, not a list)"
  'apps/asterism/cmd_engine.cpp' starstar "the default game of 'asterism engine' (a choice, not a list)"
  'apps/asterism/cmd_state.cpp' 'e\.g\.' "an example spec in the help text"
  'apps/asterism/cmd_bench.cpp' '"(starstar:size=8|shatra)", "(mcts|ab):' "the thread-scaling runs, outside the signature: one reference MCTS game and one alpha-beta game"
  'python/game.cpp' 'such as' "an example spec in a docstring"
  'src/server/json_args.cpp' 'e\.g\.' "an example spec in an error message"
  'src/server/error_table.h' 'e\.g\.' "an example spec in an error message (the catalogue of errors)"
  'src/server/accounts/players.cpp' 'e\.g\.' "an example spec in an error message"
  'src/server/accounts/passwords.cpp' . "the list of guessable passwords, where the games' names are words people use"
  'web/rules-*.html' . "a game's rules page (the page's per-game files)"
  'web/rules/*' . "a game's rules page in another language (the page's per-game files)"
  'web/rules.html' 'rules' "the index of the rules pages: one link to each game's rules page"
  'web/lessons/*' . "a game's lessons (data: one file per game and language)"
  'web/locales/*' . "the words of the games' titles, options, pieces and sides, per language"
  'web/names.js' . "the page's per-game names: titles, option places, the list of games and the first visit's game"
  'web/board.js' . "the page's per-game drawing touches (docs/view.md)"
  'web/panels.js' . "the page's per-game score panels"
  'web/pieces.js' . "the page's per-game piece drawings"
  'web/access.js' . "the page's per-game spoken names of pieces"
  'web/puzzle-words.js' . "the page's per-game words for a puzzle's goal, hint and end"
  'web/rule-forms.js' . "Shatra's forms by plain names in the rules menu, a per-game touch of the setup"
  'web/shared.js' "kind !== 'asterisk'" "Asterisk's choice of a piece kind before its cell, a per-game touch of the board"
  'web/tournament-words.js' . "the page's per-game names of the sides"
  'web/types.js' . "the view's kind, one per game (the JSDoc of docs/view.md)"
  'web/style.css' . "the page's per-game board colours"
  'web/theme.css' . "the page's per-game board colours in the dark theme"
)
games=$(find src/games -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort | paste -sd'|')
is_allowed() {  # file, line text
  local i
  for ((i = 0; i < ${#allowed[@]}; i += 3)); do
    # shellcheck disable=SC2053
    [[ $1 == ${allowed[i]} && $2 =~ ${allowed[i + 1]} ]] && return 0
  done
  return 1
}
# A comment may name a game (an example, a why); code, strings and includes
# may not. Comments are whole lines starting with //, /*, *, <!-- or #
# (not #include), and the tail of a line from " // ".
comment='^[[:space:]]*(//|/\*|\*|<!--|#[[:space:]!]|#$)'
names="\\b($games)\\b"
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  text=${rest#*:}
  [[ $text =~ $comment ]] && continue
  [[ ${text%% // *} =~ $names ]] || continue
  is_allowed "$file" "$text" && continue
  echo "$hit: names a game outside the places that may (scripts/check-game-layout.sh)"
  missing=$((missing + 1))
done < <({ git ls-files -- src apps python web 2>/dev/null || find src apps python web -type f; } |
           xargs grep -nwE -- "$games" /dev/null || true)

if ((missing > 0)); then
  echo "$missing problem(s) with the common game shape or a game named out of place (docs/adding-a-game.md)" >&2
  exit 1
fi
echo "every game in src/games has the common shape, and only the allowed places name games"
