"""A table of invited people: they join by its link, the host configures and starts,
games are rematched."""

from __future__ import annotations

from collections.abc import Collection, Mapping

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

    def publish_refusal(self, *, public: bool) -> Refusal | None:
        """None: any host may open the table to anyone."""
        return None

    def seat_from_bot(self) -> bool:
        """No: the host seated its bots; a newcomer watches."""
        return False

    def chat_hidden(
        self,
        blocked: Mapping[int, frozenset[int]],
        consenting: Collection[int],
        people: Collection[int],
    ) -> dict[int, frozenset[int]]:
        """Only the blocked: people invited chat freely."""
        return dict(blocked)


OPEN_TABLE = OpenTable()
