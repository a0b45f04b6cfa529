"""The current time, read in one place so that tests and services agree."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    """The current time (one place, so tests and services agree)."""
    return timezone.now()
