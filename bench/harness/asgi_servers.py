"""The ASGI servers a live server process can run, by name, and each one's command line.

``command(server, app, port, proxy_headers=...)`` is the command of one process serving
the ASGI application ``app`` (``module:attribute``) on ``127.0.0.1:port``, each server
told to do what Daphne does (docs/decisions/0079):

- one process, one event loop, HTTP/1.1 and websockets (Daphne as
  ``yahtzee_site.server``, drained by SIGTERM: docs/decisions/0081);
- no ASGI lifespan events (the site's background work starts when its module loads);
- websockets without per-message compression (Daphne offers none);
- with ``proxy_headers``, each client's address from ``X-Forwarded-For`` (uvicorn and
  Granian trust it from loopback only, where the proxy stands; Daphne from anyone);
  without it, the address of the connection;
- no cap on the connections held (Granian's ``--backpressure`` counts every open socket).

Uvicorn runs on uvloop with httptools and the ``websockets`` package. Granian serves
from a worker process that its main process starts; it has no switch for proxy headers,
so it then serves ``bench.harness.behind_proxy``, which wraps the application.
"""

from __future__ import annotations

import os
import sys

SERVERS = ("daphne", "uvicorn", "granian")
# The environment variable naming the live servers' default server (browser tests, faults).
SERVER_VARIABLE = "LIVE_SERVER"
LOOPBACK = "127.0.0.1,::1"
# Far above any load here: Granian refuses connections past it (its default is 1024).
GRANIAN_CONNECTIONS = 100_000


def default_server() -> str:
    """The server named by ``LIVE_SERVER``, else Daphne."""
    server = os.environ.get(SERVER_VARIABLE) or "daphne"
    if server not in SERVERS:
        raise ValueError(f"{SERVER_VARIABLE}={server!r}: not one of {', '.join(SERVERS)}")
    return server


def server_names(value: str) -> list[str]:
    """The servers named in ``value``, a comma-separated list (``ValueError`` for others)."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in SERVERS]
    if unknown:
        raise ValueError(f"unknown server {', '.join(unknown)}: not one of {', '.join(SERVERS)}")
    return names


def command(server: str, app: str, port: int, *, proxy_headers: bool = False) -> list[str]:
    """The command line of one ``server`` process serving ``app`` on loopback ``port``."""
    if server == "daphne":
        return [
            *(sys.executable, "-m", "yahtzee_site.server", "-b", "127.0.0.1", "-p", str(port)),
            *(["--proxy-headers"] if proxy_headers else []),
            app,
        ]
    if server == "uvicorn":
        return [
            *(sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(port)),
            *("--loop", "uvloop", "--http", "httptools", "--ws", "websockets"),
            *("--lifespan", "off", "--ws-per-message-deflate", "false"),
            *(
                ["--proxy-headers", "--forwarded-allow-ips", LOOPBACK]
                if proxy_headers
                else ["--no-proxy-headers"]
            ),
            app,
        ]
    if server == "granian":
        return [
            *(sys.executable, "-m", "granian", "--interface", "asginl"),
            *("--host", "127.0.0.1", "--port", str(port), "--workers", "1"),
            *("--loop", "uvloop", "--http", "1", "--ws", "--access-log"),
            *("--backpressure", str(GRANIAN_CONNECTIONS)),
            "bench.harness.behind_proxy:application" if proxy_headers else app,
        ]
    raise ValueError(f"unknown server {server!r}: one of {', '.join(SERVERS)}")


def environment(server: str, app: str, *, proxy_headers: bool = False) -> dict[str, str]:
    """The variables ``command``'s process needs besides the site's own."""
    if server == "granian" and proxy_headers:
        return {"PROXIED_APP": app, "PROXY_TRUSTED": LOOPBACK}
    return {}


def serves_from_workers(server: str) -> bool:
    """Whether ``server``'s process serves from worker processes of its own (Granian):
    a signal for the site's process (SIGUSR1's stacks) goes to them, and SIGKILL of the
    main process leaves them running."""
    return server == "granian"
