"""Where a module writes rows itself, and whose: read from its syntax tree.

A ``Reader`` follows, inside each function, what an expression is: a model class (a
name the module binds to one), its manager or a queryset of it, a model instance (made
by the class, fetched by a manager, an argument annotated with the class, a relation of
another instance, what a typed function or method returns, a loop's row), rows of a
model (a list a typed function returns), a plain typed object whose fields may hold
rows, or a model form. Only a write method called on one of those counts (``save``,
``delete``, ``update``, ``create``, ``add`` on a relation...), so ``dict.update``,
``set.add``, a picture's ``save`` or a ``super().save()`` never do. Every function of
the site is typed (mypy strict), so a return annotation says what a call gives.

Plain SQL is read apart: a string literal that updates, inserts into or deletes from a
model's table writes that model's rows.
"""

from __future__ import annotations

import ast
import collections.abc
import functools
import inspect
import re
import typing
from typing import Any

from django.apps import apps
from django.db import models
from django.forms import BaseModelForm

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
INSTANCE_WRITES = {"save", "delete", "save_changes"}  # the last: common.tracking
WRITES = {"manager": RELATION_WRITES, "instance": INSTANCE_WRITES, "form": {"save"}}
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
# Generic types whose items a loop takes one by one.
COLLECTIONS = {
    list,
    tuple,
    set,
    frozenset,
    collections.abc.Iterable,
    collections.abc.Iterator,
    collections.abc.Sequence,
    collections.abc.Collection,
}
# Builtins that give the rows they are handed (``next``: the first).
ITEMS = {"list", "tuple", "sorted", "reversed", "set", "iter", "next"}
SQL_WRITE = re.compile(r"\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+\"?(\w+)", re.IGNORECASE)

# What an expression is: ("class" | "manager" | "instance" | "rows" | "object" | "form",
# the model, form or plain class); ("tuple", the kinds of its items) for a fixed tuple.
Kind = tuple[str, Any]


def is_model(value: Any) -> bool:
    """Whether ``value`` is a concrete model class (an abstract one has no table)."""
    return (
        isinstance(value, type)
        and issubclass(value, models.Model)
        and hasattr(value, "_meta")
        and not value._meta.abstract
    )


def _model_form(value: Any) -> bool:
    return isinstance(value, type) and issubclass(value, BaseModelForm)


@functools.cache
def _models_by_name() -> dict[str, type[models.Model]]:
    """Every installed model by its class name, where the name is one model's only: how
    an annotation naming a model imported for type checking only is read."""
    named: dict[str, list[type[models.Model]]] = {}
    for model in apps.get_models():
        named.setdefault(model.__name__, []).append(model)
    return {name: found[0] for name, found in named.items() if len(found) == 1}


