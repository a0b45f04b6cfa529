"""``make serve``: the site run for real on one machine, for friends on the network.

The live test starts ``python -m yahtzee_site.serve`` as ``make serve`` does, except that
it listens on 127.0.0.2 (tests use loopback only) and keeps its files in a temporary
directory; the page is asked for under a host name that is not local, and a game is
played over the websocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import html
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.harness.live_server import ROOT, clean_env, free_port
from bench.harness.room_client import Seat, next_move, open_room
from rooms.web.share import qr_svg
from tests.support import assets
from tests.support.waiting import wait_until
from yahtzee_site import serve

LOOPBACK = "127.0.0.2"  # not 127.0.0.1: the server listens beyond the usual address
PUBLIC_NAME = "dice.example"


def fetch(url: str, host: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """GET ``url`` with ``Host: host``; (status, headers, body), errors included."""
    request = urllib.request.Request(url, headers={"Host": host, **headers})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, str]]:
    """(base URL, var directory, what the launcher printed) of a running ``make serve``."""
    var_dir = tmp_path_factory.mktemp("serve-var")
    port = free_port()
    env = clean_env(
        SERVE_VAR_DIR=str(var_dir),
        SERVE_PORT=str(port),
        SERVE_BIND=LOOPBACK,
        ALLOWED_HOSTS=f"{PUBLIC_NAME},{LOOPBACK}",
        GAMES_BOT_DELAY_SECONDS="0.05",
    )
    env.pop("DJANGO_SETTINGS_MODULE")
    log = var_dir / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "yahtzee_site.serve"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base_url = f"http://{LOOPBACK}:{port}"
    try:
        deadline = 120  # migrate and collectstatic (compression) come first
        for _ in range(deadline * 5):
            if process.poll() is not None:
                pytest.fail(f"make serve exited with {process.returncode}:\n{log.read_text()}")
            try:
                with socket.create_connection((LOOPBACK, port), timeout=1):
                    break
            except OSError:
                process_wait(process, 0.2)
        else:
            pytest.fail(f"make serve did not listen within {deadline} s:\n{log.read_text()}")
        yield base_url, var_dir, log.read_text()
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def process_wait(process: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait up to ``seconds`` for ``process`` to end (a pause that ends early if it dies)."""
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=seconds)


def test_it_prints_the_addresses_to_share_and_keeps_its_secret(
    served: tuple[str, Path, str],
) -> None:
    base_url, var_dir, printed = served
    port = base_url.rsplit(":", 1)[1]
    shared = re.findall(r"^  (http://\S+)$", printed, re.MULTILINE)
    assert shared == [f"http://{PUBLIC_NAME}:{port}/"]  # loopback is no address to share
    assert f"Invite links and QR codes use http://{PUBLIC_NAME}:{port}/" in printed
    key_file = var_dir / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = key_file.read_text().strip()
    assert len(key) >= 50
    assert serve.secret_key(key_file) == key  # made once, then kept
    assert (var_dir / "site.sqlite3").exists()


def test_it_backs_the_data_up_by_itself(served: tuple[str, Path, str]) -> None:
    """Started with no backup since the night's hour, it takes one at once: a copy and its
    manifest in ``var/backups`` (and then one a night)."""
    backups = served[1] / "backups"
    found = wait_until(lambda: sorted(backups.glob("site-*.json")), what="the first backup")
    manifest = json.loads(found[0].read_text())
    assert manifest["engine"] == "sqlite" and manifest["tables"]["games_room"] >= 0
    assert (backups / manifest["file"]).stat().st_size == manifest["bytes"]


