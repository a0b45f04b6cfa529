"""A room's state at one version, and what each viewer is sent of it.

A ``Snapshot`` (read by ``rooms.selectors.snapshots.read_snapshot``) holds what every
viewer of a room shares at one version. Each viewer's messages add their own parts:
``you``, ``game.options`` (only for the player whose turn it is), and what depends on
the moment rather than on the version: ``game.seconds_left`` and each member's
``presence`` and ``seen_seconds_ago``.

``message_for`` says what a viewer is sent: the whole ``state`` when they hold nothing
(a new socket, a ``sync``), else a ``patch`` from the version they hold (RFC 6902
operations, ``play.selectors.patches``) whose shared part is worked out once per
pair of versions, however many viewers receive it (docs/protocol.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypedDict, cast

from django.utils import timezone

from common.protocol.events import Event, ReactionEvent
from common.protocol.game import GameView, SeatView
from common.protocol.keys import PresenceName
from common.protocol.messages import Patch
from common.protocol.state import ChatLine, Member, State, You
from play.selectors.patches import Op, diff, diff_at
from play.selectors.shared_state import Document, OwnParts, Shared
from play.selectors.views import compact_json, presence_of
from scoring.scorecard import Scorecard as Sheet

# A snapshot's seat views and sheets, by scorecard row content.
Seats = dict[tuple[object, ...], tuple[SeatView, Sheet]]
# What the moment makes of each member: (player, presence), in members' order.
Presence = tuple[tuple[int, PresenceName], ...]
# Each member's presence and seconds since last seen, at a moment.
Seen = tuple[tuple[PresenceName, int | None], ...]
# ``rounds``: the game's turn order opens rounds of everyone's turns (``play.modes``).
HIDDEN_GAME_KEYS = ("deadline", "player", "seconds_left", "own", "own_seats", "rounds")
# The keys of the state that leave out what people a viewer blocked or muted wrote.
SCREENED_KEYS = ("event", "log", "chat", "reactions")
NOBODY: frozenset[int] = frozenset()


class Screened(TypedDict):
    """The keys of the state that leave out what people a viewer blocked or muted wrote."""

    event: Event | None
    log: list[Event]
    chat: list[ChatLine]
    reactions: list[ReactionEvent]


@dataclass(frozen=True)
class Held:
    """What a viewer's socket was last sent: the snapshot and the presence it showed."""

    snapshot: Snapshot
    presence: Presence


