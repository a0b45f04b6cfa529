"""Rooms, who sits where, and their chat."""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from common.tracking import TracksChanges


class Room(TracksChanges):
    """A private table, reached only through its unguessable code."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("room status", "open")
        CLOSED = "closed", pgettext_lazy("room status", "closed")

    class Pace(models.TextChoices):
        LIVE = "live", pgettext_lazy("room pace", "live")
        DAY = "day", pgettext_lazy("room pace", "by the day")

    code = models.CharField(max_length=16, unique=True)
    host = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hosted_rooms")
    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField()
    pace = models.CharField(
        max_length=4,
        choices=Pace.choices,
        default=Pace.LIVE,
        help_text="Live: everyone at the table, turns in seconds. By the day: each turn has "
        "hours or days, and players come when they like.",
    )
    turn_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Turn time limit: 15-300 s live (empty: no limit), 1 hour to 7 days by the day.",
    )
    holidays = models.BooleanField(
        default=True,
        help_text="By the day: players may pause their own clock for a holiday "
        "(up to 7 days a game).",
    )
    together = models.BooleanField(
        default=False,
        help_text="Everyone's turn at once: in each round every seat plays its "
        "own turn, in any order; the round closes when all have "
        "scored. Off: one seat after another.",
    )
    duplicate = models.BooleanField(
        default=False,
        help_text="Duplicate dice: every seat rolls the same dice (each die "
        "slot of each roll of each round from the game's secret "
        "seed); played with everyone's turn at once.",
    )
    coach_enabled = models.BooleanField(
        default=True, help_text="Whether players may ask the coach for hints (off: competitive)."
    )
    daily = models.BooleanField(
        default=False,
        help_text="A daily challenge's solo table: one game on the day's dice, "
        "coach off; nobody joins, and no rematch.",
    )
    rated = models.BooleanField(
        default=False,
        help_text="Rated: its games of two or more accounts and no bot change their ratings "
        "(chosen before the first game; never a daily challenge's table).",
    )
    public = models.BooleanField(
        default=False,
        help_text="Open to anyone: listed among the open tables while it waits for players "
        "(never a daily challenge's table; docs/open-tables.md).",
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(default=0, help_text="Bumped by every change.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_activity_at = models.DateTimeField(help_text="The last change in the room, to the minute.")
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "games_room"  # kept from the app it left (docs/decisions/0060)
        indexes = [
            models.Index(fields=["status", "last_activity_at"]),
            # The open tables' list (lobby): only the public rooms (a condition without a
            # parameter, which SQLite can match against the list's query).
            models.Index(
                fields=["status", "ruleset", "pace"],
                condition=models.Q(public=True),
                name="room_open_table",
            ),
        ]

    def __str__(self) -> str:
        return self.code


class Membership(models.Model):
    """A player's place in a room: a seat (``seat`` set) or a spectator's chair."""

    class State(models.TextChoices):
        ACTIVE = "active", pgettext_lazy("membership state", "active")
        LEFT = "left", pgettext_lazy("membership state", "left")
        KICKED = "kicked", pgettext_lazy("membership state", "kicked")

    # db_index=False: a unique constraint below starts with this column and serves as its
    # index (so does each such key below); a second index only costs every write.
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="members", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.ACTIVE)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    sockets = models.PositiveSmallIntegerField(default=0, help_text="Open websockets now.")
    seen_at = models.DateTimeField(null=True, blank=True, help_text="Last sign of life.")
    muted = models.BooleanField(
        default=False, help_text="The host muted their chat and reactions in this room."
    )
    stranger_chat = models.BooleanField(
        default=False,
        help_text="At an open table: they chat with strangers (lines pass only between two "
        "members who both turned it on).",
    )
    browser = models.CharField(
        max_length=64,
        blank=True,
        help_text="The browser it joined or last connected from (common/browsers.py; one "
        "another member shares is kept); a kick refuses it too.",
    )
    address = models.CharField(
        max_length=64,
        blank=True,
        help_text="A keyed hash of the address it joined or last connected from "
        "(accounts.addresses; one another member shares is kept); empty when unknown.",
    )

    class Meta:
        db_table = "games_membership"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(fields=["room", "player"], name="one_membership_per_player"),
            models.UniqueConstraint(
                fields=["room", "seat"],
                condition=models.Q(state="active", seat__isnull=False),
                name="one_player_per_seat",
            ),
        ]
        indexes = [
            # Who has a socket open now, over every room: what the clock's look for hosts
            # who are gone starts from (rooms.services.absence), whatever the number of
            # rooms. Not on ``seen_at``: a heartbeat rewrites it, and should write no index.
            models.Index(
                fields=["room"], condition=models.Q(sockets__gt=0), name="membership_online"
            ),
        ]

    def __str__(self) -> str:
        where = f"seat {self.seat + 1}" if self.seat is not None else "spectator"
        return f"{self.player} in {self.room} ({where}, {self.state})"

    @property
    def last_seen(self) -> datetime:
        """When the member last showed a sign of life: ``seen_at``, or, never seen since
        joining (their page has not connected yet), when they joined."""
        return self.seen_at or self.joined_at


class ChatMessage(models.Model):
    """A line of the room's chat; a moderator may remove it (kept for the record)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="chat")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_chatmessage"  # kept from the app it left (docs/decisions/0060)
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.player}: {self.text[:40]}"


class Invite(models.Model):
    """An invite of ``receiver`` to a seat in ``room`` by ``sender`` (``rooms.services.
    invites``): pending until taken, declined or expired (the seats filled, the game
    started or the room closed: ``why``)."""

    class State(models.TextChoices):
        PENDING = "pending", pgettext_lazy("invite state", "pending")
        TAKEN = "taken", pgettext_lazy("invite state", "taken")
        DECLINED = "declined", pgettext_lazy("invite state", "declined")
        EXPIRED = "expired", pgettext_lazy("invite state", "expired")

    class Why(models.TextChoices):
        FULL = "full", pgettext_lazy("invite expired", "the seats filled")
        STARTED = "started", pgettext_lazy("invite expired", "the game started")
        CLOSED = "closed", pgettext_lazy("invite expired", "the room closed")

    # db_index=False: the unique constraint below starts with the room.
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="invites", db_index=False)
    sender = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="invites_sent")
    receiver = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="invites_received")
    created_at = models.DateTimeField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    why = models.CharField(
        max_length=8, choices=Why.choices, blank=True, help_text="Why it expired."
    )
    rematch = models.BooleanField(default=False, help_text="Sent by a rematch.")
    ended_at = models.DateTimeField(null=True, blank=True, help_text="Taken, declined or expired.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room", "receiver"],
                condition=models.Q(state="pending"),
                name="one_pending_invite_per_room_and_receiver",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sender} invites {self.receiver} to {self.room} ({self.state})"


class MemberMute(models.Model):
    """``muter`` muted ``muted`` in ``room``: the chat lines and reactions of the muted
    person no longer reach the muter there, until unmuted; the muted person is not told
    (``rooms.services.mutes``)."""

    # db_index=False: the unique constraint below starts with the room.
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="mutes", db_index=False)
    muter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="mutes_made")
    muted = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="mutes_received")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "muter", "muted"], name="one_mute_per_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.muter} muted {self.muted} in {self.room}"
