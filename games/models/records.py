"""A room's chat, its numbered events, and the answers kept for repeated requests."""

from __future__ import annotations

from django.db import models

from games.models.play import Game
from games.models.rooms import Player, Room


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


class ActionRequest(models.Model):
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
