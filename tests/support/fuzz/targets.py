"""What the fuzzer knows of the rooms it attacks: Mal's own rooms (``Target``), with
what a message could validly do there, and the victims' (``Strangers``)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

REACTIONS = (
    "\U0001f44d",
    "\U0001f44f",
    "\U0001f602",
    "\U0001f62e",
    "\U0001f62c",
    "\U0001f389",
)  # the six a ``react`` may send (docs/protocol.md)
REPORT_REASONS = ("abuse", "spam", "cheating", "other")


def clean_chat(text: str) -> str:
    """A chat line as the room would keep it (docs: control characters other than line
    breaks dropped, then trimmed)."""
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) != "Cc").strip()


@dataclass(frozen=True)
class Target:
    """One of Mal's rooms as the fuzzer sees it."""

    name: str
    code: str
    my_turn: bool  # Mal's turn, dice rolled (room S), or someone else's (room A)
    boxes: tuple[str, ...]
    columns: tuple[str, ...]

    def may_change(self, msg: dict[str, Any]) -> bool:
        """Whether ``msg`` could be a valid action here (the fuzzer never sends one):
        leaving, a chat line, and on Mal's own turn a hint, a roll with a good hold, a
        good placement or handing Mal's own seat to a bot."""
        kind = msg.get("type")
        if kind == "leave":
            return True
        if kind == "chat":
            text = msg.get("text")
            return isinstance(text, str) and 1 <= len(clean_chat(text)) <= 500
        if kind == "react":
            return msg.get("emoji") in REACTIONS
        if kind == "report":  # a report of someone in the room would be taken
            return msg.get("reason") in REPORT_REASONS
        if not self.my_turn:
            return False
        if kind == "hint":
            return True
        if kind == "roll":
            hold = msg.get("hold", [])
            return (
                isinstance(hold, list)
                and len(hold) < 5
                and all(type(p) is int and 0 <= p <= 4 for p in hold)
                and len(set(hold)) == len(hold)
            )
        if kind == "hold":  # marking all five is allowed (rolling them is not)
            hold = msg.get("hold")
            return (
                isinstance(hold, list)
                and len(hold) <= 5
                and all(type(p) is int and 0 <= p <= 4 for p in hold)
                and len(set(hold)) == len(hold)
            )
        if kind == "place":
            column = msg.get("column")
            return msg.get("box") in self.boxes and (column is None or column in self.columns)
        if kind == "hand_to_bot":
            return type(msg.get("seat")) is int and msg.get("seat") == 0
        return False


@dataclass(frozen=True)
class Strangers:
    """What the attacker knows of others: the victims' room and everyone's player ids."""

    code: str
    players: tuple[int, ...]
