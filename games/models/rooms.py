"""Players, rooms and who sits where."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from games.models.tracking import TracksChanges


def ban_in_force(banned_at: datetime | None, banned_until: datetime | None,
                 moment: datetime) -> bool:
    """Whether a ban set at ``banned_at`` (``None``: none) and ending at ``banned_until``
    (``None``: never) holds at ``moment``: the rule ``banned_now`` says in SQL."""
    return banned_at is not None and (banned_until is None or banned_until > moment)


def banned_now() -> models.Q:
    """The players whose ban is in force now (set, and not ended)."""
    return models.Q(banned_at__isnull=False) & (
        models.Q(banned_until__isnull=True) | models.Q(banned_until__gt=timezone.now()))


class Player(models.Model):
    """Someone at a table: a visitor bound to a browser session, or a bot."""

    name = models.CharField(max_length=96)  # up to 24 characters as people count them
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="player",
    )
    bot_level = models.CharField(max_length=16, blank=True, help_text="Empty for people.")
    created_at = models.DateTimeField(auto_now_add=True)
    banned_at = models.DateTimeField(null=True, blank=True)
    ban_reason = models.CharField(max_length=200, blank=True)
    banned_until = models.DateTimeField(
        null=True, blank=True, help_text="When the ban ends; empty means never.")
    language = models.CharField(
        max_length=8, blank=True,
        help_text="The language an account's pages use (a code of LANGUAGES); empty: "
                  "the browser's.")

    class Meta:
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return f"{self.name} (bot)" if self.is_bot else self.name

    @property
    def is_bot(self) -> bool:
        """Bots are players too; they play through the same services."""
        return bool(self.bot_level)

    @property
    def is_banned(self) -> bool:
        """A banned player cannot create or join rooms, or chat (until ``banned_until``,
        when it is set)."""
        return ban_in_force(self.banned_at, self.banned_until, timezone.now())


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
        max_length=4, choices=Pace.choices, default=Pace.LIVE,
        help_text="Live: everyone at the table, turns in seconds. By the day: each turn has "
                  "hours or days, and players come when they like.")
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="Turn time limit: 15-300 s live (empty: no limit), 1 hour to 7 days by the "
                  "day.")
    holidays = models.BooleanField(
        default=True, help_text="By the day: players may pause their own clock for a holiday "
                                "(up to 7 days a game).")
    together = models.BooleanField(
        default=False, help_text="Everyone's turn at once: in each round every seat plays its "
                                 "own turn, in any order; the round closes when all have "
                                 "scored. Off: one seat after another.")
    duplicate = models.BooleanField(
        default=False, help_text="Duplicate dice: every seat rolls the same dice (each die "
                                 "slot of each roll of each round from the game's secret "
                                 "seed); played with everyone's turn at once.")
    coach_enabled = models.BooleanField(
        default=True, help_text="Whether players may ask the coach for hints (off: competitive)."
    )
    daily = models.BooleanField(
        default=False, help_text="A daily challenge's solo table: one game on the day's dice, "
                                 "coach off; nobody joins, and no rematch.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(default=0, help_text="Bumped by every change.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_activity_at = models.DateTimeField(help_text="The last change in the room, to the minute.")
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "last_activity_at"])]

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
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="members",
                             db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.ACTIVE)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    sockets = models.PositiveSmallIntegerField(default=0, help_text="Open websockets now.")
    seen_at = models.DateTimeField(null=True, blank=True, help_text="Last sign of life.")
    muted = models.BooleanField(
        default=False, help_text="The host muted their chat and reactions in this room.")
    browser = models.CharField(
        max_length=64, blank=True,
        help_text="The browser it joined or last connected from (games/web/browsers.py; one "
                  "another member shares is kept); a kick refuses it too.")
    address = models.CharField(
        max_length=64, blank=True,
        help_text="A keyed hash of the address it joined or last connected from "
                  "(games.addresses; one another member shares is kept); empty when unknown.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "player"], name="one_membership_per_player"),
            models.UniqueConstraint(
                fields=["room", "seat"], condition=models.Q(state="active", seat__isnull=False),
                name="one_player_per_seat",
            ),
        ]
        indexes = [
            # Who has a socket open now, over every room: what the clock's look for hosts
            # who are gone starts from (games.services.absence), whatever the number of
            # rooms. Not on ``seen_at``: a heartbeat rewrites it, and should write no index.
            models.Index(fields=["room"], condition=models.Q(sockets__gt=0),
                         name="membership_online"),
        ]

    def __str__(self) -> str:
        where = f"seat {self.seat + 1}" if self.seat is not None else "spectator"
        return f"{self.player} in {self.room} ({where}, {self.state})"

    @property
    def last_seen(self) -> datetime:
        """When the member last showed a sign of life: ``seen_at``, or, never seen since
        joining (their page has not connected yet), when they joined."""
        return self.seen_at or self.joined_at
