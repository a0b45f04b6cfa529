"""Pages, sockets, the admin, background work, commands and template tags never write to
the database themselves: every write goes through a service (docs/architecture.md,
decision 0061).

The check reads each module's syntax tree and follows, inside each function, what an
expression is: a model class (a name the module binds to one), its manager or a
queryset of it, a model instance (made by the class, fetched by a manager, an argument
annotated with the class, a relation of another instance) or a model form. Only a write
method called on one of those counts (``save``, ``delete``, ``update``, ``create``,
``add`` on a relation...), so ``dict.update``, ``set.add``, a picture's ``save`` or a
``super().save()`` never do.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.db import models
from django.forms import BaseModelForm

from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
# Every app's entry points: pages, sockets, the admin, a process's threads, commands.
CALLERS = tuple(
    f"{app}/{part}"
    for app in APPS
    for part in ("web", "realtime", "admin", "background", "management", "templatetags")
    if (ROOT / app / part).is_dir()
)
QUERYSET_WRITES = {
    "update",
    "delete",
    "create",
    "bulk_create",
    "bulk_update",
    "get_or_create",
    "update_or_create",
}
RELATION_WRITES = QUERYSET_WRITES | {"add", "remove", "clear", "set"}
INSTANCE_WRITES = {"save", "delete"}
# What a manager's or a queryset's method returns: another queryset, or one row.
QUERYSETS = {
    "all",
    "filter",
    "exclude",
    "order_by",
    "select_related",
    "prefetch_related",
    "select_for_update",
    "only",
    "defer",
    "annotate",
    "distinct",
    "using",
    "none",
}
ROWS = {"get", "first", "last", "earliest", "latest", "create"}

# What an expression is: ("class" | "manager" | "instance" | "form", the model or form).
Kind = tuple[str, Any]


def _model(value: Any) -> bool:
    """Whether ``value`` is a concrete model class (an abstract one has no table)."""
    return (
        isinstance(value, type)
        and issubclass(value, models.Model)
        and hasattr(value, "_meta")
        and not value._meta.abstract
    )


def _model_form(value: Any) -> bool:
    return isinstance(value, type) and issubclass(value, BaseModelForm)


class Reader:
    """What the expressions of one function are, in the namespace of its module."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace
        self.local: dict[str, Kind | None] = {}

    def annotation(self, node: ast.expr | None) -> Kind | None:
        """An annotation naming a model (``Player``, ``Player | None``): an instance."""
        if isinstance(node, ast.BinOp):
            return self.annotation(node.left) or self.annotation(node.right)
        kind = self.kind(node) if node is not None else None
        return ("instance", kind[1]) if kind and kind[0] == "class" else None

    def kind(self, node: ast.expr) -> Kind | None:
        if isinstance(node, ast.Name):
            if node.id in self.local:
                return self.local[node.id]
            value = self.namespace.get(node.id)
            return ("class", value) if _model(value) or _model_form(value) else None
        if isinstance(node, ast.Attribute):
            return self._attribute(self.kind(node.value), node.attr)
        if isinstance(node, ast.Call):
            return self._call(node)
        return None

    def _attribute(self, base: Kind | None, name: str) -> Kind | None:
        if base is None or not _model(base[1]):
            return None
        what, model = base
        if what == "class" and any(m.name == name for m in model._meta.managers):
            return ("manager", model)
        if what != "instance":
            return None
        field = next(
            (
                f
                for f in model._meta.get_fields()
                if (f.get_accessor_name() if f.auto_created and not f.concrete else f.name) == name
            ),
            None,
        )
        if field is None or not field.is_relation:
            return None
        many = field.many_to_many or field.one_to_many
        return ("manager" if many else "instance", field.related_model)

    def _call(self, node: ast.Call) -> Kind | None:
        if isinstance(node.func, ast.Name) and node.func.id == "get_object_or_404" and node.args:
            found = self.kind(node.args[0])
            return ("instance", found[1]) if found and found[0] == "class" else None
        if not isinstance(node.func, ast.Attribute):
            called = self.kind(node.func)  # a model or a model form, made
            return (
                ("instance" if _model(called[1]) else "form", called[1])
                if called and called[0] == "class"
                else None
            )
        base = self.kind(node.func.value)
        if base is None or base[0] != "manager":
            return None
        if node.func.attr in QUERYSETS:
            return base
        return ("instance", base[1]) if node.func.attr in ROWS else None

    def is_write(self, node: ast.Call) -> bool:
        if not isinstance(node.func, ast.Attribute):
            return False
        base = self.kind(node.func.value)
        if base is None:
            return False
        writes = {"manager": RELATION_WRITES, "instance": INSTANCE_WRITES, "form": {"save"}}.get(
            base[0], set()
        )
        return node.func.attr in writes


