#!/usr/bin/env bash
# End-to-end checks of the asterism binary: bad input of every kind must give
# a one-line "error: ..." on stderr and exit code 2, and the main subcommands
# must produce what their documentation promises.
# Usage: cli_test.sh path/to/asterism
set -uo pipefail
bin="$1"
pass=0
fail=0
out=$(mktemp)
err=$(mktemp)
# A home of its own: commands that keep files (serve's default database,
# under $XDG_DATA_HOME or ~/.local/share) never touch the user's.
home=$(mktemp -d)
trap 'rm -f "$out" "$err"; rm -rf "$home"' EXIT
export HOME="$home"
unset XDG_DATA_HOME

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_error "needle" args... : exit code 2, exactly one stderr line that
# starts with "error:" and contains needle.
expect_error() {
  local needle="$1"; shift
  "$bin" "$@" >"$out" 2>"$err" </dev/null
  local rc=$?
  local lines
  lines=$(wc -l <"$err")
  if [ "$rc" -ne 2 ]; then bad "$* -> exit $rc, want 2"; return; fi
  if [ "$lines" -ne 1 ]; then bad "$* -> $lines stderr lines, want 1: $(cat "$err")"; return; fi
  if ! grep -q "^error: .*$needle" "$err"; then bad "$* -> '$(cat "$err")' lacks '$needle'"; return; fi
  ok
}

# expect_output "needle" args... : exit 0 and stdout contains needle.
expect_output() {
  local needle="$1"; shift
  "$bin" "$@" >"$out" 2>"$err" </dev/null
  local rc=$?
  if [ "$rc" -ne 0 ]; then bad "$* -> exit $rc: $(cat "$err")"; return; fi
  if ! grep -qF -- "$needle" "$out"; then bad "$* -> stdout lacks '$needle'"; return; fi
  ok
}

expect_error "unknown game 'chess'" state chess
expect_error "unknown option 'colour'" state starstar:colour=red
expect_error "allowed values are 6, 8, 10" state starstar:size=7
expect_error "expected true or false" state starstar:swap=perhaps
expect_error "move 2 'zz9'" state starstar --moves "*10 zz9"
expect_error "move 2 '\*10'" state starstar --moves "*10 *10"
expect_error "swap" state starstar --moves "*10 swap"
expect_error "position" state starstar --position "5/10 b"
expect_error "unknown game" perft nosuch 1
expect_error "depth" perft starstar -- -1
expect_error "" state
expect_error "" frobnicate
expect_error "unknown player 'wizard'" play starstar --second wizard
expect_error "allowed values are 8, 11, 12, 15, 20" state asterisk:size=9
expect_error "move 1 'xyz@a1'" state asterisk --moves "xyz@a1"
expect_error "move 5 'swap'" state asterisk --moves "dhe@a1 dca@b2 dce@c3 lha@d4 swap"
expect_error "two-player" play asterisk:mode=solitaire --first mc

# --version names the project's version, as the top CMakeLists.txt sets it.
version=$(sed -n 's/^project(asterism VERSION \([0-9.]*\) .*/\1/p' "$(dirname "$0")/../../CMakeLists.txt")
[ -n "$version" ] || bad "no version in CMakeLists.txt"
expect_output "asterism $version" --version
expect_output '"game":"starstar:size=10,swap=false"' state starstar --json
expect_output '"provisional":true' state starstar:size=6 --moves "*10 S10" --json
expect_output 'nodes: 105' perft starstar:size=6 1
expect_output 'nodes: 10920' perft starstar:size=6 2
expect_output 'nodes: 396' perft asterisk 1
expect_output 'nodes: 180' perft starstar:size=8 1
expect_output 'asterisk' games
expect_output '"name": "size"' games --json
# Without the scaling runs, half of the command's time (most of this
# script's under the sanitizers); the threaded searches have tests of their
# own (SearchAlphaBeta.Threads..., SearchMcts.ThreadsShareOneTree).
expect_output 'Bench: ' bench --games 50 --threads 0

# A whole game through `play`: two computer players, nothing on stdin.
expect_output 'Game over' play starstar:size=6 --first random --second greedy
expect_output 'Game over' play asterisk:size=8 --first greedy --second random
expect_output 'Game over' play asterisk:mode=solitaire --first greedy
# A human typing bad input, then quitting: messages, no crash.
printf 'zz9\n*10 S10\nS10\nundo\nhelp\nquit\n' | "$bin" play starstar:size=6 --second random >"$out" 2>"$err"
rc=$?
if [ $rc -eq 0 ] && grep -q "error: " "$out" && grep -q "Commands:" "$out"; then ok; else bad "interactive play (rc $rc)"; fi

