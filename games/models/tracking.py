"""Models that remember their loaded values, so a service writes only what it changed."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.db import models


def _stored(field: models.Field[Any, Any], value: Any) -> Any:
    """What ``TracksChanges`` compares of a value: JSON as its text, others as they are."""
    if isinstance(field, models.JSONField) and value is not None:
        return json.dumps(value, cls=field.encoder)
    return value


class TracksChanges(models.Model):
    """A model whose instances remember the values they were loaded (or last saved)
    with, so a service writes only the fields it changed (``changed_fields``), as the
    "Customizing model loading" example of Django's model reference does."""

    class Meta:
        abstract = True

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> Any:
        """Django's ``from_db``, remembering the loaded values."""
        instance = super().from_db(db, field_names, values)
        instance.remember_values()
        return instance

    def remember_values(self, names: Iterable[str] | None = None) -> None:
        """Take the current values of the fields ``names`` (all loaded fields: ``None``)
        as the ones stored (JSON values as their text: they may change in place)."""
        if names is None or not hasattr(self, "loaded_values"):
            deferred = self.get_deferred_fields()
            fields = [f for f in self._meta.concrete_fields
                      if f.attname not in deferred and not f.primary_key]
            self.loaded_values: dict[str, Any] = {}
        else:
            fields = [self._meta.get_field(name) for name in names]
        for f in fields:
            self.loaded_values[f.attname] = _stored(f, getattr(self, f.attname))

    def changed_fields(self) -> list[str]:
        """The fields (but the key) whose value differs from the one stored; every loaded
        field of an instance that was not loaded from the database."""
        loaded = getattr(self, "loaded_values", None)
        deferred = self.get_deferred_fields()
        return [f.name for f in self._meta.concrete_fields
                if not f.primary_key and f.attname not in deferred
                and (loaded is None or f.attname not in loaded
                     or loaded[f.attname] != _stored(f, getattr(self, f.attname)))]
