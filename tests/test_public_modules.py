"""Between the apps, an app imports only another app's public modules (decision 0066):
its models, services, selectors and signals, and the few helpers named below. Its pages,
admin, threads, commands and template tags are its own; only ``games``, the site's
shell, wires them together (the URL map, a process's threads, the room page).

import-linter's contracts (pyproject.toml) hold the apps' layers; this test holds what
they cannot say in one line: which modules of an app the others may import.
"""

from __future__ import annotations

import grimp

from tests.support.site_apps import APPS

# The parts of every app the others may import.
PUBLIC_PARTS = {"models", "services", "selectors", "signals"}
# Modules outside those parts that other apps may import, each for a reason.
PUBLIC_HELPERS = {
    "play.modes",  # what a game's mode allows, asked by every part (decision 0062)
    "play.advice",  # the best move: the coach's hints and reviews, the bots
    "play.sql",  # the move's reads, shared with the snapshot of a room's state
    "accounts.addresses",  # a client's address, hashed, for any page's limits
    "accounts.guest_limit",  # the new players an address may make, for any page that makes one
    "accounts.web.guests",  # a visitor let in as a player, for any page that lets one in
    "accounts.web.socket_language",  # a socket's viewer's language, for any app's socket
    "rooms.web.access",  # a room found from its code under the guess limit, for its pages
    "ratings.skill",  # a rating as the pages and the moderators' admin show it
}
SHELL = "games"


def is_public(module: str) -> bool:
    """Whether another app may import ``module`` (a module of one of the apps)."""
    parts = module.split(".")
    return (
        len(parts) == 1
        or parts[1] in PUBLIC_PARTS
        or any(module == h or module.startswith(h + ".") for h in PUBLIC_HELPERS)
    )


def private_imports(edges: dict[str, set[str]]) -> list[str]:
    """The imports, among ``edges``, of another app's module that is not public (the
    shell's and the kernel's aside: ``games`` may import anything, anyone ``common``)."""
    found = []
    for source, targets in edges.items():
        app = source.split(".")[0]
        if app == SHELL:
            continue
        for target in targets:
            owner = target.split(".")[0]
            if owner in (app, "common") or owner not in APPS or ".migrations" in source:
                continue
            if not is_public(target):
                found.append(f"{source} -> {target}")
    return sorted(found)


def test_apps_import_only_each_others_public_modules() -> None:
    graph = grimp.build_graph(*APPS)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert len(edges) > 150
    assert private_imports(edges) == []


def test_a_private_import_is_found_and_the_shell_may_wire_anything() -> None:
    edges = {
        "daily.web.daily": {"rooms.web.invites", "rooms.web.access", "rooms.services.rooms"},
        "coach.services.reviews": {"play.models", "play.selectors.rule_sets", "coach.models"},
        "games.web.urls": {"daily.web.daily", "notices.web.push"},
        "rooms.services.rooms": {"moderation.admin.base"},
    }
    assert private_imports(edges) == [
        "daily.web.daily -> rooms.web.invites",
        "rooms.services.rooms -> moderation.admin.base",
    ]
