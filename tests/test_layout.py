"""The layout shows the design: who may import whom, and modules small enough to read."""

from __future__ import annotations

import ast
import re
import tomllib
from itertools import pairwise
from pathlib import Path

from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400
# The site's Django apps, one per part of the game (docs/architecture.md).


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute names, at any depth of the file)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def sources(*folders: str) -> list[Path]:
    """The Python files under ``folders`` (migrations left out)."""
    return sorted(
        p
        for folder in folders
        for p in (ROOT / folder).rglob("*.py")
        if "migrations" not in p.parts
    )


def offenders(files: list[Path], forbidden: str) -> list[str]:
    """The files among ``files`` that import ``forbidden`` or a module of it."""
    return [
        str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
        for p in files
        if any(m == forbidden or m.startswith(forbidden + ".") for m in imports_of(p))
    ]


def test_scoring_imports_nothing_of_the_site() -> None:
    files = sources("scoring")
    assert len(files) > 10
    for package in (*APPS, "yahtzee_site", "bench", "tests"):
        assert offenders(files, package) == [], package


def test_no_app_imports_the_project_settings_package_or_the_benchmarks() -> None:
    files = sources(*APPS)
    assert len(files) > 20
    assert offenders(files, "yahtzee_site") == []
    assert offenders(files, "bench") == []
    assert offenders(files, "tests") == []


def test_only_the_benchmarks_import_the_benchmarks() -> None:
    others = [*sources(*APPS, "scoring", "yahtzee_site"), ROOT / "manage.py"]
    assert offenders(others, "bench") == []
    # The tests import what they share with the benchmarks (bench/harness), no script.
    scripts = [
        p
        for p in sources("tests")
        if any(
            m.partition(".")[0] == "bench" and not m.startswith("bench.harness")
            for m in imports_of(p)
        )
    ]
    assert scripts == []


def test_the_benchmarks_import_no_test_module() -> None:
    """What the benchmarks and the tests share lives in ``bench/harness``, which both may
    import; nothing under ``bench/`` imports ``tests``."""
    files = sources("bench")
    assert len(files) > 15
    assert offenders(files, "tests") == []


def test_the_guard_sees_an_offending_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from bench.load import main\n")
    assert offenders([bad], "bench") == [str(bad)]


def test_the_import_contracts_cover_every_app_in_its_order() -> None:
    """``lint-imports`` (make lint) checks who may import whom with the contracts of
    pyproject.toml (decision 0061): the apps' layers follow ``INSTALLED_APPS``, and a new
    app is in them."""
    from django.conf import settings

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    apps = [app for app in settings.INSTALLED_APPS if app in APPS]
    assert set(config["root_packages"]) == {*APPS, "scoring", "yahtzee_site"}
    contract = next(c["layers"] for c in config["contracts"] if c["id"] == "apps")
    layers = [[name.strip() for name in layer.split("|")] for layer in contract]
    assert layers[0] == ["yahtzee_site"] and layers[-1] == ["scoring"]
    depth = {name: n for n, layer in enumerate(layers[1:-1]) for name in layer}
    assert sorted(depth) == sorted(apps)
    # An app listed after another stands in the same layer or above it.
    assert all(depth[low] >= depth[high] for low, high in pairwise(apps))


def imported_test_modules(path: Path) -> set[str]:
    """Every ``test_*`` module ``path`` imports, relative imports written with their dots."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            names = [module, *(f"{module.rstrip('.')}.{a.name}" for a in node.names)]
        else:
            continue
        found |= {name for name in names if name.rsplit(".", 1)[-1].startswith("test_")}
    return found


def test_no_test_module_imports_another() -> None:
    """Shared helpers and constants live in ``tests/support``, not in a test module."""
    files = sources("tests")
    assert len(files) > 50
    found = {str(p.relative_to(ROOT)): sorted(m) for p in files if (m := imported_test_modules(p))}
    assert found == {}


def test_the_guard_sees_a_test_module_imported(tmp_path: Path) -> None:
    bad = tmp_path / "test_bad.py"
    bad.write_text(
        "from tests.scoring.strategy.test_legality import CONFIGS\n"
        "def f():\n    from . import test_other\n    import tests.test_x\n"
    )
    assert imported_test_modules(bad) == {
        "tests.scoring.strategy.test_legality",
        ".test_other",
        "tests.test_x",
    }
    fine = tmp_path / "test_fine.py"
    fine.write_text("from tests.support.strategy_play import CONFIGS\nimport pytest_asyncio\n")
    assert imported_test_modules(fine) == set()


def test_no_module_of_the_site_is_too_long_to_read() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in sources(*APPS, "scoring", "yahtzee_site", "bench", "tests")
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_script_or_stylesheet_of_the_site_is_too_long_to_read() -> None:
    # Third-party code, if any, is vendored under static/vendor/ and exempt.
    scripts = sorted((ROOT / "static" / "js").rglob("*.js"))
    assert len(scripts) > 20
    scripts += sorted((ROOT / "static" / "css").glob("*.css"))
    long = {
        str(p.relative_to(ROOT)): n
        for p in scripts
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def script_imports(path: Path) -> set[Path]:
    """The scripts ``path`` imports by a relative path (``import … from "./x.js"``)."""
    found = re.findall(
        r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}/[^"']+)["']""",
        path.read_text(),
        flags=re.M,
    )
    return {(path.parent / name).resolve() for name in found}


