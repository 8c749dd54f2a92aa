#!/usr/bin/env bash
# Browser tests of the UI (tests/browser): builds the release binary (or
# takes the one ASTERISM_BIN names, without building), type-checks web/
# (tsc --checkJs, web/jsconfig.json), starts `asterism serve` on a free port
# (the server picks it and prints the URL) serving this tree's web/, runs
# the Playwright tests against it with Debian's chromium, and stops the
# server. online.test.mjs plays online games between three browser
# contexts (docs/online.md); page.test.mjs checks the move list, the result
# line, "(your move)" and seat links between separate contexts (issue 27);
# turn.test.mjs checks the "your move" signals by what they do (web/turn.js):
# the sound started, on or off as remembered across a reload, a
# notification only while the page is hidden and allowed, "(your move)"
# and "(ваш ход)" in the title on the player's turn only, and the Russian
# result line of a resigned game (issue 27);
# learn.test.mjs is a new visitor reading the
# rules and doing the first lesson of each game (docs/learn.md);
# puzzles.test.mjs solves a puzzle of each game by clicks;
# account.test.mjs signs up and in with passwords and passkeys (Chromium's
# virtual authenticator, the server reached as localhost) and claims a
# guest's game (docs/accounts.md); social.test.mjs is two people with
# accounts playing a rated game by a challenge, chatting, muting and
# reporting, and a moderator hiding the message reported (issue 28);
# access.test.mjs plays each game from the keyboard, types moves, reads the
# cells' names and the live region and measures the contrast of text and
# men in both themes; phone.test.mjs, at 390 x 844 with touch, measures the
# smallest target of each game, confirms taps, checks that the page neither
# creeps nor scrolls sideways and that the own side is on screen (issue 27;
# docs/view.md).
# tournament.test.mjs is three accounts in a Swiss tournament of two rounds
# made and started from the tournament pages, one game played to its end by
# clicks, the next paired by the server and resigned, each page following
# standings, crosstable and winner live, and a watcher whose event stream
# is blocked following by polling; a round robin cancelled before its start
# and an arena's pause, resume and withdrawal (issue 29).
# i18n.test.mjs opens the play page, the online lobby and the tournaments
# list in a Russian browser (locale ru-RU) and an English one and reads
# their words and <html lang>, uses the header's language switch and
# reloads, and starts a Shatra game in Russian, reading whose move it is
# and using the move list, its options' words in Russian; the account,
# players, player, puzzles and learn pages and the tournament form's
# counted words (issue 27 point 8; docs/view.md, Languages). The
# other tests read English words: chromium.mjs makes the browser English.
# axe.test.mjs runs axe-core (npm, pinned) on every page (read from web/ as
# it runs), a local and an online game and a real tournament, in both
# themes, in English as a visitor and in Russian signed in: no serious or
# critical violation (issue 27 point 7); and no page scrolls sideways on a
# 390x844 phone, in either language.
# analysis.test.mjs analyses positions browsed back to (a local game, an
# archived online game opened by its Analyse), checks the best moves drawn
# on the board, the Hint button and the ownership map's legend and contrast
# (issue 27, point 2).
# offline.test.mjs plays a local game held in the browser (web/local-game.js)
# and, with the browser offline, a whole Shatra game against level 3 from the
# service worker's cache; the end's Rematch, a reload and Back returning to a
# game's own address, a record's level, and the page without the engine
# playing through the server (issue 45 points 4 and 7, issue 43 point 6).
# thinking.test.mjs: a local game's hint, analysis and review searched by
# the WebAssembly engine in a worker (no search reaches the server), their
# progress and Stop, and the server's searches with the engine blocked
# (issue 45; docs/wasm.md). The page's engine must be built first (below).
# Screenshots are left in build/browser/. Also runs the PGN
# interoperability test (tests/browser/pgn_interop.test.mjs). Exits non-zero
# on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out="$root/build/browser"
mkdir -p "$out"

