#!/usr/bin/env python3
"""A tiny Web Push service on 127.0.0.1, for testing the server's sender.

It plays both the browser and its push service: it makes a subscription's
keys itself (a P-256 key pair and a 16-byte auth secret, with Python's
`cryptography`, an implementation independent of the server's libcrypto
code), and for every POST to a subscription's endpoint it

* checks the VAPID Authorization header (RFC 8292): "vapid t=JWT, k=KEY",
  the JWT's ES256 signature under KEY, its audience (this service's origin),
  its expiry (in the future, at most 24 hours away) and its subject;
* checks Content-Encoding: aes128gcm and a TTL header;
* decrypts the body (RFC 8291 keys, one RFC 8188 record) and records the
  plaintext, which must be JSON;

and answers 201, or 400 saying what was wrong. The endpoint path given by
`gone_path` answers 410 (after the same checks), as a push service does for
a subscription the browser dropped.

As a module: `with PushEndpoint() as p: p.subscription()`, then
`p.received()`. As a program: prints one JSON line with the subscriptions
({"subscription": ..., "gone": ..., "received": URL}), then one JSON line per
request it handled, and exits when its standard input closes or after
--lifetime seconds. Exits 77 when `cryptography` is missing.

Bounded: one thread serves, every socket has a timeout, a body is at most
8192 bytes, and at most 1000 requests are remembered.
"""

import argparse
import base64
import http.server
import json
import os
import struct
import sys
import threading
import time

try:
    from cryptography.exceptions import InvalidSignature, InvalidTag
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
except ImportError as missing:  # pragma: no cover
    if __name__ == "__main__":
        print(f"push_endpoint.py: needs python3-cryptography ({missing})", file=sys.stderr)
        sys.exit(77)
    raise

HOST = "127.0.0.1"
MAX_BODY = 8192
MAX_RECORDS = 1000
SOCKET_TIMEOUT = 5.0
MAX_TOKEN_LIFETIME = 24 * 3600


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def from_b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Rejected(Exception):
    """What was wrong with a request, sent back as a 400."""


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def check_vapid(authorization: str, audience: str) -> dict:
    """The claims of a valid VAPID header for `audience`, or Rejected."""
    if not authorization.startswith("vapid "):
        raise Rejected("the Authorization scheme is not vapid")
    fields = {}
    for part in authorization[len("vapid "):].split(","):
        name, _, value = part.strip().partition("=")
        fields[name] = value
    if "t" not in fields or "k" not in fields:
        raise Rejected("the vapid header lacks t= or k=")
    try:
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), from_b64url(fields["k"]))
        header_b64, claims_b64, signature_b64 = fields["t"].split(".")
        header = json.loads(from_b64url(header_b64))
        claims = json.loads(from_b64url(claims_b64))
        signature = from_b64url(signature_b64)
    except (ValueError, TypeError) as e:
        raise Rejected(f"the VAPID token or key is malformed: {e}") from None
    if header.get("alg") != "ES256" or header.get("typ") != "JWT":
        raise Rejected(f"the JWT header is {header}")
    if len(signature) != 64:
        raise Rejected("the ES256 signature is not 64 bytes (r||s)")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"),
                               int.from_bytes(signature[32:], "big"))
    try:
        key.verify(der, f"{header_b64}.{claims_b64}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise Rejected("the VAPID signature does not verify") from None
    now = time.time()
    if claims.get("aud") != audience:
        raise Rejected(f"aud is {claims.get('aud')!r}, not {audience!r}")
    if not isinstance(claims.get("exp"), int) or not now < claims["exp"] <= now + MAX_TOKEN_LIFETIME:
        raise Rejected(f"exp {claims.get('exp')!r} is not within the next 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https://")):
        raise Rejected(f"sub {claims.get('sub')!r} is neither mailto: nor https:")
    return claims


