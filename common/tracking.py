"""Models that remember their loaded values, so a service writes only what it changed."""

from __future__ import annotations

import copy
from typing import Any

from django.db import models


class TracksChanges(models.Model):
    """A model whose instances remember the values they were loaded (or last saved)
    with, as the "Customizing model loading" example of Django's model reference does,
    so that ``save_changes`` writes only the fields a service changed."""

    loaded_values: dict[str, Any]  # by field attname, set by ``from_db``

    class Meta:
        abstract = True

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> Any:
        """Django's ``from_db``, remembering the loaded values."""
        instance = super().from_db(db, field_names, values)
        instance.loaded_values = {}
        instance.remember(dict(zip(field_names, values, strict=True)))
        return instance

    def remember(self, values: dict[str, Any]) -> None:
        """Take ``values`` (by field attname) as the stored ones (copies of JSON values:
        a service may change them in place)."""
        self.loaded_values.update(
            (name, copy.deepcopy(value) if isinstance(value, (dict, list)) else value)
            for name, value in values.items()
        )

    def written(self, *names: str) -> None:
        """Take the current values of the fields ``names`` as stored (another statement
        wrote them); nothing for an instance not loaded from the database."""
        if hasattr(self, "loaded_values"):
            self.remember({name: getattr(self, name) for name in names})

    def changed_fields(self) -> list[str]:
        """The attnames of the loaded fields whose value differs from the stored one."""
        loaded: dict[str, Any] = getattr(self, "loaded_values", {})
        return [name for name, value in loaded.items() if getattr(self, name) != value]

    def save_changes(self) -> None:
        """Write the fields that changed since the instance was loaded or last written
        (``save(update_fields=...)``; nothing when none did); an instance not loaded
        from the database is saved whole."""
        if not hasattr(self, "loaded_values"):
            self.save()
            return
        changed = self.changed_fields()
        if changed:
            self.save(update_fields=changed)
            self.remember({name: getattr(self, name) for name in changed})