# ASTERISM_BIN: a binary built elsewhere (a machine busy with another build,
# or a test of the page against a server already built); else the release
# build, made here.
bin=${ASTERISM_BIN:-}
if [ -z "$bin" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release --target asterism -j "$(nproc)"
  bin="$root/build/release/apps/asterism/asterism"
fi
[ -x "$bin" ] || { echo "error: $bin is not an executable" >&2; exit 1; }
# The tests run from tests/browser and start it themselves (asterism admin,
# asterism play): a path relative to here would not find it there.
bin=$(realpath "$bin")

# The page's own engine: several tests (a local game's address, the worker's
# hint and review, offline play) are of the page as the Quick start serves it,
# with its engine (scripts/start.sh builds it, and so does scripts/test.sh
# before this).
[ -s web/engine/asterism-engine.wasm ] || {
  echo "error: the page's engine is not built (web/engine/): cmake --preset wasm && cmake --build --preset wasm" >&2
  exit 1
}

# playwright-core only, at the version the lock file pins; it must never
# fetch a browser of its own (it drives /usr/bin/chromium).
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d tests/browser/node_modules/playwright-core ] ||
   ! cmp -s tests/browser/package-lock.json tests/browser/node_modules/.package-lock.json; then
  (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
fi

# The page's JSON shapes (web/types.js) and every file's JSDoc, checked by
# the pinned compiler (web/jsconfig.json says how strictly); a type error
# fails the run before a browser starts.
echo "type-checking web/ (tsc -p web/jsconfig.json)"
tests/browser/node_modules/.bin/tsc -p web/jsconfig.json --noEmit

rm -rf "$out/data"
# Emptied before the start: the forked server may not have truncated the log
# yet when the loop below first reads it, and a previous run's address would
# be taken for this one's.
: >"$out/server.log"
# --web: the page of this tree, whatever folder the binary was built in.
# --trusted-proxy: the tests that need people at different addresses (a
# server allows 5 new accounts an hour per address) say so with
# X-Forwarded-For; the others come from the loopback address as before.
# --push: the account page offers "Notify me on this device" only when the
# server has a push key (social.test.mjs drives the service worker, web/sw.js).
"$bin" serve --port 0 --data "$out/data" --web "$root/web" --trusted-proxy 127.0.0.1 \
  --push --push-subject mailto:browser-tests@example.org >"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*/' "$out/server.log" || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "error: asterism serve did not start:" >&2
  cat "$out/server.log" >&2
  exit 1
fi
echo "browser tests against $url (screenshots in build/browser/)"
cd tests/browser
# pgn_interop.test.mjs: an independent PGN parser (npm, pinned) reads the
# PGN that the binary writes.
# social.test.mjs grants the moderator's role with `asterism admin grant
# NAME --data ASTERISM_DATA`, beside the running server.
# On a failure the server's last lines are printed too: a run elsewhere
# (the tracker's CI) keeps only what was printed.
status=0
ASTERISM_URL="$url" ASTERISM_SHOTS="$out" ASTERISM_BIN="$bin" ASTERISM_DATA="$out/data" \
  node --test --test-reporter=spec ${TEST_ONLY:+"--test-name-pattern=$TEST_ONLY"} ${BROWSER_TESTS:-ui.test.mjs newcomer.test.mjs online.test.mjs page.test.mjs turn.test.mjs access.test.mjs axe.test.mjs phone.test.mjs review.test.mjs analysis.test.mjs offline.test.mjs thinking.test.mjs learn.test.mjs puzzles.test.mjs account.test.mjs social.test.mjs tournament.test.mjs i18n.test.mjs catalogue.test.mjs errors.test.mjs nav.test.mjs pgn_interop.test.mjs} || status=$?
if [ "$status" -ne 0 ]; then
  echo "== the server's last 60 lines ($out/server.log)"
  tail -n 60 "$out/server.log"
fi
exit "$status"
