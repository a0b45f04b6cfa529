"""An app reaches another app's rows only through that app's services and selectors
(docs/architecture.md, decision 0066): outside its own app, a model is named (in
annotations, foreign keys, a relation followed from a row in hand), never queried
through its manager.

The check reads each module's syntax tree and resolves each ``Name.objects`` against
the names the module binds once imported: a model class of one of the site's apps whose
app is not the module's own counts.
"""

from __future__ import annotations

import ast
from typing import Any

from django.db import models

from tests.support.site_apps import APPS, ROOT, app_modules


def foreign_managers(source: str, namespace: dict[str, Any], app: str) -> list[str]:
    """``Model.objects`` in ``source`` (lines) where ``Model`` is, in ``namespace``, a
    model of one of the site's apps other than ``app``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Attribute)
            and node.attr == "objects"
            and isinstance(node.value, ast.Name)
        ):
            continue
        model = namespace.get(node.value.id)
        if not (isinstance(model, type) and issubclass(model, models.Model)):
            continue
        owner = model._meta.app_label
        if owner in APPS and owner != app:
            found.append(f"{node.lineno}: {model.__name__} of {owner}")
    return found


def test_no_app_queries_another_apps_models() -> None:
    reaching = []
    for app in APPS:
        for path, namespace in app_modules(app):
            reaching += [
                f"{path}:{line}"
                for line in foreign_managers((ROOT / path).read_text(), namespace, app)
            ]
    assert reaching == []


def test_the_check_sees_another_apps_manager_and_not_its_own() -> None:
    from play.models import Game
    from rooms.models import Room

    source = "def f(room):\n    Room.objects.filter(pk=1)\n    return Game.objects.get(room=room)\n"
    namespace = {"Room": Room, "Game": Game}
    assert foreign_managers(source, namespace, "play") == ["2: Room of rooms"]
    assert foreign_managers(source, namespace, "rooms") == ["3: Game of play"]
