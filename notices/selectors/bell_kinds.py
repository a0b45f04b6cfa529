"""The kinds of items a player's bell holds, one entry each: how an item of the kind
reads (from its data, in the active language), its icon, the name of its on/off choice
on the notifications page, and how news of it merges into an unread item of the same
key. A new kind is a new entry of ``KINDS`` (docs/notices.md, "The bell")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from scoring import rulesets

Data = Mapping[str, Any]


@dataclass(frozen=True)
class Kind:
    """One kind of bell item."""

    name: str
    label: Promise  # its checkbox on the notifications page
    icon: str  # shown beside the text, hidden from screen readers
    text: Callable[[Data], str]  # the headline
    detail: Callable[[Data], str]  # a second line ("" for none)
    # New data given an unread item's old data (same key); None: a new item each time.
    merge: Callable[[Data, Data], dict[str, Any]] | None = None


def place(rank: int) -> str:
    """A finishing place in words ("1st" ... "8th"; a room has at most 8 seats)."""
    places = {
        1: pgettext("place", "1st"),
        2: pgettext("place", "2nd"),
        3: pgettext("place", "3rd"),
        4: pgettext("place", "4th"),
        5: pgettext("place", "5th"),
        6: pgettext("place", "6th"),
        7: pgettext("place", "7th"),
        8: pgettext("place", "8th"),
    }
    return places.get(rank, str(rank))


def _result(data: Data) -> str:
    return gettext("Game over in room %(room)s: you placed %(place)s with %(total)s") % {
        "room": data["room"],
        "place": place(int(data["rank"])),
        "total": data["total"],
    }


def _result_detail(data: Data) -> str:
    seats = int(data["seats"])
    return ngettext("%(n)s seat at the table", "%(n)s seats at the table", seats) % {"n": seats}


def _chat(data: Data) -> str:
    count = int(data["count"])
    return ngettext(
        "%(n)s new message in room %(room)s", "%(n)s new messages in room %(room)s", count
    ) % {"n": count, "room": data["room"]}


def _chat_detail(data: Data) -> str:
    return f"{data['author']}: {data['text']}"


def _chat_merge(old: Data, new: Data) -> dict[str, Any]:
    return {**new, "count": int(old.get("count", 0)) + int(new["count"])}


def _friend_request(data: Data) -> str:
    return gettext("%(name)s asks to be your friend") % {"name": data["name"]}


def _group_added(data: Data) -> str:
    return gettext("%(name)s added you to the group %(group)s") % {
        "name": data["name"],
        "group": data["group"],
    }


def _friend_accepted(data: Data) -> str:
    return gettext("%(name)s and you are now friends") % {"name": data["name"]}


def _no_detail(data: Data) -> str:
    return ""


def _invite(data: Data) -> str:
    words = {"name": data["name"], "room": data["room"]}
    if data.get("expired"):
        return gettext("%(name)s's invite to room %(room)s expired") % words
    return gettext("%(name)s invites you to room %(room)s") % words


def pace_words(pace: str) -> str:
    """A room's pace (``Room.Pace``) in words, in the active language."""
    return pgettext("room pace", "by the day") if pace == "day" else pgettext("room pace", "live")


def _invite_detail(data: Data) -> str:
    return f"{rulesets.get(str(data['variant'])).title} · {pace_words(str(data['pace']))}"


GAME_RESULT = Kind(
    name="game_result",
    label=gettext_lazy("A game's end, with your place and score"),
    icon="🏁",
    text=_result,
    detail=_result_detail,
)
ROOM_CHAT = Kind(
    name="room_chat",
    label=gettext_lazy("New chat in your rooms by the day"),
    icon="💬",
    text=_chat,
    detail=_chat_detail,
    merge=_chat_merge,
)
FRIEND_REQUEST = Kind(
    name="friend_request",
    label=gettext_lazy("Friend requests"),
    icon="👋",
    text=_friend_request,
    detail=_no_detail,
)
FRIEND_ACCEPTED = Kind(
    name="friend_accepted",
    label=gettext_lazy("A friend request of yours accepted"),
    icon="🤝",
    text=_friend_accepted,
    detail=_no_detail,
)
GROUP_ADDED = Kind(
    name="group_added",
    label=gettext_lazy("Added to a group"),
    icon="👥",
    text=_group_added,
    detail=_no_detail,
)
INVITE = Kind(
    name="invite",
    label=gettext_lazy("Invites to a room"),
    icon="✉️",
    text=_invite,
    detail=_invite_detail,
)
OPPONENT_FOUND = Kind(
    name="opponent_found",
    label=gettext_lazy("An opponent found for a game by the day"),
    icon="🎲",
    text=lambda data: (
        gettext("An opponent is found: your game by the day is in room %(room)s")
        % {"room": data["room"]}
    ),
    detail=_no_detail,
)
KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        GAME_RESULT,
        ROOM_CHAT,
        FRIEND_REQUEST,
        FRIEND_ACCEPTED,
        GROUP_ADDED,
        INVITE,
        OPPONENT_FOUND,
    )
}
