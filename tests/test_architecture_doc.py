"""docs/architecture.md maps the code: every module of the apps and static/js/ is named in
the row of its folder."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
# Folders whose modules the page must name, and the files of each it may leave out.
MAPPED = {
    **dict.fromkeys(APPS, "*.py"),
    "static/js": "*.js",
}
LEFT_OUT = {"__init__.py"}


def folder_rows(text: str) -> dict[str, str]:
    """Each row of the page's folder table, by the folder in its first cell."""
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\|\s*`([^`]+)/`[^|]*\|(.*)\|\s*$", line)
        if found:
            rows[found.group(1)] = found.group(2)
    return rows


def unnamed_modules(text: str) -> list[str]:
    """The modules under the mapped folders that their folder's row does not name
    (as `name.py`, `name.js` or `name`), and folders that have no row."""
    rows = folder_rows(text)
    missing = []
    for top, pattern in MAPPED.items():
        for path in sorted((ROOT / top).rglob(pattern)):
            if path.name in LEFT_OUT or "migrations" in path.parts:
                continue
            folder = str(path.parent.relative_to(ROOT))
            row = rows.get(folder)
            if row is None:
                missing.append(f"{folder}/ (no row)")
                continue
            names = {f"`{path.name}`", f"`{path.stem}`"}
            if not any(name in row for name in names):
                missing.append(str(path.relative_to(ROOT)))
    return sorted(set(missing))


def test_every_module_of_the_apps_and_the_scripts_is_named_in_the_architecture() -> None:
    assert unnamed_modules(DOC.read_text()) == []


def test_a_module_left_out_of_its_row_is_found() -> None:
    text = DOC.read_text()
    rows = folder_rows(text)
    assert "play/services" in rows and "static/js/room" in rows
    cut = text.replace("`play.py`", "play").replace("`store.js`", "the store")
    assert "play/services/play.py" in unnamed_modules(cut)
    assert "static/js/room/store.js" in unnamed_modules(cut)
