"""How long a move takes to reach the opponent's live stream (docs/online.md).

Starts the release server on a temporary data folder on 127.0.0.1, makes one
online game of *Star (10 rings) between two people, has the second player
follow the game's event stream, and times 40 moves of the first player from
sending the move until the second player's stream has received it. Not part
of the test command (it reports a time).

    /usr/bin/python3 scripts/live_latency.py [path/to/asterism]
"""
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

b = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), '..', 'build', 'release', 'apps', 'asterism', 'asterism')
data = tempfile.mkdtemp()
srv = subprocess.Popen([b, 'serve', '--port', '0', '--data', data], stdout=subprocess.PIPE, text=True)
port = int(srv.stdout.readline().split('127.0.0.1:')[1].split('/')[0])
def req(method, path, body=None, secret=None):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    h = {'Content-Type': 'application/json'}
    if secret: h['Authorization'] = 'Bearer ' + secret
    c.request(method, path, json.dumps(body) if body is not None else None, h)
    r = c.getresponse()
    d = json.loads(r.read())
    c.close()
    return d
g = req('POST', '/api/games', {'game': 'starstar', 'options': {'size': 10}, 'name': 'A'})
gid, ann = g['id'], g['secret']
bo = g['links']['invite'].split('secret=')[1]
req('POST', f'/api/games/{gid}/join', {'name': 'B'}, bo)
s = socket.create_connection(('127.0.0.1', port))
s.settimeout(10)
s.sendall(f'GET /api/games/{gid}/events?secret={bo} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.encode())
buf = b''
def wait_seq(seq):
    global buf
    for _ in range(10000):  # bounded; each recv also times out after 10 s
        if f'id: {seq}\n'.encode() in buf:
            return
        buf += s.recv(1 << 20)
    raise RuntimeError(f'event {seq} never arrived')
lat = []
for i in range(40):
    st = req('GET', f'/api/games/{gid}')
    if st['to_move'] != 0: break
    mv = st['view']['moves'][0]['text']
    t = time.monotonic()
    r = req('POST', f'/api/games/{gid}/move', {'move': mv}, ann)
    wait_seq(r['seq'])
    lat.append((time.monotonic() - t) * 1000)
    st = req('GET', f'/api/games/{gid}')
    req('POST', f'/api/games/{gid}/move', {'move': st['view']['moves'][0]['text']}, bo)
srv.terminate()
srv.wait()
shutil.rmtree(data, ignore_errors=True)
print(f'{len(lat)} moves: from sending the move to the opponent stream receiving it: median {statistics.median(lat):.1f} ms, max {max(lat):.1f} ms')
