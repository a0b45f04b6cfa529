"""A public table: listed among the open tables while it waits (``lobby``), so strangers
sit at it. Chat passes only between two members who both chose to chat with strangers
(quick phrases and reactions always pass); a newcomer takes a bot's seat before the
first game (docs/open-tables.md, decision 0074)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from django.utils.translation import gettext

from play.modes.base import Refusal
from play.modes.open_table import OpenTable


class PublicTable(OpenTable):
    """An open table anyone may join; strangers' chat off until both turn it on."""

    name = "public"

    def publish_refusal(self, *, public: bool) -> Refusal | None:
        """None to close it again; opening it twice is refused."""
        if public:
            return Refusal("already_public", gettext("this table is already open to anyone"))
        return None

    def seat_from_bot(self) -> bool:
        """Yes: bots keep seats for the people who come before the game starts."""
        return True

    def chat_hidden(
        self,
        blocked: Mapping[int, frozenset[int]],
        consenting: Collection[int],
        people: Collection[int],
    ) -> dict[int, frozenset[int]]:
        """The blocked, and for each person every other person unless both consent."""
        agreed = frozenset(consenting)
        hidden: dict[int, frozenset[int]] = {}
        for viewer in people:
            apart = {other for other in people if other != viewer}
            if viewer in agreed:
                apart -= agreed
            kept = apart | blocked.get(viewer, frozenset())
            if kept:
                hidden[viewer] = frozenset(kept)
        return hidden


PUBLIC_TABLE = PublicTable()