def decrypt(body: bytes, ua_private, auth: bytes) -> bytes:
    """The plaintext of one aes128gcm record encrypted to the key pair."""
    if len(body) < 21:
        raise Rejected("the body is shorter than an aes128gcm header")
    salt, rs, idlen = body[:16], struct.unpack(">I", body[16:20])[0], body[20]
    if idlen != 65 or len(body) < 21 + idlen + 17:
        raise Rejected(f"the key id is {idlen} bytes, not a 65-byte P-256 point")
    sender = body[21:86]
    record = body[86:]
    if len(record) > rs:
        raise Rejected(f"the record is {len(record)} bytes, more than rs={rs}")
    try:
        as_public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender)
    except ValueError:
        raise Rejected("the key id is not a point of P-256") from None
    ua_public = ua_private.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    secret = ua_private.exchange(ec.ECDH(), as_public)
    ikm = hkdf(auth, secret, b"WebPush: info\x00" + ua_public + sender, 32)
    cek = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
    try:
        padded = AESGCM(cek).decrypt(nonce, record, None)
    except InvalidTag:
        raise Rejected("the record does not decrypt (wrong keys or a forged tag)") from None
    unpadded = padded.rstrip(b"\x00")
    if not unpadded.endswith(b"\x02"):
        raise Rejected("the only record does not end with the last-record delimiter 0x02")
    return unpadded[:-1]


class PushEndpoint:
    """The service, its one subscription's keys and what it received."""

    def __init__(self, gone_path: str = "/push/gone", on_record=None):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.gone_path = gone_path
        self.on_record = on_record
        self.records = []
        self.lock = threading.Lock()
        self.server = http.server.HTTPServer((HOST, 0), self._handler_class())
        self.server.timeout = SOCKET_TIMEOUT
        self.origin = f"http://{HOST}:{self.server.server_address[1]}"
        self.thread = None

    def subscription(self, path: str = "/push/live") -> dict:
        """What PushSubscription.toJSON() would give for `path`."""
        point = self.private_key.public_key().public_bytes(Encoding.X962,
                                                           PublicFormat.UncompressedPoint)
        return {"endpoint": self.origin + path,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def received(self) -> list:
        with self.lock:
            return list(self.records)

    def record(self, entry: dict) -> None:
        with self.lock:
            if len(self.records) < MAX_RECORDS:
                self.records.append(entry)
        if self.on_record:
            self.on_record(entry)

    def handle_push(self, path: str, headers, body: bytes) -> int:
        """The status for a POST, recording what it carried or what was wrong."""
        try:
            claims = check_vapid(headers.get("Authorization", ""), self.origin)
            if headers.get("Content-Encoding") != "aes128gcm":
                raise Rejected("Content-Encoding is not aes128gcm")
            if not headers.get("TTL", "").isdigit():
                raise Rejected("there is no TTL header")
            text = decrypt(body, self.private_key, self.auth).decode("utf-8")
            message = json.loads(text)
        except (Rejected, UnicodeDecodeError, json.JSONDecodeError) as e:
            self.record({"path": path, "error": str(e)})
            return 400
        self.record({"path": path, "plaintext": text, "message": message,
                     "sub": claims["sub"], "ttl": headers.get("TTL"),
                     "urgency": headers.get("Urgency")})
        return 410 if path == self.gone_path else 201

    def _handler_class(self):
        endpoint = self

        class Handler(http.server.BaseHTTPRequestHandler):
            timeout = SOCKET_TIMEOUT

            def answer(self, status: int, body: bytes = b"") -> None:
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            def do_POST(self):
                length = self.headers.get("Content-Length", "")
                if not length.isdigit() or int(length) > MAX_BODY:
                    self.answer(413 if length.isdigit() else 411)
                    return
                body = self.rfile.read(int(length))
                self.answer(endpoint.handle_push(self.path, self.headers, body))

            def do_GET(self):
                if self.path != "/received":
                    self.answer(404)
                    return
                self.answer(200, json.dumps(endpoint.received()).encode("utf-8"))

            def log_message(self, *args):
                pass

        return Handler

    def __enter__(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=SOCKET_TIMEOUT * 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lifetime", type=float, default=120.0,
                        help="seconds before it exits on its own")
    args = parser.parse_args()

    def report(entry: dict) -> None:
        print(json.dumps(entry), flush=True)

    endpoint = PushEndpoint(on_record=report)
    print(json.dumps({"subscription": endpoint.subscription(),
                      "gone": endpoint.subscription(endpoint.gone_path),
                      "received": endpoint.origin + "/received"}), flush=True)
    # Whoever started it closes its standard input to stop it; the lifetime
    # stops it when they cannot.
    threading.Thread(target=lambda: (sys.stdin.read(), endpoint.server.shutdown()),
                     daemon=True).start()
    threading.Timer(args.lifetime, endpoint.server.shutdown).start()
    endpoint.server.serve_forever()
    endpoint.server.server_close()
    os._exit(0)  # the lifetime timer would otherwise keep the process


if __name__ == "__main__":
    sys.exit(main())
