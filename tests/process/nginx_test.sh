#!/usr/bin/env bash
# The nginx example (docs/nginx/asterism.conf) in front of a real `asterism
# serve`: the catalog, creating and joining an online game, and an event
# stream that delivers a move's state through the proxy within a bounded
# time (the stream is passed on unbuffered).
#
#   nginx_test.sh ASTERISM_BINARY EXAMPLE_CONF
#
# The config is the example with plain HTTP on a loopback port instead of
# TLS (no certificate in a test), run from a temporary prefix without root:
# nginx -p DIR -c FILE -g 'daemon off; ...'. Exits 77 (skipped) without
# Debian's nginx (apt-get install nginx). Loopback only; every wait is
# bounded; the temporary folder is removed at the end.
set -euo pipefail

NGINX=/usr/sbin/nginx
binary=$1
example=$2
if [ ! -x "$NGINX" ]; then
  echo "nginx_test: skipped: $NGINX is not installed (apt-get install nginx)"
  exit 77
fi

dir=$(mktemp -d /tmp/asterism-nginx-XXXXXX)
server_pid=""
nginx_pid=""
stream_pid=""
cleanup() {
  for pid in $stream_pid $nginx_pid $server_pid; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*"
  [ -s "$dir/nginx.log" ] && sed 's/^/  nginx: /' "$dir/nginx.log" | tail -5
  exit 1
}

# A JSON field of a file, by a Python expression on `d`.
field() { /usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

# asterism on a port the system picks.
mkdir -p "$dir/data" "$dir/tmp"
"$binary" serve --port 0 --host 127.0.0.1 --data "$dir/data" >"$dir/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
  grep -q "http://127.0.0.1:" "$dir/server.log" && break
  sleep 0.1
done
upstream=$(grep -o "http://127.0.0.1:[0-9]*" "$dir/server.log" | head -1 | cut -d: -f3)
[ -n "$upstream" ] || fail "asterism serve did not start: $(head -1 "$dir/server.log")"

# A free loopback port for nginx (the system picks it, then lets it go).
port=$(/usr/bin/python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")

# The example, with the upstream's port, plain HTTP on the test port, and
# no redirect server; each change must apply, so that the test follows the
# example as it changes.
/usr/bin/python3 - "$example" "$upstream" "$port" "$dir" >"$dir/nginx.conf" <<'EOF'
import re, sys
example, upstream, port, prefix = sys.argv[1:]
conf = open(example).read()
def change(pattern, replacement, flags=0):
    global conf
    conf, n = re.subn(pattern, replacement, conf, flags=flags)
    if n == 0:
        sys.exit(f"nginx_test: the example no longer has {pattern!r}")
change(r"server 127\.0\.0\.1:8080;", f"server 127.0.0.1:{upstream};")
change(r"server \{\s*listen 80;.*?\n\}\n", "", re.S)
change(r"listen 443 ssl http2;", f"listen 127.0.0.1:{port};")
change(r"\n\s*listen \[::\]:443 ssl http2;", "")
change(r"\n\s*ssl_[a-z_]+ [^;]*;", "")
temp = "".join(f"    {k}_temp_path {prefix}/tmp/{k};\n"
               for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
user = "user root root;\n" if __import__("os").getuid() == 0 else ""
print(f"{user}events {{}}\nhttp {{\n    access_log off;\n{temp}{conf}}}")
EOF
"$NGINX" -t -p "$dir" -c "$dir/nginx.conf" -g "pid $dir/nginx.pid; error_log stderr;" \
  >"$dir/nginx.log" 2>&1 || fail "nginx refuses the example: $(grep emerg "$dir/nginx.log" | head -1)"
"$NGINX" -p "$dir" -c "$dir/nginx.conf" -g "daemon off; pid $dir/nginx.pid; error_log stderr;" \
  >"$dir/nginx.log" 2>&1 &
nginx_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do
  curl -s -o /dev/null "$base/api/catalog" && break
  sleep 0.1
done

# The catalog through the proxy.
code=$(curl -s -m 10 -o "$dir/catalog.json" -w '%{http_code}' "$base/api/catalog")
[ "$code" = 200 ] || fail "GET /api/catalog through nginx gave $code"
[ "$(field "$dir/catalog.json" "any(g['id'] == 'starstar' for g in d['games'])")" = True ] ||
  fail "the catalog through nginx has no starstar"

# An online game, created and joined through the proxy.
json=(-H 'Content-Type: application/json')
code=$(curl -s -m 10 -o "$dir/created.json" -w '%{http_code}' "${json[@]}" \
  -d '{"game": "starstar", "options": {"size": 6}, "name": "one"}' "$base/api/games")
[ "$code" = 201 ] || fail "POST /api/games through nginx gave $code"
id=$(field "$dir/created.json" "d['id']")
secret=$(field "$dir/created.json" "d['secret']")
invite=$(field "$dir/created.json" "d['links']['invite'].split('secret=')[1]")
code=$(curl -s -m 10 -o "$dir/joined.json" -w '%{http_code}' "${json[@]}" \
  -H "Authorization: Bearer $invite" -d '{"name": "two"}' "$base/api/games/$id/join")
[ "$code" = 200 ] || fail "joining through nginx gave $code"

# The event stream through the proxy: it must deliver the move's change
# (event: move, docs/server.md) while the stream stays open (curl -N: no
# buffering on our side either).
curl -s -N -m 30 "$base/api/games/$id/events" >"$dir/events.txt" 2>/dev/null &
stream_pid=$!
for _ in $(seq 100); do
  grep -q '^data: ' "$dir/events.txt" && break
  sleep 0.1
done
grep -q '^data: ' "$dir/events.txt" || fail "the event stream through nginx sent no state within 10 s"
move=$(field "$dir/joined.json" "d['view']['moves'][0]['text']")
code=$(curl -s -m 10 -o "$dir/moved.json" -w '%{http_code}' "${json[@]}" \
  -H "Authorization: Bearer $secret" -d "{\"move\": \"$move\", \"ply\": 0}" \
  "$base/api/games/$id/move")
[ "$code" = 200 ] || fail "a move through nginx gave $code"
for _ in $(seq 100); do
  grep -q '"ply":1' "$dir/events.txt" && break
  sleep 0.1
done
grep -q '"ply":1' "$dir/events.txt" ||
  fail "the event stream through nginx did not deliver the move within 10 s (buffered?)"
kill -0 "$stream_pid" 2>/dev/null || fail "the event stream through nginx closed after the move"
grep -q '^event: move$' "$dir/events.txt" ||
  fail "the event stream through nginx sent no move event"
grep -qF "\"move\":\"$move\"" "$dir/events.txt" ||
  fail "the streamed change does not hold the move $move"
echo "nginx_test: the catalog, an online game and its live events pass through nginx"
