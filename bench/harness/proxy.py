"""nginx on loopback in front of several server processes, configured as
docs/operations.md ("nginx") tells an operator to, for benches and tests.

``nginx_proxy(workdir, ports)`` starts it on a free port with one upstream per port and
yields its base URL; it stops it afterwards, whatever happened (on Linux also if the
process that started it dies). nginx takes a process that refuses connections (one
restarting) out of rotation by itself and tries the request on another.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from bench.harness.live_server import ServerError, die_with_parent, free_port, wait_until_serving

NGINX = Path("/usr/sbin/nginx")
START_TIMEOUT = 10.0

# docs/operations.md's server block, less HTTPS and static files, on a loopback port. The
# Host passed on is the browser's whole header ($http_host, port included): the bench
# listens on a port other than 443, where the documented $host would drop it.
CONFIG = """\
daemon off;
worker_processes 1;
pid {home}/nginx.pid;
error_log {home}/error.log warn;
{user}
events {{ worker_connections 4096; }}

http {{
    access_log off;
    client_body_temp_path {home}/body;
    proxy_temp_path {home}/proxy;
    fastcgi_temp_path {home}/fastcgi;
    uwsgi_temp_path {home}/uwsgi;
    scgi_temp_path {home}/scgi;

    upstream dice {{
{servers}
    }}

    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}

    server {{
        listen 127.0.0.1:{port};

        location / {{
            proxy_pass http://dice;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""


def nginx_config(home: Path, port: int, upstreams: Sequence[int]) -> str:
    """The configuration of an nginx on ``port`` in front of the ``upstreams`` ports."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=0;" for p in upstreams)
    # Started by root, nginx's workers would run as nobody, who cannot write in ``home``.
    user = "user root;" if os.geteuid() == 0 else ""
    return CONFIG.format(home=home, port=port, servers=servers, user=user)


@contextmanager
def nginx_proxy(workdir: Path, upstreams: Sequence[int]) -> Iterator[str]:
    """nginx in front of the servers on the ``upstreams`` ports; yields its base URL."""
    if not NGINX.exists():
        raise ServerError(f"no {NGINX}: install nginx-light (make system-deps)")
    home = workdir / "nginx"
    home.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = home / "nginx.conf"
    config.write_text(nginx_config(home, port, upstreams))
    log = home / "output.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(NGINX), "-p", str(home), "-c", str(config)],
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=die_with_parent,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(
            f"{url}/healthz", process, home / "error.log", name="nginx", timeout=START_TIMEOUT
        )
        yield url
    finally:
        process.send_signal(signal.SIGTERM)  # at once: websockets would hold a graceful stop
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
