"""A live Daphne server and Debian's Chromium (through Playwright) for browser tests.

The server runs the real ASGI application on a free loopback port against a
freshly migrated SQLite file. It is stopped at session teardown, whatever the
tests did, and on Linux also if the test process itself dies.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """In the child: ask Linux to send SIGTERM when the test process exits."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Daphne exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    pytest.fail(f"Daphne did not answer {url} within {START_TIMEOUT:.0f}s:\n{log.read_text()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="session")
def live_url(
    tmp_path_factory: pytest.TempPathFactory,
    project_root: Path,
    clean_env: Callable[..., dict[str, str]],
) -> Iterator[str]:
    """Base URL (no trailing slash) of a real Daphne process serving the site."""
    workdir = tmp_path_factory.mktemp("daphne")
    # Bots pause 0.05 s between moves (0.8 s for people), so games with bots stay quick.
    env = clean_env(DEBUG="1", DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
                    GAMES_BOT_DELAY_SECONDS="0.05")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=project_root,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = _free_port()
    log = workdir / "daphne.log"
    with log.open("wb") as log_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "yahtzee_site.asgi:application"],
            cwd=project_root,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,
        )
    try:
        base_url = f"http://127.0.0.1:{port}"
        _wait_until_serving(f"{base_url}/", process, log)
        yield base_url
    finally:
        _stop(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's headless Chromium driven by Playwright (never a downloaded build)."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: install Debian's chromium (bash .ci/system-deps)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(live_url: str, browser: object) -> Iterator[Callable[..., object]]:
    """Open a page in a fresh browser context (its own cookies: one person each).

    ``new_page(viewport={"width": 360, "height": 740}, name="Ada")``. Every page's
    console errors, uncaught exceptions and server errors (5xx) fail the test.
    """
    contexts = []
    problems: list[str] = []

    def _open(viewport: dict[str, int] | None = None, name: str = "page") -> object:
        context = browser.new_context(  # type: ignore[attr-defined]
            viewport=viewport or {"width": 1280, "height": 900}, base_url=live_url
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on(
            "console",
            lambda msg: problems.append(f"{name} console {msg.type}: {msg.text}")
            if msg.type == "error"
            else None,
        )
        page.on("pageerror", lambda exc: problems.append(f"{name} page error: {exc}"))
        page.on(
            "response",
            lambda resp: problems.append(f"{name} HTTP {resp.status} for {resp.url}")
            if resp.status >= 500
            else None,
        )
        return page

    yield _open
    for context in contexts:
        context.close()
    assert problems == []
