"""axe-core on a page: WCAG 2.0/2.1 A and AA, failing on serious or critical violations.

axe-core comes bundled in the axe-playwright-python package (no network at test time);
it is injected once per document and run there (docs/decisions/0012).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page

from tests.browser.tables import DESKTOP, PHONE, settle

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = frozenset({"serious", "critical"})

RUN = """options => axe.run(document, options).then(r => r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.map(String), impact: n.impact,
                              message: [...n.any, ...n.all, ...n.none]
                                       .map(c => c.message).join(' / ')})),
})))"""


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's WCAG 2.0/2.1 A and AA violations on the page as it is now, of every impact."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    found: list[dict[str, Any]] = page.evaluate(RUN, options)
    return found


def report(found: Iterable[dict[str, Any]]) -> str:
    """One line per violation and one per element it was found on."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {' '.join(n['target'])}: {n['message']}" for n in v["nodes"])
    return "\n".join(lines)


def serious(page: Page, where: str, allow: Iterable[str] = ()) -> str:
    """The report of the serious or critical violations on ``page`` ("" if none).

    What a scan finds is checked by a second scan, once the page has settled again, by an
    axe injected afresh: axe run again in one document can report a colour it read in
    the scan before, in the other scheme (a scorecard's names in their light-theme ink on
    the dark card, while the browser's computed colours were the dark theme's). A real
    violation is found both times; only the second scan's findings count."""
    allowed = set(allow)

    def scan() -> list[dict[str, Any]]:
        return [v for v in violations(page) if v["impact"] in FAILING and v["id"] not in allowed]

    bad = scan()
    if bad:
        settle(page)
        page.evaluate("() => { delete window.axe; }")  # ``violations`` injects a new one
        bad = scan()
    return f"axe found on {where}:\n{report(bad)}" if bad else ""


def assert_accessible(page: Page, where: str, *, allow: Iterable[str] = ()) -> None:
    """Fail listing every serious or critical violation on ``page`` (``where`` names it).

    ``allow``: rule ids to let pass (no scan of the suite needs any today)."""
    found = serious(page, where, allow)
    assert not found, found


# Where a page is scanned: every size in every scheme, or (for pages whose parts other
# scans already see in both schemes) each size once, in one scheme each.
Scheme = Literal["light", "dark"]  # a colour scheme the pages are checked in
EVERYWHERE: tuple[tuple[str, Scheme], ...] = (
    ("desktop", "light"),
    ("desktop", "dark"),
    ("phone", "dark"),
    ("phone", "light"),
)
LIGHT_DESKTOP_DARK_PHONE: tuple[tuple[str, Scheme], ...] = (("desktop", "light"), ("phone", "dark"))
DARK_DESKTOP_LIGHT_PHONE: tuple[tuple[str, Scheme], ...] = (("desktop", "dark"), ("phone", "light"))
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def assert_accessible_everywhere(
    page: Page,
    where: str,
    *,
    allow: Iterable[str] = (),
    on: Iterable[tuple[str, Scheme]] = EVERYWHERE,
) -> None:
    """``assert_accessible`` at each (size, scheme) of ``on`` (by default desktop and
    phone, each light and dark) on this one page, failing once with what all found.

    The page is left at the size it had, in the light scheme."""
    size = page.viewport_size or DESKTOP
    found = []
    for name, scheme in on:
        if page.viewport_size != VIEWPORTS[name]:
            page.set_viewport_size(VIEWPORTS[name])
        page.emulate_media(color_scheme=scheme)
        settle(page)
        found.append(serious(page, f"{where} ({name}, {scheme})", allow))
    page.emulate_media(color_scheme="light")
    if page.viewport_size != size:
        page.set_viewport_size(size)
        settle(page)
    problems = "\n".join(f for f in found if f)
    assert not problems, problems
