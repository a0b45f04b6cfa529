"""Every function of the site is short enough to read at once."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FUNCTION_LINES = 60
LEFT_OUT = {"migrations", ".venv", "node_modules"}


def project_sources(root: Path = ROOT) -> list[Path]:
    """The project's own Python files: the top-level scripts and every file of each
    top-level package (a folder holding ``__init__.py``), migrations left out."""
    packages = [
        d
        for d in root.iterdir()
        if d.is_dir() and d.name not in LEFT_OUT and (d / "__init__.py").is_file()
    ]
    files = [*root.glob("*.py"), *(p for d in packages for p in d.rglob("*.py"))]
    return sorted(p for p in files if not LEFT_OUT & set(p.relative_to(root).parts))


def long_functions(path: Path, root: Path = ROOT) -> dict[str, int]:
    """Each function or method of ``path`` longer than ``MAX_FUNCTION_LINES``, counted
    from its ``def`` to its last line (decorators not counted), named ``file:line name``
    with the file relative to ``root``."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > MAX_FUNCTION_LINES:
                found[f"{path.relative_to(root).as_posix()}:{node.lineno} {node.name}"] = size
    return found


def test_every_top_level_package_is_looked_at() -> None:
    files = project_sources()
    tops = {p.relative_to(ROOT).parts[0] for p in files}
    assert {"manage.py", "games", "scoring", "yahtzee_site", "tests", "bench"} <= tops
    assert not any("migrations" in p.parts for p in files)


def test_no_function_is_longer_than_sixty_lines() -> None:
    found: dict[str, int] = {}
    for path in project_sources():
        found |= long_functions(path)
    assert found == {}, "\n".join(f"{name}: {n} lines" for name, n in sorted(found.items()))


def test_the_guard_finds_a_long_function_in_a_new_package(tmp_path: Path) -> None:
    app = tmp_path / "newapp"
    (app / "migrations").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    body = "".join(f"    x{n} = {n}\n" for n in range(60))  # 61 lines with a def
    method = "".join(f"        x{n} = {n}\n" for n in range(59))  # 60 with its def
    (app / "views.py").write_text(
        f"@decorator\nasync def too_long():\n{body}\nclass A:\n    def just_right(self):\n{method}"
    )
    (app / "migrations" / "0001_initial.py").write_text(f"def too_long():\n{body}")
    (tmp_path / "notes").mkdir()  # not a package
    (tmp_path / "notes" / "draft.py").write_text(f"def too_long():\n{body}")
    (tmp_path / "manage.py").write_text(f"def main():\n{body}")
    files = project_sources(tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in files] == [
        "manage.py",
        "newapp/__init__.py",
        "newapp/views.py",
    ]
    assert long_functions(files[2], tmp_path) == {"newapp/views.py:2 too_long": 61}
    assert long_functions(files[0], tmp_path) == {"manage.py:1 main": 61}
