"""Persistence for rooms, players, games, turns, scorecards, chat and moderation.

Models hold data only; every change goes through ``games.services``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone


def _stored(field: models.Field[Any, Any], value: Any) -> Any:
    """What ``TracksChanges`` compares of a value: JSON as its text, others as they are."""
    if isinstance(field, models.JSONField) and value is not None:
        return json.dumps(value, cls=field.encoder)
    return value


class TracksChanges(models.Model):
    """A model whose instances remember the values they were loaded (or last saved)
    with, so a service writes only the fields it changed (``changed_fields``), as the
    "Customizing model loading" example of Django's model reference does."""

    class Meta:
        abstract = True

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> Any:
        """Django's ``from_db``, remembering the loaded values."""
        instance = super().from_db(db, field_names, values)
        instance.remember_values()
        return instance

    def remember_values(self, names: Iterable[str] | None = None) -> None:
        """Take the current values of the fields ``names`` (all loaded fields: ``None``)
        as the ones stored (JSON values as their text: they may change in place)."""
        if names is None or not hasattr(self, "loaded_values"):
            deferred = self.get_deferred_fields()
            fields = [f for f in self._meta.concrete_fields
                      if f.attname not in deferred and not f.primary_key]
            self.loaded_values: dict[str, Any] = {}
        else:
            fields = [self._meta.get_field(name) for name in names]
        for f in fields:
            self.loaded_values[f.attname] = _stored(f, getattr(self, f.attname))

    def changed_fields(self) -> list[str]:
        """The fields (but the key) whose value differs from the one stored; every loaded
        field of an instance that was not loaded from the database."""
        loaded = getattr(self, "loaded_values", None)
        deferred = self.get_deferred_fields()
        return [f.name for f in self._meta.concrete_fields
                if not f.primary_key and f.attname not in deferred
                and (loaded is None or f.attname not in loaded
                     or loaded[f.attname] != _stored(f, getattr(self, f.attname)))]


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
        if self.banned_at is None:
            return False
        return self.banned_until is None or self.banned_until > timezone.now()


class Room(TracksChanges):
    """A private table, reached only through its unguessable code."""

    class Status(models.TextChoices):
        OPEN = "open", "open"
        CLOSED = "closed", "closed"

    code = models.CharField(max_length=16, unique=True)
    host = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hosted_rooms")
    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField()
    turn_seconds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Turn time limit; empty means no limit."
    )
    coach_enabled = models.BooleanField(
        default=True, help_text="Whether players may ask the coach for hints (off: competitive)."
    )
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


class Membership(TracksChanges):
    """A player's place in a room: a seat (``seat`` set) or a spectator's chair."""

    class State(models.TextChoices):
        ACTIVE = "active", "active"
        LEFT = "left", "left"
        KICKED = "kicked", "kicked"

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
        help_text="The browser it joined from (games/web/browsers.py); a kick refuses it too.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "player"], name="one_membership_per_player"),
            models.UniqueConstraint(
                fields=["room", "seat"], condition=models.Q(state="active", seat__isnull=False),
                name="one_player_per_seat",
            ),
        ]

    def __str__(self) -> str:
        where = f"seat {self.seat + 1}" if self.seat is not None else "spectator"
        return f"{self.player} in {self.room} ({where}, {self.state})"


class Game(TracksChanges):
    """One play of a room, from start to final ranking."""

    class Status(models.TextChoices):
        PLAYING = "playing", "playing"
        FINISHED = "finished", "finished"
        ENDED = "ended", "ended by a moderator or the room closing"

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="games",
                             db_index=False)  # see Membership.room
    number = models.PositiveSmallIntegerField(help_text="1 for the first game, then rematches.")
    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    version = models.PositiveIntegerField(default=0)
    current_seat = models.PositiveSmallIntegerField(default=0)
    turn_count = models.PositiveIntegerField(default=0, help_text="Turns started so far.")
    turn_deadline = models.DateTimeField(null=True, blank=True)
    bot_due_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    ended_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="game_number_per_room"),
        ]
        indexes = [
            models.Index(fields=["status", "turn_deadline"]),
            models.Index(fields=["status", "bot_due_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} #{self.number}"


class Scorecard(TracksChanges):
    """One seat of a game: who sits there and their sheet (``scoring`` JSON)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="scorecards",
                             db_index=False)  # see Membership.room
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="scorecards")
    data = models.JSONField()
    total = models.IntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_card_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat + 1}: {self.player}"


class Turn(TracksChanges):
    """One turn of the move log: every roll with every die drawn, and the placement."""

    class Finish(models.TextChoices):
        PLAYED = "played", "played"
        TIMEOUT = "timeout", "time limit passed"
        SKIPPED = "skipped", "skipped by the host"
        ENDED = "ended", "game ended"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns",
                             db_index=False)  # see Membership.room
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="turns")
    state = models.JSONField(help_text="The scoring Turn as JSON.")
    rolls = models.JSONField(default=list, help_text="Every roll: held positions and dice.")
    holding = models.JSONField(
        default=list, help_text="The dice positions (0-4) the player has marked to keep for "
                                "the next roll, as they mark them.")
    box = models.CharField(max_length=32, blank=True)
    column = models.CharField(max_length=16, blank=True)
    points = models.IntegerField(null=True, blank=True)
    bonus = models.IntegerField(default=0)
    finish = models.CharField(max_length=8, choices=Finish.choices, blank=True)
    announced_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+",
                                     help_text="Who announced (Yam's); empty when the clock did.")
    placed_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+",
                                  help_text="Who filled the box: a bot when it took over.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game} turn {self.number}"


class GameReview(models.Model):
    """The coach's look back at one player's decisions in a finished game (built once)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews",
                             db_index=False)  # see Membership.room
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reviews")
    data = models.JSONField(help_text="Totals and every decision (games.services.reviews).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="one_review_per_player"),
        ]

    def __str__(self) -> str:
        return f"review of {self.player} in {self.game}"


class ChatMessage(models.Model):
    """A line of the room's chat; a moderator may remove it (kept for the record)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="chat")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.player}: {self.text[:40]}"


class Event(models.Model):
    """What happened at version ``seq`` of a room (and of its game, if any)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="events",
                             db_index=False)  # see Membership.room
    seq = models.PositiveIntegerField()
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="events")
    game_version = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=32)
    actor = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["room", "seq"]
        constraints = [models.UniqueConstraint(fields=["room", "seq"], name="event_seq_per_room")]

    def __str__(self) -> str:
        return f"{self.room} #{self.seq} {self.kind}"


class ActionRequest(TracksChanges):
    """An accepted request, by the client's request id in a room: a repeat gets the same
    answer."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+",
                               db_index=False)  # see Membership.room
    request_id = models.CharField(max_length=64)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=32)
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "room", "request_id"],
                                    name="one_answer_per_request"),
        ]

    def __str__(self) -> str:
        return f"{self.player} request {self.request_id}"


class ModerationAction(models.Model):
    """A moderator's action: who, when, what, on what, and why."""

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                  related_name="+")
    action = models.CharField(max_length=32)
    reason = models.CharField(max_length=500)
    room = models.ForeignKey(Room, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="moderation")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="moderation")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="moderation")
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.action} by {self.moderator} at {self.created_at:%Y-%m-%d %H:%M}"
