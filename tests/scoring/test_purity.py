"""The rules engine stays pure: no Django, no database, no network, no dice of its own."""

import ast
import subprocess
import sys
from pathlib import Path

import scoring

ENGINE = Path(scoring.__file__).parent
FORBIDDEN_IMPORTS = {
    "django",
    "channels",
    "games",
    "yahtzee_site",
    "socket",
    "sqlite3",
    "secrets",
    "urllib",
    "http",
    "os",
    "subprocess",
    "asyncio",
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_of_the_engine_imports_django_io_or_randomness_sources() -> None:
    sources = sorted(ENGINE.rglob("*.py"))
    assert len(sources) >= 10
    for path in sources:
        assert not imported_modules(path) & FORBIDDEN_IMPORTS, path


def test_importing_and_using_the_engine_loads_no_django() -> None:
    code = (
        "import sys\n"
        "from scoring import rulesets\n"
        "card = rulesets.get('yams').new_scorecard().place([1, 1, 2, 3, 4], 'ones', 'down')\n"
        "assert card.total == 2\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'django', 'channels'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_engine_never_draws_numbers_itself() -> None:
    """``random`` appears only as the type of a generator the caller passes in."""
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "random":
                assert node.attr == "Random", (path, node.lineno, node.attr)
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                raise AssertionError(f"{path}: from random import ...")
