"""Modes are rules, not flags (DESIGN.md; decision 0062): outside ``play/modes/``, no
code of the site tests how a game is played. Every branch that reads a room's or a
game's ``together``, ``daily``, ``seed``, ``duplicate``, ``pace``, ``rated`` or ``public`` (as an
attribute, or as a key of a row or of the state), or compares with ``Pace.DAY`` or ``Pace.LIVE``, is
counted; the services, selectors and pages ask the game's mode (``play.modes``)
instead.

A branch is where a value is tested: the test of an ``if``, ``elif``, ``while``,
conditional expression, ``assert`` or comprehension filter, an operand of ``and`` or
``or`` but the last (whose value is passed on, not tested), a ``not``, a comparison, a
``match`` subject. Copying a field (into the state sent to the page, a form, an event,
an admin column) or filtering a query by it (``Q(pace=...)``) is not a branch, nor is
reading the fields of a posted ``form`` (what a host asks for, which the services check).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]
FLAGS = frozenset({"together", "daily", "seed", "duplicate", "pace", "rated", "public"})
PACE_VALUES = frozenset({"DAY", "LIVE"})
MODES = ROOT / "play" / "modes"


def _reads_flag(node: ast.AST) -> bool:
    """Whether expression ``node`` reads a mode's stored field or a pace value."""
    for part in ast.walk(node):
        if isinstance(part, ast.Attribute) and part.attr in FLAGS:
            return True
        if (
            isinstance(part, ast.Attribute)
            and part.attr in PACE_VALUES
            and isinstance(part.value, ast.Attribute)
            and part.value.attr == "Pace"
        ):
            return True
        if (
            isinstance(part, ast.Subscript)
            and isinstance(part.slice, ast.Constant)
            and part.slice.value in FLAGS
            and not _is_form(part.value)
        ):
            return True
    return False


def _is_form(node: ast.expr) -> bool:
    """Whether ``node`` is a page's ``form``: the settings a host asks for, input that the
    services check, not the mode of a game."""
    return isinstance(node, ast.Name) and node.id == "form"


def _tested(tree: ast.AST) -> Iterator[ast.expr]:
    """Every expression of ``tree`` whose value is tested."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs
        elif isinstance(node, ast.BoolOp):
            yield from node.values[:-1]
        elif isinstance(node, ast.Match):
            yield node.subject
        elif isinstance(node, ast.Compare):
            yield node
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node.operand


def _sources() -> Iterator[Path]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path.is_relative_to(MODES):
                continue
            yield path


def mode_branches(path: Path, base: Path = ROOT) -> list[str]:
    """``path:line`` (relative to ``base``) of each branch of the module at ``path`` on
    how a game is played."""
    tree = ast.parse(path.read_text(), filename=str(path))
    lines = sorted({expression.lineno for expression in _tested(tree) if _reads_flag(expression)})
    return [f"{path.relative_to(base)}:{line}" for line in lines]


def test_no_code_outside_the_modes_branches_on_how_a_game_is_played() -> None:
    found = [branch for path in _sources() for branch in mode_branches(path)]
    assert found == [], "ask the game's mode (play.modes) instead:\n" + "\n".join(found)


def test_the_count_sees_each_kind_of_branch(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "if game.together:\n    pass\n"
        "x = a if room.daily else b\n"
        "y = [g for g in games if g.seed]\n"
        "z = room.pace == Room.Pace.DAY\n"
        "w = pace != Room.Pace.LIVE\n"
        "v = game.duplicate and other\n"
        "u = not view['together']\n"
        "while row['duplicate']:\n    break\n"
        # Copies and query filters are not branches.
        "data = {'pace': room.pace, 'together': bool(game['together'])}\n"
        "q = Q(pace=pace, daily=False)\n"
        "t = other or room.pace\n"
        "s = form['together'] == 'on'\n"
    )
    assert mode_branches(sample, tmp_path) == [
        f"sample.py:{line}" for line in (1, 3, 4, 5, 6, 7, 8, 9)
    ]