# Hints, the computer's thinking, levels and cell names at the prompt.
printf 'hint\nthink\nlevel 11\nlevel 4\n*10\nnames\nquit\n' |
  "$bin" play starstar:size=6 --second 3 >"$out" 2>"$err"
rc=$?
if [ $rc -eq 0 ] && grep -q "Level 6 suggests:" "$out" && grep -q "win rate [0-9]*%, [0-9]* visits, pv: " "$out" &&
   grep -q "error: usage: level N" "$out" && grep -q "now plays at level 4" "$out" &&
   grep -q "White (4) plays" "$out" && grep -q "A60" "$out"
then ok; else bad "play: hint, think, level, names (rc $rc)"; fi
# Every registered game plays to its end in the terminal (the list comes from
# the program, so a new game is covered without editing this file).
games=$("$bin" games --json | grep -o '"id": "[^"]*"' | cut -d'"' -f4)
[ -n "$games" ] && ok || bad "games --json lists no game ids"
for game in $games; do
  expect_output 'Game over' play "$game" --first 2 --second 1
done

# Records and the engine (docs/records.md, docs/protocol.md).
data="$(cd "$(dirname "$0")/../data" && pwd)"
tmp=$(mktemp -d)
trap 'rm -f "$out" "$err"; rm -rf "$tmp"' EXIT
expect_error "cannot read $tmp/none.rec" replay "$tmp/none.rec"
expect_error "illegal-move.rec:8: move 3 '\*10'" replay "$data/records/bad/illegal-move.rec"
expect_output 'result:   0-1' replay "$data/records/good/starstar-finished.rec"
expect_output 'result:   1-0 (as recorded; not over by the rules)' replay "$data/records/good/starstar-crlf-resigned.rec"
# A mark beyond its loss says why (here: a lost position's odds cut threefold or more).
expect_output '; lost position, odds cut ' review --level 5 "$data/review/random/starpool-random-vs-level7.rec"
expect_error "cannot read $tmp/none.rec" review "$tmp/none.rec"
expect_error "check-samples: Value 0 not in range 1 to 9" review --check-samples 0 "$data/records/good/starstar-finished.rec"
# One check of each mark: the CLI's plumbing is what this tests; the
# median of three (the default) is the review tests', at three times the
# checks' cost, under asan too.
expect_output ' inaccuracies, ' review --level 3 --check-samples 1 "$data/records/good/starstar-finished.rec"
# Without --level, the form's review level: 7 on *Star's 8-ring board.
expect_output ' at level 7. Marks: ' review --check-samples 1 "$data/records/good/starstar-handwritten.rec"
# Counts in words: one blunder, not "1 blunders" (and a tempo bias of one
# point, not "1 points").
"$bin" review "$data/review/random/shatra-original-level7-vs-random.rec" >"$out" 2>"$err" </dev/null
if grep -qxE 'Black: accuracy [0-9.]+%, [0-9]+ inaccuracies, 0 mistakes, 1 blunder' "$out" &&
   grep -qxE 'Tempo bias taken out of the graph: (-?[02-9]|-?[1-9][0-9]+) points on average\.|Tempo bias taken out of the graph: -?1 point on average\.' "$out"; then
  ok
else
  bad "review of shatra-original-level7-vs-random.rec: the counts are not in words: $(tail -n 3 "$out")"
fi
expect_error "excludes" play starstar --load "$data/records/good/starstar-finished.rec"
expect_error "unknown game 'chess'" engine chess
expect_error "level must be 1 to 10" engine starstar --level 11
# Matches: bad adjudication settings, and a game's length and adjudication count.
expect_error "bad --resign '0.4,8'" match starstar:size=6 --a random --resign 0.4,8
expect_error "bad --draw '0.02,20'" match starstar:size=6 --a random --draw 0.02,20
expect_error "expand must be at least 1" match starstar:size=6 --a mcts:expand=0
expect_output 'plies:   mean 105.0, from 105 to 105' match starstar:size=6 --a random --games 2
expect_output 'adjudicated: 0 wins, 0 draws' match starstar:size=6 --a random --games 2 --resign 0.97,8 --draw 0.02,2,0
expect_error "bad --sprt '-inf,5'" match starstar:size=6 --a random --sprt -inf,5
# A computer game saved at the end replays, and continues from its record.
expect_output 'Saved to' play starstar:size=6 --first random --second greedy --save "$tmp/g.rec"
expect_output 'result:   ' replay "$tmp/g.rec"
printf 'moves\nsave %s\nquit\n' "$tmp/again.rec" |
  "$bin" play --load "$tmp/g.rec" --first human --second human >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "Saved to" "$out" && cmp -s <(grep '^[0-9]' "$tmp/g.rec") <(grep '^[0-9]' "$tmp/again.rec")