@dataclass
class Snapshot:
    """A room's shared state at one version."""

    version: int
    built_at: float
    shared: Shared
    room_id: int
    seats: Seats  # the game's seat views, by scorecard row
    members_at: float  # when what it holds beyond its version (members, chat...) was read
    # For each member who does not see the chat of others of the room (they blocked or
    # muted them, or strangers at an open table), the ids of those others, read with the
    # members: whose chat lines that member is not sent.
    hidden: Mapping[int, frozenset[int]] = field(default_factory=dict)
    # For each member who muted others in the room, their ids: whose chat lines and
    # reactions that member is not sent (``rooms.services.mutes``).
    muted: Mapping[int, frozenset[int]] = field(default_factory=dict)
    _document: Document | None = field(default=None, init=False, repr=False)
    _ops: dict[int, list[Op]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._members = {m["player"]: m for m in self.shared["members"]}

    # -- the parts of a state ------------------------------------------------------

    def you_of(self, viewer: int) -> You | None:
        """The state's ``you`` for player ``viewer`` (``None``: not a member)."""
        mine = self._members.get(viewer)
        if mine is None:
            return None
        return {
            "player": viewer,
            "name": mine["name"],
            "seat": mine["seat"],
            "host": mine["host"],
            "muted": sorted(self.muted.get(viewer, NOBODY)),
        }

    def own_of(self, viewer: int) -> OwnParts:
        """The parts of the game that are ``viewer``'s own: the ``options`` of their turn
        (none when it is not theirs); everyone's turn at once, their open turn of the
        round (the game's ``NO_TURN`` when they have none); with duplicate dice, once
        they have scored in the open round, the seats with their own as it is now."""
        game = self.shared["game"]
        if game is None:
            return {}
        if not game["rounds"]:
            return {"options": game["options"] if game["player"] == viewer else {}}
        mine = game["own"].get(viewer)
        shown = mine or game
        own: OwnParts = {  # everyone's turn at once: the viewer's own open turn
            "current_seat": shown["current_seat"],
            "dice": shown["dice"],
            "held": shown["held"],
            "rolls_left": shown["rolls_left"],
            "announced": shown["announced"],
            "must_announce": shown["must_announce"],
            "options": shown["options"],
        }
        if viewer in game["own_seats"]:
            own["seats"] = game["own_seats"][viewer]
        return own

    def _seen(self, moment: datetime) -> Seen:
        """Each member's presence and seconds since last seen, at ``moment``."""
        return tuple(
            (
                presence_of(m["bot"], m["sockets"], m["seen_at"], moment),
                int((moment - m["seen_at"]).total_seconds()) if m["seen_at"] else None,
            )
            for m in self.shared["members"]
        )

    def _members_at(self, moment: datetime, seen: Seen | None = None) -> list[Member]:
        return [
            {  # the member as read, but what makes their presence
                "player": m["player"],
                "name": m["name"],
                "seat": m["seat"],
                "bot": m["bot"],
                "bot_level": m["bot_level"],
                "host": m["host"],
                "muted": m["muted"],
                "strangers_chat": m["strangers_chat"],
                "presence": presence,
                "seen_seconds_ago": ago,
            }
            for m, (presence, ago) in zip(
                self.shared["members"], seen or self._seen(moment), strict=True
            )
        ]

    def _seconds_left(self, moment: datetime, viewer: int) -> int | None:
        """Seconds until the deadline of the turn shown (everyone's turn at once: the
        viewer's own, or the round's last when they have none open)."""
        game = self.shared["game"]
        deadline = game["deadline"] if game is not None else None
        mine = game["own"].get(viewer) if game is not None else None
        if mine is not None:
            deadline = mine["deadline"]
        if deadline is None:
            return None
        return max(0, int((deadline - moment).total_seconds()))

    def document(self) -> Document:
        """The state every viewer shares at this version, without what depends on the
        moment: a patch turns one version's into the next (built once)."""
        if self._document is None:
            shared = self.shared
            game = None
            if shared["game"] is not None:
                game = {k: v for k, v in shared["game"].items() if k not in HIDDEN_GAME_KEYS}
                game["options"] = {}  # each viewer's own come on top
            self._document = {
                "event": shared["event"],
                "room": shared["room"],
                "members": [
                    {  # the member as read, but what makes their presence
                        "player": m["player"],
                        "name": m["name"],
                        "seat": m["seat"],
                        "bot": m["bot"],
                        "bot_level": m["bot_level"],
                        "host": m["host"],
                        "muted": m["muted"],
                        "strangers_chat": m["strangers_chat"],
                    }
                    for m in shared["members"]
                ],
                "game": game,
                "log": shared["log"],
                "chat": shared["chat"],
                "reactions": shared["reactions"],
            }
        return self._document

    def ops_since(self, held: Snapshot) -> list[Op]:
        """The operations that turn ``held``'s document into this one's (worked out once
        per version held)."""
        found = self._ops.get(held.version)
        if found is None:
            found = self._ops[held.version] = diff(held.document(), self.document())
        return found

    def screened(self, viewer: int) -> Screened:
        """The state's ``event``, ``log``, ``chat`` and ``reactions`` as ``viewer`` sees
        them: without the lines and chat events of the people whose chat they do not see,
        nor the reactions of those they muted."""
        hidden = self.hidden.get(viewer, NOBODY)
        muted = self.muted.get(viewer, NOBODY)
        shared = self.shared
        event = shared["event"]
        if event is not None and event["actor_id"] in (
            hidden if event["kind"] == "chat" else muted if event["kind"] == "react" else NOBODY
        ):
            event = None
        return {
            "event": event,
            "log": [e for e in shared["log"] if e["kind"] != "chat" or e["actor_id"] not in hidden],
            "chat": [line for line in shared["chat"] if line["player"] not in hidden],
            "reactions": [r for r in shared["reactions"] if r["actor_id"] not in muted],
        }

    def _screened_ops(self, viewer: int, before: Snapshot, ops: list[Op]) -> list[Op]:
        """``ops`` for a viewer who does not see someone's chat in the room (at either
        version): the shared operations on ``SCREENED_KEYS`` replaced by the viewer's own."""
        if viewer not in self.hidden and viewer not in before.hidden:
            return ops
        roots = tuple(f"/{key}" for key in SCREENED_KEYS)
        kept = [
            op
            for op in ops
            if not any(op["path"] == r or op["path"].startswith(r + "/") for r in roots)
        ]
        held, now = before.screened(viewer), self.screened(viewer)
        for key in SCREENED_KEYS:
            kept += diff_at(held[key], now[key], f"/{key}")  # type: ignore[literal-required]
        return kept

    # -- what a viewer is sent -----------------------------------------------------

    def state_for(self, viewer: int) -> State | None:
        """The whole table as player ``viewer`` sees it; ``None`` if not a member."""
        you = self.you_of(viewer)
        if you is None:
            return None
        moment = timezone.now()
        shared = self.shared
        game = None
        if shared["game"] is not None:
            shown = {k: v for k, v in shared["game"].items() if k not in HIDDEN_GAME_KEYS}
            shown["seconds_left"] = self._seconds_left(moment, viewer)
            shown.update(self.own_of(viewer))
            # The shared game less its hidden keys, with the viewer's own parts: a GameView.
            game = cast(GameView, shown)
        seen: Screened = (
            self.screened(viewer)
            if viewer in self.hidden
            else {
                "event": shared["event"],
                "log": shared["log"],
                "chat": shared["chat"],
                "reactions": shared["reactions"],
            }
        )
        return {  # the shared state's keys in order, then ``you``
            "type": shared["type"],
            "version": shared["version"],
            "event": seen["event"],
            "room": shared["room"],
            "members": self._members_at(moment),
            "game": game,
            "log": seen["log"],
            "chat": seen["chat"],
            "reactions": seen["reactions"],
            "you": you,
        }

    def text_for(self, viewer: int) -> str | None:
        """``state_for(viewer)`` as the JSON text sent on the socket."""
        state = self.state_for(viewer)
        return None if state is None else compact_json(state)

    def message_for(self, viewer: int, held: Held | None) -> tuple[str, Held] | None:
        """What viewer ``viewer``'s socket is sent of this version, as JSON text, and what
        it then holds: a ``patch`` from ``held`` (what it was last sent), or the whole
        ``state`` when it holds nothing of this room. ``None``: not a member."""
        if (
            held is None
            or held.snapshot.room_id != self.room_id
            or held.snapshot.version >= self.version
        ):
            text = self.text_for(viewer)
            if text is None:
                return None
            return text, Held(self, self._presence(timezone.now()))
        you = self.you_of(viewer)
        if you is None:
            return None
        before = held.snapshot
        ops = self._screened_ops(viewer, before, list(self.ops_since(before)))
        if before.you_of(viewer) != you:
            ops.append({"op": "replace", "path": "/you", "value": you})
        if self.shared["game"] is not None:
            ops += self._own_ops(viewer, before, ops)
        moment = timezone.now()
        message: Patch = {
            "type": "patch",
            "version": self.version,
            "base": before.version,
            "ops": ops,
        }
        seconds_left = self._seconds_left(moment, viewer)
        if seconds_left is not None:  # a turn clock runs
            message["seconds_left"] = seconds_left
        seen = self._seen(moment)
        presence = self._presence(moment, seen)
        if presence != held.presence:  # the members' presence, when it changed
            message["presence"] = [
                {"player": m["player"], "presence": shown, "seen_seconds_ago": ago}
                for m, (shown, ago) in zip(self.shared["members"], seen, strict=True)
            ]
        return compact_json(message), Held(self, presence)

    def _own_ops(self, viewer: int, before: Snapshot, ops: list[Op]) -> list[Op]:
        """The operations that turn the viewer's own parts of the game (``own_of``), as
        the shared ``ops`` leave them, into this version's."""
        game = self.document()["game"]
        if game is None:
            return []
        held_game = before.document()["game"]
        fresh_game = held_game is None or any(op["path"] == "/game" for op in ops)
        held_own: OwnParts = {} if fresh_game else before.own_of(viewer)
        own = self.own_of(viewer)
        found: list[Op] = []
        for key in [*own, *(key for key in held_own if key not in own)]:
            path = f"/game/{key}"
            if fresh_game or any(
                op["path"] == path or op["path"].startswith(path + "/") for op in ops
            ):
                held = game[key]  # the shared ops set what the viewer holds
            else:
                held = held_own.get(key, held_game[key] if held_game is not None else None)
            found += diff_at(held, own.get(key, game[key]), path)
        return found

    def _presence(self, moment: datetime, seen: Seen | None = None) -> Presence:
        return tuple(
            (m["player"], shown)
            for m, (shown, _ago) in zip(
                self.shared["members"], seen or self._seen(moment), strict=True
            )
        )