def test_a_page_under_the_public_name_comes_with_the_production_headers(
    served: tuple[str, Path, str],
) -> None:
    base_url = served[0]
    status, headers, body = fetch(f"{base_url}/", PUBLIC_NAME)
    assert status == 200 and b"create-form" in body
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    # Over plain HTTP the cookies cannot be Secure, or the browser would drop them.
    assert "secure" not in headers.get("Set-Cookie", "").lower()

    status, _, body = fetch(f"{base_url}/", "evil.example")
    assert status == 400  # a host name that is not this site's: which, and how to allow it
    assert b"This site does not answer to that name" in body and b"Traceback" not in body
    assert b"evil.example" in body and b"ALLOWED_HOSTS" in body
    assert f'href="http://{PUBLIC_NAME}:{base_url.rsplit(":", 1)[1]}/"'.encode() in body
    status, _, body = fetch(f"{base_url}/r/zzzzzzzzzzzz/", PUBLIC_NAME)
    assert status == 404 and b"Nothing at this address" in body and b"Traceback" not in body


def test_static_files_are_compressed_and_cached_for_good(served: tuple[str, Path, str]) -> None:
    base_url = served[0]
    _, _, body = fetch(f"{base_url}/", PUBLIC_NAME)
    stylesheet = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', body)
    assert stylesheet is not None, "the stylesheet's name carries its content hash"
    status, headers, _ = fetch(
        base_url + stylesheet.group(1).decode(), PUBLIC_NAME, **{"Accept-Encoding": "gzip"}
    )
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]
    # One stylesheet: its component files' rules, first to last, and no imports.
    _, _, sheet = fetch(base_url + stylesheet.group(1).decode(), PUBLIC_NAME)
    assert b"@import" not in sheet
    assert sheet.index(b"--felt:") < sheet.index(b".die {") < sheet.index(b".site-links {")


def test_invite_links_use_the_address_to_share_even_at_loopback(
    served: tuple[str, Path, str],
) -> None:
    base_url = served[0]
    login, code = open_room(base_url, "Host", seats=2)  # the host at 127.0.0.2
    with login.opener().open(f"{base_url}/r/{code}/", timeout=30) as response:
        page = html.unescape(response.read().decode())
    link = f"http://{PUBLIC_NAME}:{base_url.rsplit(':', 1)[1]}/r/{code}/"
    assert f'data-invite-url="{link}"' in page
    assert "You opened this page at localhost" in page
    with login.opener().open(f"{base_url}/r/{code}/qr.svg", timeout=30) as response:
        assert response.read() == qr_svg(link)


def test_a_game_is_played_over_its_websocket(served: tuple[str, Path, str]) -> None:
    base_url = served[0]

    async def play_a_turn() -> None:
        login, code = open_room(base_url, "Host", seats=1)
        seat = Seat(login, code)
        await seat.connect()
        try:
            assert (await seat.send("start"))["type"] == "ack"
            await seat.wait_for(seat.my_turn)
            assert seat.game is not None  # it is the seat's turn in the started game
            while not seat.game["seats"][0]["boxes"]:
                version = seat.version
                move = next_move(seat.game)
                answer = await seat.send(move.pop("type"), **move)
                assert answer["type"] == "ack", answer
                await seat.reached(max(version + 1, answer["version"]))
        finally:
            await seat.close()

    asyncio.run(play_a_turn())


