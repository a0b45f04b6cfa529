"""Project code uses Django, Channels, asgiref, Daphne and Twisted through their public
APIs only: no private (underscore) names of theirs, no writes into objects' ``__dict__``.
Upgrades of those libraries then break nothing silently (docs/decisions/0001)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = {"django", "channels", "asgiref", "daphne", "twisted"}
# Underscore names that are public by documentation: Django's model ``_meta`` API and
# ``_state`` (the model instance reference), the managers, and namedtuple's methods.
DOCUMENTED = {
    "_meta",
    "_state",
    "_default_manager",
    "_base_manager",
    "_replace",
    "_asdict",
    "_fields",
    "_make",
}


def project_files() -> list[Path]:
    """Every Python file of the project outside tests/ (migrations included)."""
    files = [
        p
        for folder in (
            *APPS,
            "scoring",
            "yahtzee_site",
            "bench",
        )
        for p in (ROOT / folder).rglob("*.py")
    ]
    return sorted([*files, ROOT / "manage.py"])


def own_names(files: list[Path]) -> set[str]:
    """The underscore names the project defines itself (functions, classes, attributes,
    variables): using those is no business of the libraries."""
    names: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return {n for n in names if n.startswith("_")}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def problems(path: Path, own: set[str]) -> list[str]:
    """What ``path`` does that the guard forbids, one line each."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] in LIBRARIES and (
                any(private(p) for p in parts) or any(private(a.name) for a in node.names)
            ):
                names = ", ".join(a.name for a in node.names)
                found.append(f"{where} imports {names} from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in LIBRARIES and any(private(p) for p in parts):
                    found.append(f"{where} imports {alias.name}")
        elif isinstance(node, ast.Attribute):
            if node.attr == "__dict__":
                found.append(f"{where} reaches into an object's __dict__")
            elif private(node.attr) and node.attr not in DOCUMENTED | own:
                found.append(f"{where} uses {node.attr}, private to a library")
    return found


def test_project_code_uses_only_public_library_apis() -> None:
    files = project_files()
    assert len(files) > 50
    own = own_names(files)
    assert [line for path in files for line in problems(path, own)] == []


def test_the_guard_catches_each_kind_of_private_use(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from asgiref.sync import _private_helper\n"
        "from django.db.models.sql.compiler import SQLCompiler\n"
        "import channels._internal\n"
        "def f(db, instance):\n"
        "    db._thread_ident\n"
        "    instance.__dict__['x'] = 1\n"
        "    return instance._meta, instance._state\n"
    )
    found = problems(bad, own=set())
    assert len(found) == 4, found
    assert any("_private_helper" in line for line in found)
    assert any("channels._internal" in line for line in found)
    assert any("_thread_ident" in line for line in found)
    assert any("__dict__" in line for line in found)
