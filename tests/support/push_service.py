"""A push service on loopback, as RFC 8030 describes one, for the tests of Web Push.

It takes each message POSTed to ``/push/<device>``, checks its VAPID signature (RFC
8292: a JWT signed ES256 by the key in ``k``, for this service's origin, not expired,
with a contact), decrypts it with that device's own private key and auth secret (RFC
8291, ``aes128gcm``) as the browser would, and keeps what it read. A device marked gone
is answered 410, as a push service answers for an expired subscription; one marked
failing, 503.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's subscription: its endpoint, and the keys only the browser holds."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives a page."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
        }


@dataclass
class Message:
    """A message the service received and read."""

    device: str
    payload: dict[str, Any]
    headers: dict[str, str]  # names in lower case
    vapid_claims: dict[str, Any]
    vapid_key: str


@dataclass
class PushService:
    """The running service: its ``origin``, the devices it knows, what it received."""

    origin: str
    devices: dict[str, Device] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)
    failing: set[str] = field(default_factory=set)  # answered 503 for now
    received: list[Message] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def device(self) -> Device:
        """A new browser subscription on this service."""
        name = b64url(os.urandom(9))
        found = self.devices[name] = Device(
            f"{self.origin}/push/{name}", ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        )
        return found

    def to(self, device: Device) -> list[dict[str, Any]]:
        """The payloads ``device`` received, in order."""
        name = device.endpoint.rsplit("/", 1)[1]
        return [m.payload for m in self.received if m.device == name]


def _verified_claims(authorization: str, origin: str) -> tuple[dict[str, Any], str]:
    """The claims of a valid ``vapid t=..., k=...`` header (RFC 8292), and its key."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = parts["t"], parts["k"]
    header, claims, signature = token.split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    try:
        public.verify(
            encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:])),
            f"{header}.{claims}".encode(),
            ec.ECDSA(hashes.SHA256()),
        )
    except InvalidSignature:
        raise AssertionError("the VAPID signature does not verify") from None
    found = json.loads(unb64url(claims))
    assert found["aud"] == origin, found
    assert time.time() < found["exp"] <= time.time() + 24 * 3600, found
    assert found["sub"].startswith(("mailto:", "https:", "http:")), found
    return found, key


@contextmanager
def push_service() -> Iterator[PushService]:
    """Run a push service on a free loopback port until the block ends."""
    service: PushService

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            name = self.path.removeprefix("/push/")
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            device = service.devices.get(name)
            if name in service.failing:
                self.send_response(503)
                self.end_headers()
                return
            if device is None or name in service.gone:
                self.send_response(410 if name in service.gone else 404)
                self.end_headers()
                service.refused.append(name)
                return
            try:
                claims, key = _verified_claims(self.headers["Authorization"], service.origin)
                assert self.headers["Content-Encoding"] == "aes128gcm"
                assert int(self.headers["TTL"]) > 0
                plain = http_ece.decrypt(
                    body,
                    private_key=device.private_key,
                    auth_secret=device.auth,
                    version="aes128gcm",
                )
                payload = json.loads(plain)
            except Exception as error:  # the test sees a 400 and what went wrong
                service.refused.append(f"{name}: {error!r}")
                self.send_response(400)
                self.end_headers()
                return
            headers = {k.lower(): v for k, v in self.headers.items()}
            service.received.append(Message(name, payload, headers, claims, key))
            self.send_response(201)
            self.send_header("Location", f"{service.origin}/message/{len(service.received)}")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service = PushService(f"http://127.0.0.1:{server.server_port}")
    # serve_forever looks for shutdown() between polls: every 0.5 s by default, which
    # made the end of every test that ran the service half a second long.
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
