"""An ASGI application for Granian behind a proxy: the application named by
``PROXIED_APP`` (``module:attribute``), each client's address taken from
``X-Forwarded-For`` when the connection comes from ``PROXY_TRUSTED`` (addresses or
networks, comma-separated; loopback by default), with Granian's own wrapper. Daphne and
uvicorn do the same with ``--proxy-headers``; Granian has no such switch
(``bench.harness.asgi_servers``)."""

from __future__ import annotations

import importlib
import os
from typing import cast

from asgiref.typing import ASGIApplication
from granian.utils.proxies import wrap_asgi_with_proxy_headers


def _named(target: str) -> ASGIApplication:
    module, _, attribute = target.partition(":")
    return cast(ASGIApplication, getattr(importlib.import_module(module), attribute))


application = cast(
    ASGIApplication,
    wrap_asgi_with_proxy_headers(
        _named(os.environ["PROXIED_APP"]),
        trusted_hosts=os.environ.get("PROXY_TRUSTED", "127.0.0.1,::1"),
    ),
)
