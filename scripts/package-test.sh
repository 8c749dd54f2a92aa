#!/usr/bin/env bash
# The Debian package (packaging/CMakeLists.txt) as an operator gets it:
# builds asterism_<version>_amd64.deb with CPack from the release tree,
# runs lintian on it (an error fails the test; warnings are printed),
# unpacks it into a temporary root with dpkg-deb -x and starts the
# unpacked asterism (through /usr/bin/asterism, its link to
# /usr/games/asterism) on loopback with no --web: the page, a web file and
# the puzzles must come from the unpacked share/asterism (marked copies
# prove it is not the source tree), /health must answer; then once more
# with --web naming another folder. Last, systemd-analyze verify
# reads the unit, where systemd-analyze is installed.
#
#   bash scripts/package-test.sh [BUILD_DIR]     (default build/release)
#
# Part of scripts/test.sh, after the release tests. Every wait is bounded;
# the temporary root is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
build=${1:-build/release}
[ -f "$build/CPackConfig.cmake" ] ||
  { echo "error: $build is not configured (cmake --preset release)" >&2; exit 1; }
start=$(date +%s)

# The binary and the compressed manual page and changelog, if not built yet.
cmake --build "$build" --target asterism asterism_package_files >/dev/null
rm -f "$build"/asterism_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log" >&2; exit 1; }
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
deb="$build/asterism_${version}_amd64.deb"
[ -f "$deb" ] || { echo "FAIL: cpack did not make $deb" >&2; ls "$build"/*.deb >&2 || true; exit 1; }
echo "package: $deb ($(du -k "$deb" | cut -f1) kB)"
dpkg-deb -f "$deb" Package Version Architecture Depends | sed 's/^/  /'

# lintian: errors fail the test, the rest is shown.
if ! command -v lintian >/dev/null; then
  echo "error: lintian is not installed (scripts/deps.sh installs it)" >&2
  exit 1
fi
lintian --fail-on error --tag-display-limit 0 "$deb" | sed 's/^/  lintian: /' ||
  { echo "FAIL: lintian found errors in $deb"; exit 1; }

dir=$(mktemp -d /tmp/asterism-package-XXXXXX)
server=""
url=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    server=""
  fi
}
trap 'stop_server; rm -rf "$dir"' EXIT
# On a failure, everything known about the server: its pid and whether it
# still runs, its whole log, what listens on loopback and the folder.
fail() {
  echo "FAIL: $*"
  if [ -n "$server" ]; then
    if kill -0 "$server" 2>/dev/null; then state=running; else state=gone; fi
    echo "  server pid $server ($state), started for $url"
  fi
  [ -s "$dir/server.log" ] && sed 's/^/  server: /' "$dir/server.log"
  { command -v ss >/dev/null && ss -ltnp 2>/dev/null | grep -F '127.0.0.1' | sed 's/^/  listening: /'; } || true
  ls -la --time-style=full-iso "$dir" | sed 's/^/  dir: /'
  exit 1
}

root="$dir/root"
dpkg-deb -x "$deb" "$root"
# The binary is in /usr/games (Debian's place for a game's), and
# /usr/bin/asterism links to it; the test starts it through the link.
bin="$root/usr/bin/asterism"
[ "$(readlink "$bin")" = ../games/asterism ] || fail "/usr/bin/asterism is not a link to ../games/asterism"
share="$root/usr/share/asterism"
for f in "$root/usr/games/asterism" "$share/web/index.html" "$share/puzzles/starstar.jsonl" \
         "$root/usr/share/man/man1/asterism.1.gz" "$root/usr/share/doc/asterism/copyright" \
         "$root/usr/share/doc/asterism/server.md" "$root/usr/lib/systemd/system/asterism.service" \
         "$root/etc/default/asterism"; do
  [ -e "$f" ] || fail "the package has no ${f#"$root"}"
done
# Marked copies: what the server answers must be the unpacked files.
echo "<!-- the unpacked package's copy -->" >>"$share/web/index.html"
head -1 "$share/puzzles/starstar.jsonl" >"$dir/one.jsonl"
mv "$dir/one.jsonl" "$share/puzzles/starstar.jsonl"

# Starts the unpacked binary with the given extra options; sets $url.
start_server() {
  # Emptied here, not by the child's redirection: the forked child may not
  # have opened the log yet when the loop below first reads it, and the
  # previous server's address would then be taken for this one's.
  : >"$dir/server.log"
  "$bin" serve --host 127.0.0.1 --port 0 --data "$dir/data" "$@" >"$dir/server.log" 2>&1 &
  server=$!
  url=""
  for _ in $(seq 100); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$dir/server.log" || true)
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$url" ] || fail "the unpacked asterism serve did not start"
}
# GET PATH into $dir/body; fails unless the status is 200.
get() {
  local status
  status=$(curl -s --max-time 10 -o "$dir/body" -w '%{http_code}' "$url${1#/}") || true
  [ "$status" = 200 ] || fail "GET $1 answered ${status:-nothing}, not 200"
}

start_server
echo "the unpacked binary serves $url"
get /
grep -q "the unpacked package's copy" "$dir/body" || fail "GET / is not the unpacked index.html"
get /app.js
cmp -s "$dir/body" "$src/web/app.js" || fail "GET /app.js differs from web/app.js"
get /health
grep -q '"status": *"ok"' "$dir/body" || fail "GET /health: $(head -c 200 "$dir/body")"
get /api/puzzles/starstar
grep -q '"total": *1[,}]' "$dir/body" || fail "the puzzles are not the unpacked ones: $(head -c 200 "$dir/body")"
# Into a file first: with pipefail, grep -q leaving after the first match
# can kill the help's second write with SIGPIPE and fail the pipeline.
"$bin" serve --help >"$dir/help"
grep -qF -- "--web TEXT=${share}/web" "$dir/help" ||
  fail "serve --help does not name the unpacked web folder as --web's default"
stop_server
grep -q "asterism: stopped" "$dir/server.log" || fail "the server did not stop cleanly on SIGTERM"

# --web still names another folder.
mkdir "$dir/web"
echo "<!doctype html><title>another web folder</title>" >"$dir/web/index.html"
start_server --web "$dir/web" --no-online
get /
grep -q "another web folder" "$dir/body" || fail "--web was not followed"
stop_server
echo "served /, /app.js, /health and the puzzles from the unpacked package; --web followed"

# The unit, as systemd reads it. systemd-analyze verify checks that
# ExecStart's binary exists and that `man asterism` (Documentation=) works,
# so it reads a copy naming the unpacked binary, with MANPATH on the
# unpacked manual; it warns (and still exits 0) about an unknown key or a
# bad value, so any output fails the test. The exposure score of
# systemd-analyze security is shown, not checked.
unit="$root/usr/lib/systemd/system/asterism.service"
if command -v systemd-analyze >/dev/null; then
  mkdir "$dir/unit"
  sed "s|/usr/games/asterism|$root/usr/games/asterism|" "$unit" >"$dir/unit/asterism.service"
  if ! MANPATH="$root/usr/share/man" systemd-analyze verify "$dir/unit/asterism.service" \
       >"$dir/verify.log" 2>&1 || [ -s "$dir/verify.log" ]; then
    sed 's/^/  /' "$dir/verify.log"
    fail "systemd-analyze verify did not accept the unit"
  fi
  echo "systemd-analyze verify: the unit is accepted, without a warning"
  systemd-analyze security --offline=yes "$dir/unit/asterism.service" 2>/dev/null |
    grep -o 'Overall exposure level.*' | sed 's/^/  systemd-analyze security: /' || true
else
  echo "systemd-analyze verify: skipped (systemd-analyze is not installed)"
fi
echo "package test passed in $(($(date +%s) - start)) s"