then ok; else bad "play --load, then save at the prompt"; fi
# A corrupt record is refused and left as it was, even with --save to it.
cp "$data/records/bad/illegal-move.rec" "$tmp/bad.rec"
expect_error "bad.rec:8:" play --load "$tmp/bad.rec" --save "$tmp/bad.rec"
if cmp -s "$data/records/bad/illegal-move.rec" "$tmp/bad.rec"; then ok; else bad "corrupt record was overwritten"; fi
# The engine on stdin: a move, a wrong colour, a reply for each command.
printf 'play black *10\nplay black S21\nquit\n' | "$bin" engine starstar:size=6 >"$out" 2>"$err"
if [ $? -eq 0 ] && [ "$(cat "$out")" = "$(printf '=\n\n? it is white'"'"'s turn, not black'"'"'s\n\n=')" ]
then ok; else bad "engine session: $(cat "$out")"; fi

# Draws by agreement (src/search/draw.h). Two computers under shatrabase,
# which has no draw rule, agree one instead of playing on for ever, and the
# record says so.
timeout 120 "$bin" play shatra:rules=shatrabase --first 2 --second 2 --save "$tmp/agreed.rec" \
  >"$out" 2>"$err" </dev/null
rc=$?
if [ $rc -eq 0 ] && grep -q "(2) offers a draw" "$out" && grep -q "(2) accepts the draw" "$out" &&
   grep -q "Game over: 1/2-1/2 (draw by agreement)" "$out"
then ok; else bad "play: two computers under shatrabase (rc $rc)"; fi
expect_output 'result:   1/2-1/2 (draw by agreement)' replay "$tmp/agreed.rec"
expect_output 'Termination: agreement' replay "$tmp/agreed.rec"
# Two people at one screen: one offers, the other is asked until they answer.
printf 'help\ndraw\nmaybe\nno\n*10\ndraw\nyes\n*20\nsave %s\nquit\n' "$tmp/people.rec" |
  "$bin" play starstar:size=6 --first human --second human >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "draw       offer a draw" "$out" && grep -q "Please answer yes or no." "$out" &&
   grep -q "Game over: 1/2-1/2 (draw by agreement)" "$out" && grep -q "error: the game is over" "$out" &&
   grep -q "^Termination: agreement" "$tmp/people.rec" && grep -q "^1\. \*10" "$tmp/people.rec"
then ok; else bad "play: draw between two people"; fi
# A computer that does not search (level 1) declines while nothing repeats.
printf 'draw\nquit\n' | "$bin" play starstar:size=6 --second 1 >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "White (1) declines the draw." "$out"; then ok; else bad "play: level 1 declines"; fi
printf 'draw\nquit\n' | "$bin" play asterisk:mode=solitaire >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "error: a one-player game has no draws" "$out"; then ok; else bad "play: solitaire draw"; fi
# Biys stepping back and forth: after 16 moves the start has come round a
# fifth time, and the computer accepts a person's offer whatever it rates;
# after 17 it offers one with its own move, and the person is asked.
shuffle() {
  printf 'Game: shatra:rules=shatrabase\nPosition: 3/3/3/1/6k/7/6r/R6/7/K6/1/3/3/3 w - - - - 0 1\n\n'
  local cycle=(a5-b5 g10-f10 b5-a5 f10-g10)
  for ((i = 0; i < $1; i++)); do echo "$((i + 1)). ${cycle[i % 4]}"; done
}
shuffle 16 >"$tmp/shuffle16.rec"
shuffle 17 >"$tmp/shuffle17.rec"
printf 'draw\nquit\n' | "$bin" play --load "$tmp/shuffle16.rec" --first human --second 1 >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "Black (1) accepts the draw." "$out" && grep -q "draw by agreement" "$out"
then ok; else bad "play: the computer accepts on the fifth repetition"; fi
printf 'yes\nquit\n' | "$bin" play --load "$tmp/shuffle17.rec" --first human --second 3 >"$out" 2>"$err"
if [ $? -eq 0 ] && grep -q "Black (3) offers a draw." "$out" && grep -q "White, do you accept a draw? (yes/no)>" "$out" &&
   grep -q "Game over: 1/2-1/2 (draw by agreement)" "$out"
