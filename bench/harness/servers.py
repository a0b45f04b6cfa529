"""Throwaway Redis and PostgreSQL servers on loopback, for tests and benchmarks.

Each runs from a fresh temporary directory on a free port and is stopped (and its
files removed) when the ``with`` block ends, whatever happens.  ``redis_process()``
and ``postgres_process()`` yield a server a fault bench may restart on the same port:
Redis comes back empty, PostgreSQL with every committed row.  Run a command against
both:

    .venv/bin/python -m bench.harness.servers .venv/bin/pytest tests/games -m "not browser"

which sets ``DATABASE_URL`` and ``REDIS_URL`` for the command.  PostgreSQL refuses to
run as root, so as root its commands run as the ``postgres`` system user (created by
Debian's package).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DATABASE_NAME = "yahtzee"
DATABASE_USER = "yahtzee"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, seconds: float = 20.0) -> None:
    """Return once 127.0.0.1:``port`` accepts connections; ``RuntimeError`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing answered on 127.0.0.1:{port} within {seconds:.0f} s")


class RedisServer:
    """A Redis server without persistence on a fixed port of 127.0.0.1 in ``workdir``.

    ``stop()`` and ``start()`` again (or ``restart()``) bring it back on the same port
    and empty, as a crashed Redis without persistence comes back: every key (channel
    layer groups, queued messages, cached counters) is gone.
    """

    def __init__(self, workdir: str, port: int | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (bash .ci/system-deps installs it)")
        self.binary, self.workdir = binary, workdir
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and return once it accepts connections."""
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.workdir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port)

    def stop(self) -> None:
        """Stop the server (SIGTERM, SIGKILL after 10 s) and wait for it to exit."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)

    def restart(self) -> None:
        """Stop the server and start an empty one on the same port."""
        self.stop()
        self.start()


@contextmanager
def redis_process() -> Iterator[RedisServer]:
    """A started ``RedisServer`` in a temporary directory, stopped afterwards."""
    with tempfile.TemporaryDirectory(prefix="redis-") as workdir:
        server = RedisServer(workdir)
        try:
            server.start()
            yield server
        finally:
            server.stop()


@contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server without persistence; yields its URL."""
    with redis_process() as server:
        yield server.url


def _postgres_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    path = shutil.which(name)
    if path is None:
        raise RuntimeError(
            f"PostgreSQL's {name} is not installed (bash .ci/system-deps installs postgresql)"
        )
    return path


def run(command: list[str]) -> None:
    """Run a PostgreSQL command (as the ``postgres`` user when we are root);
    ``RuntimeError`` with its output if it fails."""
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    try:
        subprocess.run(command, check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        raise RuntimeError(f"PostgreSQL failed: {' '.join(exc.cmd)}\n{exc.stderr}") from exc


class PostgresServer:
    """A PostgreSQL cluster in ``workdir`` on a fixed port of 127.0.0.1, tuned for tests
    (no fsync) unless ``durable`` (benchmarks).

    ``create()`` makes the cluster and its database and starts it. ``stop()`` and
    ``start()`` again (or ``restart()``) bring it back on the same port with every
    committed row, as a restarted PostgreSQL comes back (unlike ``RedisServer``); every
    connection open at the time is cut.
    """

    def __init__(self, workdir: Path, *, durable: bool = False, port: int | None = None) -> None:
        self.workdir, self.durable = workdir, durable
        self.port = port or free_port()
        self.data, self.log = workdir / "data", workdir / "server.log"
        self.url = f"postgres://{DATABASE_USER}@127.0.0.1:{self.port}/{DATABASE_NAME}"

    def create(self) -> None:
        """Make the cluster (its user may create databases, as Django's test runner
        needs), start it and create the database of ``url``."""
        run(
            [
                _postgres_bin("initdb"),
                "-D",
                str(self.data),
                "-U",
                DATABASE_USER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        )
        self.start()
        run(
            [
                _postgres_bin("createdb"),
                *("-h", "127.0.0.1", "-p", str(self.port), "-U", DATABASE_USER),
                DATABASE_NAME,
            ]
        )

    def start(self) -> None:
        """Start the server and return once it accepts connections."""
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.workdir} -c max_connections=200"
        )
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        pg_ctl = [_postgres_bin("pg_ctl"), "-D", str(self.data)]
        run([*pg_ctl, "-o", options, "-l", str(self.log), "-w", "-t", "30", "start"])

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` (what a restart does: open transactions are rolled
        back and connections cut) or ``immediate`` (no shutdown checkpoint, as a crash)."""
        if (self.data / "postmaster.pid").exists():
            run([_postgres_bin("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"])

    def restart(self) -> None:
        """Stop the server (``fast``) and start it again on the same port and data."""
        self.stop()
        self.start()


@contextmanager
def postgres_process(durable: bool = False) -> Iterator[PostgresServer]:
    """A created and started ``PostgresServer`` in a temporary directory, stopped and
    removed afterwards."""
    workdir = Path(tempfile.mkdtemp(prefix="postgres-"))
    if os.geteuid() == 0:
        shutil.chown(workdir, "postgres", "postgres")
    server = PostgresServer(workdir, durable=durable)
    try:
        server.create()
        yield server
    finally:
        try:
            server.stop("immediate")
        finally:
            shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def postgres_server(durable: bool = False) -> Iterator[str]:
    """A PostgreSQL cluster (``postgres_process``); yields a URL whose user may create
    databases (Django's test runner creates its own)."""
    with postgres_process(durable) as server:
        yield server.url


def main(argv: list[str]) -> int:
    """Run ``argv`` with ``DATABASE_URL`` and ``REDIS_URL`` pointing at fresh servers."""
    if not argv:
        print(__doc__)
        return 2
    with postgres_server() as database_url, redis_server() as redis_url:
        env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url}
        print(f"servers: {database_url} {redis_url}", flush=True)
        return subprocess.call(argv, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