def writes_in(source: str, namespace: dict[str, Any]) -> list[int]:
    """The lines of ``source`` (a module, read in ``namespace``) that write to the
    database themselves."""
    found: list[int] = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        reader = Reader(namespace)
        args = function.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            reader.local[arg.arg] = reader.annotation(arg.annotation)
        nodes = sorted(
            (n for n in ast.walk(function) if isinstance(n, ast.stmt | ast.expr)),
            key=lambda n: (n.lineno, n.col_offset),
        )
        for node in nodes:  # in the order they run, near enough: names bound first
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                reader.local[node.targets[0].id] = reader.kind(node.value)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                reader.local[node.target.id] = reader.annotation(node.annotation)
            elif isinstance(node, ast.Call) and reader.is_write(node):
                found.append(node.lineno)
    return sorted(set(found))


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def test_no_entry_point_writes_to_the_database_itself() -> None:
    files = sorted(p for folder in CALLERS for p in (ROOT / folder).rglob("*.py"))
    assert len(files) > 30
    found = {}
    for path in files:
        namespace = vars(importlib.import_module(module_of(path)))
        if lines := writes_in(path.read_text(), namespace):
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


WRITES = """
def view(request, code: str, player: Player | None):
    Player.objects.filter(user=request.user).update(language=code)   # 3
    kept = PushSubscription.objects.filter(player=player)
    kept.delete()                                                     # 5
    room = get_object_or_404(Room, code=code)
    room.members.filter(seat=0).delete()                          # 7
    room.host.save()                                                  # 8
    player.save(update_fields=["language"])                           # 9
    form = Form(request.POST)
    form.save()                                                       # 11
    Room.objects.get(code=code).delete()                              # 12
    Room(code=code).save()                                            # 13
"""

READS = """
def view(request, code: str, player: Player | None, image: Image):
    context = {}
    context.update(form=code)
    seen = set()
    seen.add(code)
    image.save(out, format="PNG")
    super().save()
    room = Room.objects.get(code=code)
    room.options.update(seats=2)
    Room.objects.filter(code=code).exists()
    room.members.filter(seat=0).count()
    form = ResetForm(request.POST)
    form.save()
"""


def test_the_check_sees_each_kind_of_write_and_nothing_else() -> None:
    from django import forms
    from django.contrib.auth.forms import PasswordResetForm

    from accounts.models import Player
    from notices.models import PushSubscription
    from rooms.models import Room

    if TYPE_CHECKING:
        RoomForm = forms.ModelForm[Room]
    else:  # Django's ModelForm takes no type argument at run time
        RoomForm = forms.ModelForm

    class Form(RoomForm):
        class Meta:
            model = Room
            fields = ("code",)

    namespace = {
        "Player": Player,
        "PushSubscription": PushSubscription,
        "Room": Room,
        "Form": Form,
        "ResetForm": PasswordResetForm,
        "Image": object,
    }
    assert writes_in(WRITES, namespace) == [3, 5, 7, 8, 9, 11, 12, 13]
    assert writes_in(READS, namespace) == []
