"""A real server process serving the site on loopback, for browser tests and benches.
Under Daphne it runs as ``make serve`` and the documented recipe run it:
``yahtzee_site.server``, Daphne drained by SIGTERM.

``serve()`` migrates a fresh SQLite file (a copy of a migrated template), starts
Daphne on a free port, waits until it answers and stops it afterwards, whatever
happened (on Linux also if the process that started it dies).  ``daphne()`` does the
same but yields the ``DaphneProcess``, which a fault bench can kill with SIGKILL and
start again on the same port and database.

Each takes ``server``: Daphne, uvicorn or Granian (``bench.harness.asgi_servers``),
by default the one ``LIVE_SERVER`` names, else Daphne; the process and its log keep
Daphne's names whichever serves.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.harness import asgi_servers
from yahtzee_site.env import SETTINGS_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
SITE_APP = "yahtzee_site.asgi:application"
CHROMIUM = Path("/usr/bin/chromium")
# The same Chromium without the browser around the page (Debian's chromium-headless-shell,
# built from the same sources): what most browser tests drive (docs/decisions/0076).
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 30.0


class ServerError(RuntimeError):
    """The server did not start (the message holds its log)."""


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def clean_env(**overrides: str) -> dict[str, str]:
    """This process's environment minus the site's settings variables, plus ``overrides``."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env["DJANGO_SETTINGS_MODULE"] = "yahtzee_site.settings"
    env.update(overrides)
    return env


def die_with_parent() -> None:
    """In the child: ask Linux to send SIGTERM when the starting process exits."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def wait_until_serving(
    url: str,
    process: subprocess.Popen[bytes],
    log: Path,
    *,
    name: str = "The server",
    timeout: float = START_TIMEOUT,
) -> None:
    """Return once ``url`` answers 200; ``ServerError`` (with ``log``) if ``process``
    exits first or ``url`` does not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"{name} exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise ServerError(f"{name} did not answer {url} within {timeout:.0f} s:\n{log.read_text()}")


def _children(pid: int) -> list[int]:
    """The processes ``pid``'s threads started (Linux's ``/proc``; none elsewhere)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user and system) the processes ``pids`` have used so far, from
    Linux's ``/proc`` (processes gone count 0)."""
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            # The fields after the command's name (which may hold spaces): utime, stime.
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


# The machine running the tests creates many guests from loopback: the guest limit
# trusts it (a test of the limit sends X-Forwarded-For to come from elsewhere).
TRUSTED_FOR_TESTS = "127.0.0.0/8,::1"


def site_env(workdir: Path, **settings: str) -> dict[str, str]:
    """The environment a server in ``workdir`` runs with: DEBUG, static files a browser
    may keep for an hour (they do not change while the server runs), a SQLite file in
    ``workdir`` unless ``settings`` name a ``DATABASE_URL``, the guest limit trusting
    loopback (``TRUSTED_FOR_TESTS``), and ``settings``."""
    return clean_env(
        **{
            "DEBUG": "1",
            "STATIC_MAX_AGE": "3600",
            "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
            "GUEST_LIMIT_TRUSTED": TRUSTED_FOR_TESTS,
            **settings,
        }
    )


def _run_migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )


