"""Games, their seats' scorecards, the move log of turns, a room's numbered events,
and the answers kept for repeated requests."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy

from accounts.models import Player
from common.tracking import TracksChanges
from rooms.models import Room


class Game(TracksChanges):
    """One play of a room, from start to final ranking."""

    class Status(models.TextChoices):
        PLAYING = "playing", pgettext_lazy("game status", "playing")
        FINISHED = "finished", pgettext_lazy("game status", "finished")
        ENDED = "ended", pgettext_lazy("game status", "ended by a moderator or the room closing")

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="games", db_index=False
    )  # see Membership.room
    number = models.PositiveSmallIntegerField(help_text="1 for the first game, then rematches.")
    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    version = models.PositiveIntegerField(default=0)
    together = models.BooleanField(
        default=False,
        help_text="Everyone's turn at once (the room's setting when the game "
        "began): each round opens a turn for every seat.",
    )
    seed = models.CharField(
        max_length=64,
        blank=True,
        help_text="Duplicate dice (the room's setting when the game began): the secret, in "
        "hex, every seat's dice come from (scoring.duplicate); empty otherwise. "
        "Shown only once the game is over.",
    )
    par = models.JSONField(
        null=True,
        blank=True,
        help_text="Duplicate dice: the expert bot's game on the same dice, once worked out.",
    )
    current_seat = models.PositiveSmallIntegerField(
        default=0, help_text="Whose turn it is, one seat after another (unused when together)."
    )
    turn_count = models.PositiveIntegerField(default=0, help_text="Turns started so far.")
    turn_deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the open turn expires (together: the earliest "
        "of the open turns' deadlines).",
    )
    bot_due_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    ended_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "games_game"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="game_number_per_room"),
        ]
        indexes = [
            models.Index(fields=["status", "turn_deadline"]),
            models.Index(fields=["status", "bot_due_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.room.code} #{self.number}"

    @property
    def duplicate(self) -> bool:
        """Whether every seat rolls the same dice (the game has a seed)."""
        return bool(self.seed)


class Scorecard(models.Model):
    """One seat of a game: who sits there and their sheet (``scoring`` JSON)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="scorecards", db_index=False
    )  # see Membership.room
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="scorecards")
    data = models.JSONField()
    total = models.IntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    held_for = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The person a bot keeps this seat for: it took over after they missed "
        "three turns in a row, and gives it back when they return.",
    )
    first_player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who sat at this seat when the game began (a bot may play it since).",
    )
    holiday_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="By the day: the seat's clock is paused for a holiday until then.",
    )
    holiday_left = models.PositiveIntegerField(
        default=7 * 24 * 3600, help_text="Seconds of holiday the seat may still take in this game."
    )

    class Meta:
        db_table = "games_scorecard"  # kept from the app it left (docs/decisions/0060)
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_card_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat + 1}: {self.player}"


class Turn(models.Model):
    """One turn of the move log: every roll with every die drawn, and the placement."""

    class Finish(models.TextChoices):
        PLAYED = "played", pgettext_lazy("turn finish", "played")
        TIMEOUT = "timeout", pgettext_lazy("turn finish", "time limit passed")
        SKIPPED = "skipped", pgettext_lazy("turn finish", "skipped by the host")
        ENDED = "ended", pgettext_lazy("turn finish", "game ended")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="turns", db_index=False
    )  # see Membership.room
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="turns")
    state = models.JSONField(help_text="The scoring Turn as JSON.")
    rolls = models.JSONField(default=list, help_text="Every roll: held positions and dice.")
    holding = models.JSONField(
        default=list,
        help_text="The dice positions (0-4) the player has marked to keep for "
        "the next roll, as they mark them.",
    )
    box = models.CharField(max_length=32, blank=True)
    column = models.CharField(max_length=16, blank=True)
    points = models.IntegerField(null=True, blank=True)
    bonus = models.IntegerField(default=0)
    finish = models.CharField(max_length=8, choices=Finish.choices, blank=True)
    announced_by = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who announced (Yam's); empty when the clock did.",
    )
    placed_by = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Who filled the box: a bot when it took over.",
    )
    deadline = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Everyone's turn at once: when this seat's turn "
        "expires (one seat after another: the game's).",
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "games_turn"  # kept from the app it left (docs/decisions/0060)
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.game} turn {self.number}"


class Event(models.Model):
    """What happened at version ``seq`` of a room (and of its game, if any)."""

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="events", db_index=False
    )  # see Membership.room
    seq = models.PositiveIntegerField()
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    game_version = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=32)
    actor = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_event"  # kept from the app it left (docs/decisions/0060)
        ordering = ["room", "seq"]
        constraints = [models.UniqueConstraint(fields=["room", "seq"], name="event_seq_per_room")]

    def __str__(self) -> str:
        return f"{self.room} #{self.seq} {self.kind}"


class ActionRequest(models.Model):
    """An accepted request, by the client's request id in a room: a repeat gets the same
    answer."""

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", db_index=False
    )  # see Membership.room
    request_id = models.CharField(max_length=64)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=32)
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_actionrequest"  # kept from the app it left (docs/decisions/0060)
        constraints = [
            models.UniqueConstraint(
                fields=["player", "room", "request_id"], name="one_answer_per_request"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} request {self.request_id}"