def test_its_environment_is_a_one_process_deployment(tmp_path: Path) -> None:
    env = serve.environment({"PATH": os.environ.get("PATH", "")}, tmp_path)
    assert env["DEBUG"] == "0" and env["ONE_PROCESS"] == "1"
    assert env["DATABASE_URL"] == f"sqlite:///{tmp_path / 'site.sqlite3'}"
    # A backup every night, kept beside the data.
    assert env["BACKUP_NIGHTLY"] == "1" and env["BACKUP_DIR"] == str(tmp_path / "backups")
    hosts = env["ALLOWED_HOSTS"].split(",")
    assert socket.gethostname() in hosts and "localhost" in hosts
    # Invite links use the first address to share (none on a machine without a network).
    assert env.get("SITE_URL", "http://x") != "http://localhost:8000"
    if "SITE_URL" in env:
        assert env["SITE_URL"] + "/" == serve.addresses_to_share(env, 8000)[0]
    assert serve.daphne_command("0.0.0.0", 8000)[1:] == [
        "-m",
        "yahtzee_site.server",  # Daphne, drained by SIGTERM
        "-b",
        "0.0.0.0",
        "-p",
        "8000",
        "yahtzee_site.asgi:application",
    ]
    # What the caller set wins.
    kept = serve.environment({"ALLOWED_HOSTS": "dice.example", "SECRET_KEY": "k" * 60}, tmp_path)
    assert kept["ALLOWED_HOSTS"] == "dice.example" and kept["SECRET_KEY"] == "k" * 60
    assert serve.environment({"BACKUP_NIGHTLY": "0"}, tmp_path)["BACKUP_NIGHTLY"] == "0"
    assert kept["SITE_URL"] == "http://dice.example:8000"
    assert (
        serve.environment(
            {"ALLOWED_HOSTS": "localhost,dice.example", "SITE_URL": "http://x.test"}, tmp_path, 8200
        )["SITE_URL"]
        == "http://x.test"
    )
    assert "SITE_URL" not in serve.environment({"ALLOWED_HOSTS": "localhost,127.0.0.1"}, tmp_path)
    # Loopback, unspecified and link-local addresses, patterns and IPv6 are not shared.
    assert serve.share_urls(
        [
            "localhost",
            "127.0.0.1",
            "127.0.1.1",
            "[::1]",
            "::1",
            "dice.localhost",
            ".dice.example",
            "*",
            "0.0.0.0",
            "169.254.1.2",
            "dice.example",
            "192.0.2.8",
            "[2001:db8::8]",
        ],
        8000,
    ) == ["http://dice.example:8000/", "http://192.0.2.8:8000/"]


@pytest.mark.parametrize("mode", ["make serve", "PostgreSQL and Redis over HTTPS"])
def test_check_deploy_is_clean(mode: str, tmp_path: Path) -> None:
    if mode == "make serve":
        env = serve.environment(clean_env(), tmp_path)
    else:
        env = clean_env(
            DEBUG="0",
            SECRET_KEY=serve.secret_key(tmp_path / "key"),
            ALLOWED_HOSTS="dice.example",
            SERVED_OVER_HTTPS="1",
            DATABASE_URL="postgres://dice:secret@127.0.0.1:5432/dice",
            REDIS_URL="redis://127.0.0.1:6379/0",
            EMAIL_HOST="smtp.dice.example",
        )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_every_module_a_page_loads_is_versioned_cached_for_good_and_loaded_once(
    served: tuple[str, Path, str],
) -> None:
    base_url = served[0]
    host, code = open_room(base_url, "Host", seats=2)
    pages = {
        "home": ("/", None),
        "table": (f"/r/{code}/", host.opener()),
        "join": (f"/r/{code}/", None),
        "rules": ("/rules/yahtzee/", None),
    }
    urls: dict[str, set[str]] = {}  # each module's name without its hash: its URLs
    for what, (page, opener) in pages.items():
        graph = assets.module_graph(base_url, page, opener)
        statics = {path: headers for path, headers in graph.items() if path.startswith("/static/")}
        assert sorted(p for p in statics if not assets.HASHED.search(p)) == [], what
        for path, headers in statics.items():
            assert "immutable" in headers["Cache-Control"], path
            assert assets.max_age(headers) >= assets.YEAR, path
            urls.setdefault(assets.HASHED.sub("", path), set()).add(path)
        # The JavaScript catalog is the one script that is a page, not a file.
        assert set(graph) - set(statics) == {"/jsi18n/"}
        # The name field's script only where there is a name field (the join form's entry
        # point, js/name_field.js, and the home page's both call js/ui/name_field.js).
        modules = {assets.HASHED.sub("", path) for path in statics}
        assert ("/static/js/ui/name_field" in modules) == (what in ("home", "join")), what
        assert ("/static/js/name_field" in modules) == (what == "join"), what
        assert ("/static/js/room" in modules) == (what == "table"), what
    # One release's module has one name on every page (no copy under another name).
    assert {name: found for name, found in urls.items() if len(found) > 1} == {}
    status, headers, body = fetch(f"{base_url}/", PUBLIC_NAME, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert b"create-form" in gzip.decompress(body)
