"""Reads of daily attempts for the other apps' pages: the attempt played in a game or at
a table, and whether a table was played for practice."""

from __future__ import annotations

from daily.models import DailyAttempt
from play.models import Game
from rooms.models import Room


def attempt_of_game(game: Game) -> DailyAttempt | None:
    """The daily attempt played in ``game``, with its challenge, or ``None``."""
    return DailyAttempt.objects.filter(game=game).select_related("challenge").first()


def attempt_at(room: Room) -> DailyAttempt | None:
    """The daily attempt played at ``room`` (a daily table), with its challenge, or
    ``None``."""
    return DailyAttempt.objects.filter(game__room=room).select_related("challenge").first()


def practised_at(room: Room) -> bool:
    """Whether the daily attempt played at ``room`` is a practice game."""
    return DailyAttempt.objects.filter(game__room=room).exclude(practice="").exists()
