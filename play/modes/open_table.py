"""An open table: people join, the host configures and starts, games are rematched."""

from __future__ import annotations

from play.modes.base import Refusal, Table


class OpenTable(Table):
    """Refuses nothing of its own; its results count for nothing beyond the room."""

    name = "open"
    counts = None
    records_attempt = False
    has_challenge_page = False
    notices_results = True

    def refusal(self, action: str) -> Refusal | None:
        """None."""
        return None

    def coach_refusal(self) -> Refusal | None:
        """None: the room's setting says."""
        return None


OPEN_TABLE = OpenTable()