def hint_kind(hint: Any) -> Kind | None:
    """What a value of type ``hint`` is (``Game``, ``Game | None``, ``list[Game]``,
    ``QuerySet[Game]``, ``tuple[Room, Game]``, a dataclass), or None."""
    if is_model(hint):
        return ("instance", hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or (origin is not None and isinstance(hint, type(int | None))):
        return next((k for k in map(hint_kind, args) if k and k[0] != "tuple"), None)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return ("tuple", [hint_kind(a) for a in args])
    if isinstance(origin, type) and issubclass(origin, models.QuerySet | models.Manager):
        return ("manager", args[0]) if args and is_model(args[0]) else None
    if origin in COLLECTIONS and args and is_model(args[0]):
        return ("rows", args[0])
    if inspect.isclass(hint) and hint.__module__.split(".")[0] not in {"builtins", "typing"}:
        return ("object", hint)
    return None


def _hints(value: Any) -> dict[str, Any]:
    """The type hints of a function or class, models named for type checking only
    included; empty where they cannot be read."""
    try:
        return _cached_hints(value)
    except TypeError:  # not hashable
        return _read_hints(value)


@functools.cache
def _cached_hints(value: Any) -> dict[str, Any]:
    return _read_hints(value)


def _read_hints(value: Any) -> dict[str, Any]:
    try:
        value = inspect.unwrap(value)
        module = inspect.getmodule(value)
        names = {**_models_by_name(), **(vars(module) if module else {})}
        return typing.get_type_hints(value, localns=names)
    except (NameError, TypeError, AttributeError, SyntaxError):  # a hint that does not evaluate
        return {}


def returns(value: Any) -> Kind | None:
    """What calling ``value`` gives, from its return annotation."""
    if not callable(value) or inspect.isclass(value):
        return ("object", value) if inspect.isclass(value) and hint_kind(value) else None
    hint = _hints(value).get("return")
    if isinstance(hint, type) and issubclass(hint, models.QuerySet | models.Manager):
        # ``QuerySet[Game]`` is the bare class at run time: its text says the model.
        text = getattr(inspect.unwrap(value), "__annotations__", {}).get("return")
        module = inspect.getmodule(value)
        if isinstance(text, str) and module is not None:
            return Reader(vars(module)).annotation(ast.parse(text, mode="eval").body)
    return hint_kind(hint)


class Reader:
    """What the expressions of one function are, in the namespace of its module."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace
        self.local: dict[str, Kind | None] = {}

    def annotation(self, node: ast.expr | None) -> Kind | None:
        """What an annotated name is: ``Player`` or ``Player | None`` an instance,
        ``Sequence[Player]`` rows, ``QuerySet[Player]`` a queryset; a model imported for
        type checking only is known by its name."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return self.annotation(ast.parse(node.value, mode="eval").body)
        if isinstance(node, ast.BinOp):
            return self.annotation(node.left) or self.annotation(node.right)
        if isinstance(node, ast.Subscript):
            return self._generic(node)
        if isinstance(node, ast.Name) and node.id not in self.namespace:
            model = _models_by_name().get(node.id)
            return ("instance", model) if model is not None else None
        kind = self.kind(node) if node is not None else None
        return ("instance", kind[1]) if kind and kind[0] == "class" else None

    def _generic(self, node: ast.Subscript) -> Kind | None:
        container = self.value(node.value)
        first = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
        item = self.annotation(first)
        if item is None or item[0] != "instance" or container is type:
            return None
        if isinstance(container, type) and issubclass(container, models.QuerySet | models.Manager):
            return ("manager", item[1])
        return ("rows", item[1])  # a list, a sequence, an iterable of rows

    def value(self, node: ast.expr) -> Any:
        """The object a name or a dotted name outside the function stands for."""
        if isinstance(node, ast.Name) and node.id not in self.local:
            return self.namespace.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.value(node.value)
            return None if base is None else getattr(base, node.attr, None)
        return None

    def kind(self, node: ast.expr) -> Kind | None:
        """What ``node`` is, or None when it is no row, rows or model of any kind."""
        if isinstance(node, ast.Name):
            if node.id in self.local:
                return self.local[node.id]
            value = self.namespace.get(node.id)
            return ("class", value) if is_model(value) or _model_form(value) else None
        if isinstance(node, ast.Attribute):
            return self._attribute(self.kind(node.value), node.attr)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.NamedExpr | ast.Await):
            return self.kind(node.value)
        if isinstance(node, ast.IfExp):  # ``None if ... else row``
            return self.kind(node.body) or self.kind(node.orelse)
        if isinstance(node, ast.BoolOp):  # ``row or None``
            return next(filter(None, map(self.kind, node.values)), None)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr | ast.BitAnd):
            return self.kind(node.left) or self.kind(node.right)  # querysets joined
        if isinstance(node, ast.Subscript):
            return self._item(self.kind(node.value), node.slice)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            for generator in node.generators:
                self.each(generator.target, generator.iter)
            item = self.kind(node.elt)
            return ("rows", item[1]) if item and item[0] == "instance" else None
        return None

    def _item(self, base: Kind | None, index: ast.expr) -> Kind | None:
        """``rows[0]`` is a row, ``rows[:5]`` rows; ``pair[1]`` its item's kind."""
        if base is None:
            return None
        if base[0] == "tuple":
            items: list[Kind | None] = base[1]
            at = index.value if isinstance(index, ast.Constant) else None
            return items[at] if isinstance(at, int) and -len(items) <= at < len(items) else None
        if base[0] not in {"manager", "rows"}:
            return None
        return ("rows" if isinstance(index, ast.Slice) else "instance", base[1])

    def _attribute(self, base: Kind | None, name: str) -> Kind | None:
        if base is None:
            return None
        what, model = base
        if what == "object":
            return hint_kind(_hints(model).get(name))
        if not is_model(model):
            return None
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
            if called and called[0] == "class":
                return ("instance" if is_model(called[1]) else "form", called[1])
            if isinstance(node.func, ast.Name) and node.func.id in ITEMS and node.args:
                found = self.kind(node.args[0])  # ``list(queryset)``, ``next(rows, None)``
                if found is None or found[0] not in {"manager", "rows"}:
                    return None
                return ("instance" if node.func.id == "next" else "rows", found[1])
            return returns(self.value(node.func))
        base = self.kind(node.func.value)
        if base is None:  # a module's function, a class's method
            return returns(self.value(node.func))
        if base[0] == "manager":
            if node.func.attr in QUERYSETS:
                return base
            return ("instance", base[1]) if node.func.attr in ROWS else None
        if base[0] in {"instance", "object", "class"}:  # a method of the row or object
            return returns(getattr(base[1], node.func.attr, None))
        return None

    def bind(self, target: ast.expr, kind: Kind | None) -> None:
        """What a name (or a tuple of names) assigned ``kind`` now is."""
        if isinstance(target, ast.Name):
            self.local[target.id] = kind
        elif isinstance(target, ast.Tuple | ast.List):
            items = kind[1] if kind and kind[0] == "tuple" else []
            for n, element in enumerate(target.elts):
                self.bind(element, items[n] if n < len(items) else None)

    def each(self, target: ast.expr, iterable: ast.expr) -> None:
        """A loop's name: a row when it runs over a manager, a queryset or rows (also
        the second name of ``for n, row in enumerate(rows)``)."""
        if (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Name)
            and iterable.func.id == "enumerate"
            and iterable.args
            and isinstance(target, ast.Tuple)
            and len(target.elts) == 2
        ):
            self.bind(target.elts[0], None)
            self.each(target.elts[1], iterable.args[0])
            return
        kind = self.kind(iterable)
        many = kind is not None and kind[0] in {"manager", "rows"}
        self.bind(target, ("instance", kind[1]) if kind and many else None)

    def written(self, node: ast.Call) -> Any:
        """The model (or model form) whose rows ``node`` writes, or None."""
        if not isinstance(node.func, ast.Attribute):
            return None
        base = self.kind(node.func.value)
        if base is None or node.func.attr not in WRITES.get(base[0], set()):
            return None
        return base[1]

    def read(self, node: ast.AST) -> ast.Call | None:
        """Take in one statement or expression, in the order they run; a call that
        writes is returned."""
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.bind(target, self.kind(node.value))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            self.local[node.target.id] = self.annotation(node.annotation)
        elif isinstance(node, ast.NamedExpr):
            self.bind(node.target, self.kind(node.value))
        elif isinstance(node, ast.For | ast.AsyncFor):
            self.each(node.target, node.iter)
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            for generator in node.generators:  # bound before the item, written first
                self.each(generator.target, generator.iter)
        elif isinstance(node, ast.Call) and self.written(node) is not None:
            return node
        return None


def model_writes(source: str, namespace: dict[str, Any]) -> list[tuple[int, Any]]:
    """Each write in ``source`` (a module, read in ``namespace``): its line and the model
    (or model form) whose rows it writes, plain SQL's included."""
    found: set[tuple[int, Any]] = set()
    tree = ast.parse(source)
    for function in ast.walk(tree):
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
            if (call := reader.read(node)) is not None:
                found.add((call.lineno, reader.written(call)))
    return sorted(found | sql_writes(tree), key=lambda f: (f[0], f[1].__name__))


def sql_writes(tree: ast.AST) -> set[tuple[int, Any]]:
    """Each string literal of ``tree`` that updates, inserts into or deletes from a
    model's table: its line and the model."""
    tables = {m._meta.db_table: m for m in apps.get_models()}
    return {
        (node.lineno, tables[table])
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        for table in SQL_WRITE.findall(node.value)
        if table in tables
    }


def writes_in(source: str, namespace: dict[str, Any]) -> list[int]:
    """The lines of ``source`` (a module, read in ``namespace``) that write to the
    database themselves."""
    return sorted({line for line, _ in model_writes(source, namespace)})
