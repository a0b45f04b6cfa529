"""Persistence for rooms, players, games, turns, scorecards, chat and moderation.

Models hold data only; every change goes through ``games.services``.
"""

from games.models.accounts import PendingEmail
from games.models.daily import DailyAttempt, DailyChallenge, Practice
from games.models.moderation import ModerationAction, Report
from games.models.notices import Notice, Preferences, PushSubscription
from games.models.play import Game, GameReview, Scorecard, Turn
from games.models.records import ActionRequest, ChatMessage, Event
from games.models.rooms import Membership, Player, Room, banned_now
from games.models.tracking import TracksChanges

__all__ = [
    "ActionRequest",
    "ChatMessage",
    "DailyAttempt",
    "DailyChallenge",
    "Event",
    "Game",
    "GameReview",
    "Membership",
    "ModerationAction",
    "Notice",
    "PendingEmail",
    "Player",
    "Practice",
    "Preferences",
    "PushSubscription",
    "Report",
    "Room",
    "Scorecard",
    "TracksChanges",
    "Turn",
    "banned_now",
]
