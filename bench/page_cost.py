"""CPU a page load costs the server and the browser, read from /proc (decision 0071).

    .venv/bin/python bench/page_cost.py --loads 20

Serves the site of the tree on ``PYTHONPATH`` (``bench/before_after.py``'s way of
measuring a commit before a change: ``PYTHONPATH=<its worktree>``) with a live Daphne,
makes one player who opened a room, then loads, each in a fresh browser context of that
same person (their cookies), ``--loads`` times the home page and ``--loads`` times the
room page, each until it is drawn and its sockets have said their first word (the room's
``state``; with the bell, its first ``bell`` too). Prints the server's and Chromium's CPU
(user + system, from /proc) per page load, the sockets each load opened, and one JSON
line last.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, StorageState, sync_playwright

from bench.harness.live_server import CHROMIUM, CHROMIUM_ARGS, daphne

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU of process ``pid`` so far, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (its children, theirs, ...)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (FileNotFoundError, ProcessLookupError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def browser_cpu() -> float:
    """CPU of every Chromium process this one started, so far (gone ones not counted)."""
    total = 0.0
    for pid in descendants(os.getpid()):
        try:
            if "chrom" in Path(f"/proc/{pid}/comm").read_text():
                total += cpu_seconds(pid)
        except FileNotFoundError:
            continue
    return total


def load(context: BrowserContext, path: str, bell: bool) -> int:
    """Load ``path`` until it is drawn and its sockets have spoken; the sockets opened."""
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    if bell:
        with page.expect_websocket(lambda socket: socket.url.endswith("/ws/me/")) as opened:
            page.goto(path)
        opened.value.wait_for_event("framereceived")  # the first ``bell``
    else:
        page.goto(path)
    if "/r/" in path:
        page.wait_for_selector("[data-testid=connection][data-state=open]")
    page.wait_for_load_state("networkidle")
    return len(sockets)


def measure(loads: int) -> dict[str, Any]:
    """Each page's server and browser CPU per load (ms) and sockets per load."""
    with tempfile.TemporaryDirectory(prefix="page-cost-") as tmp:
        workdir = Path(tmp)
        with daphne(workdir) as server, sync_playwright() as driver:
            assert server.process is not None
            browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            first = browser.new_context(base_url=server.base_url)
            page = first.new_page()
            page.goto("/")
            page.get_by_test_id("create-name").fill("Ada")
            page.get_by_test_id("create-submit").click()
            page.wait_for_url("**/r/*/")
            room = page.url.split(server.base_url, 1)[1]
            state: StorageState = first.storage_state()
            first.close()
            probe = browser.new_context(base_url=server.base_url, storage_state=state)
            bell = "js/bell.js" in probe.request.get("/").text()
            probe.close()
            figures: dict[str, Any] = {"bell": bell}
            for name, path in (("home", "/"), ("room", room)):
                server_before, browser_before = cpu_seconds(server.process.pid), browser_cpu()
                opened = 0
                for _ in range(loads):
                    context = browser.new_context(base_url=server.base_url, storage_state=state)
                    opened += load(context, path, bell)
                    context.close()
                time.sleep(0.5)  # the server's end of the closed sockets, counted too
                figures[name] = {
                    "server_ms": round(
                        1000 * (cpu_seconds(server.process.pid) - server_before) / loads, 1
                    ),
                    "browser_ms": round(1000 * (browser_cpu() - browser_before) / loads, 1),
                    "sockets": opened / loads,
                }
            browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="CPU a page load costs, from /proc.")
    parser.add_argument("--loads", type=int, default=20)
    figures = measure(parser.parse_args().loads)
    for name in ("home", "room"):
        print(f"{name}: {figures[name]}", file=sys.stderr)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
