"""Where the server's dice come from: ``secrets.SystemRandom``, never the client."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from scoring.dice import from_rng

_SYSTEM = from_rng(secrets.SystemRandom())


def draw(count: int) -> Sequence[int]:
    """Draw ``count`` dice with the operating system's random source."""
    return _SYSTEM(count)