then ok; else bad "play: the computer offers on the fifth repetition"; fi
# A match counts the draws its players agreed.
expect_output 'agreed:  2 draws by agreement' match shatra:rules=shatrabase --a level:2 --b level:2 --games 2 --random-plies 0
# PGN (docs/records.md, "PGN"): records out and back in, several games to a
# file, and bad PGN refused with its line and nothing written.
expect_output 'Saved to' play shatra --first random --second random --seed 3 --save "$tmp/s.rec"
expect_output 'Saved to' play starpool --first random --second random --seed 4 --save "$tmp/p.rec"
expect_output '[Variant "Shatra"]' pgn export "$tmp/s.rec" "$tmp/p.rec"
if "$bin" pgn export "$tmp/s.rec" "$tmp/p.rec" -o "$tmp/two.pgn" && [ "$(grep -c '^\[Event ' "$tmp/two.pgn")" -eq 2 ]
then ok; else bad "pgn export -o: two games"; fi
mkdir "$tmp/in"
expect_output "wrote $tmp/in/two-2.rec: starpool" pgn import "$tmp/two.pgn" --out "$tmp/in"
if cmp -s <(grep '^[0-9]' "$tmp/s.rec") <(grep '^[0-9]' "$tmp/in/two-1.rec") &&
   cmp -s <(grep '^[0-9]' "$tmp/p.rec") <(grep '^[0-9]' "$tmp/in/two-2.rec")
then ok; else bad "pgn export then import changed the moves"; fi
expect_error "two-1.rec exists; --force replaces it" pgn import "$tmp/two.pgn" --out "$tmp/in"
expect_output 'game 2: starpool' pgn import "$tmp/two.pgn" --check
expect_output 'shatra:rules=shatrabase' pgn import "$data/pgn/good/shatrabase.pgn" --check
expect_error "illegal_move_second_game.pgn:10: game 2: move 3 'c5-c8'" \
  pgn import "$data/pgn/bad/illegal_move_second_game.pgn" --out "$tmp/in" --force
if [ ! -e "$tmp/in/illegal_move_second_game-1.rec" ]; then ok; else bad "bad PGN wrote a record"; fi
expect_error "unclosed_comment.pgn:5: a comment '{' is not closed" pgn import "$data/pgn/bad/unclosed_comment.pgn"
expect_error "not starstar" pgn export "$data/records/good/starstar-finished.rec"
expect_error "cannot read $tmp/none.pgn" pgn import "$tmp/none.pgn"
expect_error "" pgn

# The server refuses bad settings before it listens.
expect_error "65535" serve --port 70000
expect_error "no index.html" serve --port 0 --web "$tmp"
expect_error "max-games" serve --max-games 0
# A data folder or database it cannot use is an error at start, never an
# empty server (docs/online.md).
expect_error "cannot use the data folder" serve --port 0 --data /proc/asterism-data
mkdir -p "$tmp/bad-data" && head -c 5000 /dev/urandom >"$tmp/bad-data/asterism.db"
expect_error "asterism.db" serve --port 0 --data "$tmp/bad-data"

# The operator's options refuse what cannot work, before the server listens.
expect_error "push-subject" serve --port 0 --data "$tmp/push" --push --public-url http://x.example --trusted-proxy 127.0.0.1
# A public URL means a proxy in front: without its address every visitor
# would count as the proxy (issue 41, item 1).
expect_error "needs --trusted-proxy" serve --port 0 --no-online --public-url https://x.example
# Every network's share is the operator's to set, within sense.
expect_error "ceremonies-per-network" serve --port 0 --no-online --ceremonies-per-network 0
expect_error "ipv6-prefix" serve --port 0 --no-online --ipv6-prefix 8
expect_error "searches-per-network" serve --port 0 --no-online --searches-per-network 0
echo "short" >"$tmp/token"
expect_error "16 characters" serve --port 0 --data "$tmp/push" --metrics-token-file "$tmp/token"
expect_error "cannot read the token file" serve --port 0 --data "$tmp/push" --metrics-token-file "$tmp/none"
expect_error "log-format" serve --port 0 --data "$tmp/push" --log-format xml

# asterism admin (docs/accounts.md): the operator's tools refuse what they
# cannot do, and grant the moderator role to an account that exists.
expect_error "no database" admin grant Ann --data "$tmp/no-such"
expect_error "grant" admin promote Ann --data "$tmp"
mkdir -p "$tmp/adm"
"$bin" serve --port 0 --data "$tmp/adm" >/dev/null 2>&1 &
spid=$!
for _ in $(seq 100); do [ -e "$tmp/adm/asterism.db" ] && break; sleep 0.1; done
kill "$spid"; wait "$spid" 2>/dev/null
expect_error "no account named 'Ann'" admin grant Ann --data "$tmp/adm"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