def migrated_template(env: dict[str, str]) -> Path:
    """A SQLite file with every migration applied, made once per set of migrations and
    locked packages (their text names it) and kept in the temporary folder: copying it
    takes milliseconds, migrating a new file seconds."""
    digest = hashlib.sha256((ROOT / "requirements.lock").read_bytes())
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    template = Path(tempfile.gettempdir()) / f"yahtzee-migrated-{digest.hexdigest()[:16]}.sqlite3"
    # One process makes it; the others (pytest-xdist's workers) wait for it.
    with template.with_suffix(".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            with tempfile.TemporaryDirectory() as folder:
                fresh = Path(folder) / "db.sqlite3"
                _run_migrate({**env, "DATABASE_URL": f"sqlite:///{fresh}"})
                copy_database(fresh, Path(folder) / "template.sqlite3")
                os.replace(Path(folder) / "template.sqlite3", template)
    return template


def copy_database(source: Path, target: Path) -> None:
    """Copy a SQLite database through SQLite's backup API (its write-ahead log included)."""
    with (
        contextlib.closing(sqlite3.connect(source)) as src,
        contextlib.closing(sqlite3.connect(target)) as dst,
    ):
        src.backup(dst)


def migrate(env: dict[str, str]) -> None:
    """Create or update the database named by ``env``. A SQLite file (by absolute path)
    that does not exist yet starts as a copy of a migrated template
    (``migrated_template``)."""
    url = env.get("DATABASE_URL", "")
    target = Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None
    if target is not None and target.is_absolute() and not target.exists():
        copy_database(migrated_template(env), target)
        return
    _run_migrate(env)


class DaphneProcess:
    """One server process (Daphne unless ``server`` names another) on a fixed loopback
    port that can crash and come back.

    ``start()`` spawns it (its output goes to ``workdir/daphne.log``, appended to on
    every start), ``wait_ready()`` waits until it answers, ``kill()`` ends it with
    SIGKILL (no cleanup at all, as a crash or the OOM killer would; Granian's worker
    with it), ``stop()`` with SIGTERM.  Started again, it serves the same port and
    database.
    """

    def __init__(
        self,
        workdir: Path,
        env: dict[str, str],
        port: int | None = None,
        app: str = SITE_APP,
        proxy_headers: bool = False,
        server: str | None = None,
    ) -> None:
        self.workdir, self.env, self.app = workdir, env, app
        self.proxy_headers = proxy_headers
        self.server = server or asgi_servers.default_server()
        self.port = port or free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / "daphne.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        """Spawn the server; returns at once (see ``wait_ready``)."""
        if self.running():
            raise ServerError(f"{self.server} already runs on port {self.port}")
        extra = asgi_servers.environment(self.server, self.app, proxy_headers=self.proxy_headers)
        with self.log.open("ab" if self.starts else "wb") as log_file:
            self.process = subprocess.Popen(
                asgi_servers.command(
                    self.server, self.app, self.port, proxy_headers=self.proxy_headers
                ),
                cwd=ROOT,
                env={**self.env, **extra},
                stdout=log_file,
                stderr=subprocess.STDOUT,
                preexec_fn=die_with_parent,
            )
        self.starts += 1

    def wait_ready(self) -> None:
        """Return once the site answers its home page; ``ServerError`` (with the log) if
        the process exits or does not answer within ``START_TIMEOUT``."""
        if self.process is None:
            raise ServerError(f"{self.server} was never started")
        wait_until_serving(f"{self.base_url}/", self.process, self.log)

    def running(self) -> bool:
        """Whether the process is alive."""
        return self.process is not None and self.process.poll() is None

    def server_pids(self) -> list[int]:
        """The server's process and, for a server that serves from worker processes
        (Granian), those workers (not the review child, which a worker starts)."""
        if self.process is None or self.process.poll() is not None:
            return []
        pid = self.process.pid
        return [pid, *(_children(pid) if asgi_servers.serves_from_workers(self.server) else [])]

    def site_pids(self) -> list[int]:
        """The processes that run the site (its background work, its SIGUSR1 stacks):
        Granian's workers, else the server's process."""
        pids = self.server_pids()
        return pids[1:] if asgi_servers.serves_from_workers(self.server) else pids

    def freeze(self) -> None:
        """Stop the server's processes with SIGSTOP: they read nothing more until killed."""
        for pid in self.server_pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def kill(self) -> None:
        """End the process with SIGKILL and reap it; a server that serves from worker
        processes (Granian) loses them too, as a crash of the whole server would."""
        if self.process is not None and self.process.poll() is None:
            workers = self.server_pids()[1:]
            self.process.kill()
            for pid in workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """End the process with SIGTERM (SIGKILL after 10 s)."""
        if self.process is not None:
            _stop(self.process)

    def restart(self) -> tuple[float, float]:
        """SIGTERM the process, wait until it has drained and exited, and start it again;
        returns the seconds the drain took and those until the new process answered."""
        if self.process is None:
            raise ServerError("Daphne was never started")
        asked = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        drained = time.monotonic()
        self.start()
        self.wait_ready()
        return drained - asked, time.monotonic() - drained

    def log_text(self) -> str:
        """Everything the process (all its starts) wrote so far."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@contextmanager
def daphne(
    workdir: Path,
    app: str = SITE_APP,
    *,
    proxy_headers: bool = False,
    server: str | None = None,
    **settings: str,
) -> Iterator[DaphneProcess]:
    """A migrated database and a started, answering ``DaphneProcess`` serving the ASGI
    application ``app`` (see ``serve``); stopped afterwards, whatever happened."""
    env = site_env(workdir, **settings)
    migrate(env)
    process = DaphneProcess(workdir, env, app=app, proxy_headers=proxy_headers, server=server)
    process.start()
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


@contextmanager
def serve(
    workdir: Path,
    app: str = SITE_APP,
    *,
    proxy_headers: bool = False,
    server: str | None = None,
    **settings: str,
) -> Iterator[str]:
    """Serve the site from a fresh database in ``workdir``; yields the base URL (no
    trailing slash).  ``settings`` are environment variables such as
    ``GAMES_BOT_DELAY_SECONDS="0.05"``; a ``DATABASE_URL`` among them replaces the
    fresh SQLite file (several servers may then share one database).  With
    ``proxy_headers`` the server takes each client's address from ``X-Forwarded-For``,
    as behind a reverse proxy. ``server`` names the server (``asgi_servers.SERVERS``)."""
    with daphne(workdir, app, proxy_headers=proxy_headers, server=server, **settings) as process:
        yield process.base_url
