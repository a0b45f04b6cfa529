"""The migration check of ``make lint-migrations`` (tests/support/migration_lint.py,
docs/decisions/0080) bites. Run as it runs there, django-migration-linter on a throwaway
PostgreSQL server, on two apps written for the test: it passes the migrations the old code
can run beside (a nullable column, a column with a database default, a new table) and
refuses the others, one by one, but for the one listed as reviewed. And what it skips as
deployed is the site's own migrations, each once."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.db.migrations.loader import MigrationLoader

from tests.support import migration_lint
from yahtzee_site.site_apps import SITE_APPS

SETTINGS = """
from yahtzee_site.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "beside", "breaks"]  # noqa: F405
"""

MIGRATION = """
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = {initial}
    dependencies = {dependencies}
    operations = [{operation}]
"""

BOX = """migrations.CreateModel(
        "Box",
        [
            ("id", models.BigAutoField(primary_key=True)),
            ("name", models.CharField(max_length=20)),
            ("size", models.IntegerField(null=True)),
        ],
    ),
    migrations.CreateModel(
        "Lid",
        [
            ("id", models.BigAutoField(primary_key=True)),
            ("box", models.ForeignKey("{app}.box", models.CASCADE)),
        ],
    )"""

# Each app's migrations in order, by name: the operation each adds to the one before.
BESIDE = {
    "0001_initial": BOX.format(app="beside"),
    "0002_nullable_column": 'migrations.AddField("box", "note", models.TextField(null=True))',
    "0003_column_with_a_database_default": (
        'migrations.AddField("box", "count", models.IntegerField(db_default=0))'
    ),
    "0004_new_table": """migrations.CreateModel(
        "Hinge",
        [
            ("id", models.BigAutoField(primary_key=True)),
            ("lid", models.ForeignKey("beside.lid", models.CASCADE)),
        ],
    )""",
    "0005_index": 'migrations.AddIndex("box", models.Index(fields=["name"], name="box_name"))',
}
BREAKS = {
    "0001_initial": BOX.format(app="breaks"),
    "0002_not_null_column": 'migrations.AddField("box", "count", models.IntegerField(default=0))',
    "0003_rename_column": 'migrations.RenameField("box", "name", "label")',
    "0004_drop_column": 'migrations.RemoveField("box", "size")',
    "0005_drop_table": 'migrations.DeleteModel("Lid")',
    "0006_rename_table": 'migrations.RenameModel("Box", "Crate")',
    "0007_column_type": (
        'migrations.AlterField("crate", "label", models.CharField(max_length=40))'
    ),
    "0008_unique": (
        'migrations.AlterField("crate", "label", models.CharField(max_length=40, unique=True))'
    ),
    "0009_reviewed": 'migrations.RemoveField("crate", "count")',
}

# Lints each app on its own, on one throwaway server, with breaks' last migration listed
# as a reviewed exception.
LINT_BOTH = """
from tests.support import migration_lint

migration_lint.REVIEWED[("breaks", "0009_reviewed")] = "its rollout reviewed"
with migration_lint.django_on_postgresql():
    for app in ("beside", "breaks"):
        print(f"== {app} passed: {migration_lint.lint([app])}", flush=True)
"""

VERDICT = re.compile(r"^\((\w+), (\w+)\)\.\.\. (.+)$")


def write_app(root: Path, app: str, migrations: dict[str, str]) -> None:
    """The package ``app`` under ``root``, with ``migrations`` in order and no models."""
    folder = root / app / "migrations"
    folder.mkdir(parents=True)
    (root / app / "__init__.py").touch()
    (folder / "__init__.py").touch()
    previous: list[tuple[str, str]] = []
    for name, operation in migrations.items():
        text = MIGRATION.format(initial=not previous, dependencies=previous, operation=operation)
        (folder / f"{name}.py").write_text(text)
        previous = [(app, name)]


def verdicts(output: str) -> dict[tuple[str, str], tuple[str, list[str]]]:
    """The linter's verdict on each migration it printed, with the lines it said of it."""
    found: dict[tuple[str, str], tuple[str, list[str]]] = {}
    said: list[str] = []
    for line in output.splitlines():
        if match := VERDICT.match(line):
            said = []
            found[match[1], match[2]] = (match[3], said)
        elif line.startswith("\t"):
            said.append(line.strip())
    return found


@pytest.fixture(scope="module")
def linted(
    tmp_path_factory: pytest.TempPathFactory,
    clean_env: Callable[..., dict[str, str]],
    project_root: Path,
) -> str:
    """What the check printed on the two apps."""
    root = tmp_path_factory.mktemp("apps")
    (root / "two_apps_settings.py").write_text(SETTINGS)
    write_app(root, "beside", BESIDE)
    write_app(root, "breaks", BREAKS)
    done = subprocess.run(
        [sys.executable, "-c", LINT_BOTH],
        env=clean_env(
            DJANGO_SETTINGS_MODULE="two_apps_settings", PYTHONPATH=f"{project_root}:{root}"
        ),
        cwd=project_root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_migrations_the_old_code_runs_beside_pass(linted: str) -> None:
    assert "== beside passed: True" in linted
    found = verdicts(linted)
    assert {name: found["beside", name][0] for name in BESIDE} == {
        "0001_initial": "OK",
        "0002_nullable_column": "OK",
        "0003_column_with_a_database_default": "OK",
        "0004_new_table": "OK",
        # A warning: it does not fail the check.
        "0005_index": "WARNING",
    }
    assert found["beside", "0005_index"][1] == ["CREATE INDEX locks table"]


def test_migrations_the_old_code_cannot_run_beside_are_refused(linted: str) -> None:
    assert "== breaks passed: False" in linted
    found = verdicts(linted)
    refused = {name: found["breaks", name] for name in BREAKS if name != "0009_reviewed"}
    assert {name: verdict for name, (verdict, _) in refused.items()} == {
        "0001_initial": "OK",
        **dict.fromkeys(list(BREAKS)[1:-1], "ERR"),
    }
    assert {name: said[0].split(" (")[0] for name, (_, said) in refused.items() if said} == {
        "0002_not_null_column": "NOT NULL constraint on columns",
        "0003_rename_column": "RENAMING columns",
        "0004_drop_column": "DROPPING columns",
        "0005_drop_table": "DROPPING table",
        "0006_rename_table": "RENAMING tables",
        "0007_column_type": "ALTERING columns",
        "0008_unique": "ADDING unique constraint",
    }


def test_a_migration_listed_as_reviewed_is_not_linted(linted: str) -> None:
    assert ("breaks", "0009_reviewed") not in verdicts(linted)
    breaks_summary = linted.split("== beside passed")[1]
    assert "Erroneous migrations: 7/" in breaks_summary


def test_the_migrations_listed_as_deployed_are_the_sites_each_once() -> None:
    """Each listed migration exists, in one of the site's apps (a name matched by app too:
    a new app's ``0001_initial`` is linted), and none is both deployed and reviewed."""
    on_disk = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    listed = migration_lint.DEPLOYED | migration_lint.REVIEWED.keys()
    assert listed <= on_disk
    assert {app for app, _ in listed} <= set(SITE_APPS)
    assert not migration_lint.DEPLOYED & migration_lint.REVIEWED.keys()
