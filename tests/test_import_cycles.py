"""No module of the site imports itself back, through any chain of imports (decision 0061).

import-linter's ``acyclic_siblings`` contract (pyproject.toml) forbids cycles between the
parts of each package, and its layers forbid them between the apps; neither sees a cycle
through a package's own ``__init__`` (a package that imports a module of its own, which
imports the package back). This test holds the rest: among every module of the site,
imports that run (those under ``TYPE_CHECKING`` do not) make no cycle at all.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
ROOTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another in a circle (Tarjan's strongly
    connected components of more than one module), each sorted; a module that imports
    itself is left out, as Python allows it."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:  # recursion: the site's chains are a few dozen deep
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(edges.get(module, ())):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            group = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return sorted(found)


def test_no_import_cycle_among_the_modules_of_the_site() -> None:
    graph = grimp.build_graph(*ROOTS, cache_dir=None, exclude_type_checking_imports=True)
    assert len(graph.modules) > 200
    edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    assert cycles(edges) == []


def test_the_guard_sees_every_circle_and_nothing_else() -> None:
    edges = {
        "a": {"b"},
        "b": {"c"},
        "c": {"a", "d"},
        "d": {"e"},
        "e": {"d"},
        "f": {"a", "f"},
        "g": set(),
    }
    assert cycles(edges) == [["a", "b", "c"], ["d", "e"]]
    assert cycles(
        {"games.services": {"games.services.x"}, "games.services.x": {"games.services"}}
    ) == [["games.services", "games.services.x"]]
    assert cycles({"a": {"b"}, "b": {"c"}}) == []