def import_cycle(scripts: list[Path]) -> list[Path]:
    """A circle of scripts that import one another ([] when there is none)."""
    graph = {p.resolve(): script_imports(p) for p in scripts}
    done: set[Path] = set()

    def visit(path: Path, trail: list[Path]) -> list[Path]:
        if path in trail:
            return [*trail[trail.index(path) :], path]
        if path in done:
            return []
        for nxt in sorted(graph.get(path, ())):
            if cycle := visit(nxt, [*trail, path]):
                return cycle
        done.add(path)
        return []

    for path in sorted(graph):
        if cycle := visit(path, []):
            return cycle
    return []


def test_no_scripts_import_each_other_in_a_circle() -> None:
    # collectstatic names each module by its content, imports rewritten to hashed names
    # (decision 0027): a circle of imports never settles ("Max post-process passes").
    scripts = sorted((ROOT / "static" / "js").rglob("*.js"))
    assert import_cycle(scripts) == []


def import_depth(scripts: list[Path]) -> int:
    """The longest chain of imports among ``scripts`` (1: a script that imports none)."""
    graph = {p.resolve(): script_imports(p) for p in scripts}
    depth: dict[Path, int] = {}

    def of(path: Path) -> int:
        if path not in depth:
            depth[path] = 1 + max((of(n) for n in graph[path] if n in graph), default=0)
        return depth[path]

    return max((of(p) for p in graph), default=0)


def test_collectstatic_settles_the_deepest_chain_of_imports() -> None:
    # Each post-processing pass settles at least one level of imports (decision 0027).
    from yahtzee_site.storage import VersionedStaticFilesStorage

    scripts = sorted((ROOT / "static" / "js").rglob("*.js"))
    assert 3 <= import_depth(scripts) < VersionedStaticFilesStorage.max_post_process_passes


def test_the_guard_sees_a_circle_of_imports(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.js").write_text('import { b } from "./sub/b.js";\n')
    (tmp_path / "sub" / "b.js").write_text('export const b = 1;\nimport { c } from "../c.js";\n')
    (tmp_path / "c.js").write_text('import {\n  a,\n} from "./a.js";\n')
    scripts = sorted(tmp_path.rglob("*.js"))
    assert [p.name for p in import_cycle(scripts)] == ["a.js", "b.js", "c.js", "a.js"]
    (tmp_path / "c.js").write_text('import { h } from "./dom.js";\n')
    assert import_cycle(scripts) == []
    assert import_depth(scripts) == 3  # a.js, sub/b.js, c.js (dom.js is not among them)


def unclosed_blocks(css: str) -> int:
    """How many blocks of a stylesheet are left open (comments and strings aside);
    -1 when a block is closed that was never opened."""
    text = re.sub(r"/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", "", css, flags=re.S)
    depth = 0
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return -1
    return depth


def test_every_stylesheet_closes_its_blocks() -> None:
    # A block left open (a merge once dropped a "}") nests every later rule inside it, and
    # browsers then apply them nowhere, silently.
    assert unclosed_blocks(".a { color: red; }\n.b { content: '}'; /* { */ }") == 0
    assert unclosed_blocks(".a { color: red;\n.b { color: blue; }") == 1
    sheets = sorted((ROOT / "static").rglob("*.css"))
    assert sheets
    assert {
        str(p.relative_to(ROOT)): n for p in sheets if (n := unclosed_blocks(p.read_text()))
    } == {}


MAX_CSS_LINES = MAX_LINES  # stylelint (make lint-css) checks the rest of a stylesheet


def test_no_stylesheet_is_too_long_to_read() -> None:
    # One file per component (static/css/site.css imports them in cascade order).
    sheets = sorted((ROOT / "static").rglob("*.css"))
    assert sheets
    assert {
        str(p.relative_to(ROOT)): n
        for p in sheets
        if (n := len(p.read_text().splitlines())) > MAX_CSS_LINES
    } == {}


def test_every_app_is_installed_with_the_project() -> None:
    """setuptools installs only the packages it lists: a process started outside the
    project (``python -P``) imports an app left out of the list from nowhere."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = setup["packages"]["find"]["include"]
    assert [app for app in (*APPS, "scoring", "yahtzee_site") if f"{app}*" not in listed] == []
