"""Daphne, as ``daphne`` runs it, except that SIGTERM drains the process instead of
dropping everything in it:

    python -m yahtzee_site.server -b 127.0.0.1 -p 8001 --proxy-headers \\
        yahtzee_site.asgi:application

On SIGTERM the process stops accepting connections, answers ``/healthz`` with 503
(over connections already open), sends every open socket ``server.restart``
(``common.draining``: each closes with 1012 after the message it is working on, and its
page reconnects to another process), lets requests in hand finish, and exits once
nothing is left running, or after ``--drain-seconds`` (default 10) whatever is left.
A second SIGTERM, or SIGINT, stops it at once. Every option of ``daphne`` is accepted.
Why and what it costs: docs/decisions/0081-restarts-that-drop-nothing.md.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol
from twisted.internet import reactor

from common import draining

log = logging.getLogger("yahtzee_site.server")

DRAIN_SECONDS = 10.0
POLL_SECONDS = 0.05


class RestartingWebSocketProtocol(WebSocketProtocol):
    """Daphne's websocket protocol, which may also close with ``CLOSE_RESTART``.

    Autobahn lets an application close only with 1000 or 3000-4999; 1012 ("service
    restart", IANA's registry of close codes) is a server's to send, and it is the code
    browsers and clients know to come back after."""

    def serverClose(self, code: int | None = None) -> None:
        if code == draining.CLOSE_RESTART:
            self.sendCloseFrame(code=code, isReply=False)
            return
        super().serverClose(code)


class DrainingServer(Server):
    """Daphne's server, drained by SIGTERM (see the module's docstring)."""

    drain_seconds = DRAIN_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ports: list[Any] = []
        reactor.callWhenRunning(self.drain_on_sigterm)

    def listen_success(self, port: Any) -> None:
        self.ports.append(port)
        super().listen_success(port)

    def drain_on_sigterm(self) -> None:
        """Make SIGTERM start a drain (the reactor's own handler only stops it), and let
        sockets close with ``CLOSE_RESTART``."""
        self.ws_factory.protocol = RestartingWebSocketProtocol
        asyncio.get_event_loop().add_signal_handler(signal.SIGTERM, self.drain)

    def drain(self) -> None:
        """Stop accepting, tell the sockets to move on, and stop once nothing runs."""
        if draining.draining():
            log.warning("SIGTERM again while draining: stopping now")
            self.stop()
            return
        log.info("SIGTERM: draining (at most %s s)", self.drain_seconds)
        for port in self.ports:
            port.stopListening()
        self.telling = asyncio.ensure_future(draining.move_sockets_on())
        self.stop_when_idle(time.monotonic() + self.drain_seconds)

    def running(self) -> int:
        """How many of the process's connections still have their application running."""
        return sum(
            1
            for details in self.connections.values()
            if (instance := details.get("application_instance")) is not None and not instance.done()
        )

    def stop_when_idle(self, deadline: float) -> None:
        left = self.running()
        if left and time.monotonic() < deadline:
            asyncio.get_event_loop().call_later(POLL_SECONDS, self.stop_when_idle, deadline)
            return
        if left:
            log.warning("drain: %d connections still running after %s s", left, self.drain_seconds)
        else:
            log.info("drain: nothing left running; stopping")
        self.stop()


class DrainingCommandLine(CommandLineInterface):
    """``daphne``'s command line, with ``--drain-seconds``, serving ``DrainingServer``."""

    server_class = DrainingServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.add_argument(
            "--drain-seconds",
            type=float,
            default=DRAIN_SECONDS,
            help="on SIGTERM, how long to wait for open sockets and requests to finish",
        )

    def run(self, args: list[str]) -> None:
        known, _ = self.parser.parse_known_args(args)
        DrainingServer.drain_seconds = known.drain_seconds
        super().run(args)


def main(argv: list[str] | None = None) -> None:
    """Run the draining Daphne with ``argv`` (``sys.argv[1:]`` by default)."""
    DrainingCommandLine().run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
