"""Turn emails in tests: a room where Ada is to play, and the links an email holds."""

from __future__ import annotations

import re

from django.core.mail import EmailMessage

from accounts.models import Player
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import play_turn

LINK = re.compile(r"https?://[^\s>]+")


def ada_waits(bob: Player, ada: Player, make_room: MakeRoom) -> str:
    """A room by the day, one after another, where Bob has played and Ada is to play."""
    code = make_room(
        bob, "yatzy", seats=2, pace="day", together=False, joined=[ada], start=True
    ).code
    play_turn(bob, code)
    return code


def links(message: EmailMessage) -> list[str]:
    """The addresses in an email's text, in order."""
    return LINK.findall(str(message.body))


def path_of(url: str) -> str:
    """The path of an absolute address (what the test client asks for)."""
    return "/" + url.split("/", 3)[3]
