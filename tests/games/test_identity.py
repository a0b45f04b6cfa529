"""A visitor becomes a player by picking a name; the session keeps them that player."""

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import Player
from accounts.services.players import clean_name, current_player, player_register
from common.errors import ServiceError

pytestmark = pytest.mark.django_db


WOMAN_TECHNOLOGIST = "\U0001f469\u200d\U0001f4bb"  # two emoji and a zero-width joiner
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"
PERSIAN = "\u0645\u0647\u062f\u06cc\u200c\u0632\u0627\u062f\u0647"  # with a non-joiner


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("Ada", "Ada"),
        ("  Ada   Lovelace ", "Ada Lovelace"),
        ("x" * 24, "x" * 24),
        ("Zoë 🎲", "Zoë 🎲"),
        ("Zoe\u0308", "Zoë"),  # composed: one Zoë, however typed
        (f"{WOMAN_TECHNOLOGIST} Ann", f"{WOMAN_TECHNOLOGIST} Ann"),
        (RAINBOW_FLAG, RAINBOW_FLAG),
        (PERSIAN, PERSIAN),
        (RAINBOW_FLAG * 24, RAINBOW_FLAG * 24),  # 24 characters, 96 points
        ("\u2067Ann\u2069", "Ann"),  # direction controls are dropped: test_players_names.py
    ],
)
def test_names_people_type_are_accepted(raw: str, name: str) -> None:
    assert clean_name(raw) == name


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("", "visible"),
        ("   ", "visible"),
        ("\u200d", "visible"),
        ("x" * 25, "at most 24"),
        (f"{WOMAN_TECHNOLOGIST}" * 25, "at most 24"),
        ("A\nB", "control"),
        ("A\x00", "control"),
        ("A\tB", "control"),
        ("\ue000", "control"),  # private use: no font shows it
    ],
)
def test_names_that_cannot_be_shown_are_refused_with_a_reason(raw: str, says: str) -> None:
    with pytest.raises(ServiceError) as err:
        clean_name(raw)
    assert err.value.code == "bad_name" and says in err.value.message


def test_the_same_browser_stays_the_same_player() -> None:
    session = SessionStore()
    ada = player_register(session=session, name="Ada")
    session.save()
    again = SessionStore(session_key=session.session_key)
    assert current_player(again) == ada
    assert player_register(session=again, name="Ada L.") == ada
    assert Player.objects.get(pk=ada.pk).name == "Ada L."
    assert Player.objects.count() == 1


def test_another_browser_is_another_player() -> None:
    first, second = SessionStore(), SessionStore()
    assert player_register(session=first, name="Ada") != player_register(session=second, name="Ada")
    assert current_player(SessionStore()) is None


def test_a_bad_name_changes_nothing() -> None:
    session = SessionStore()
    with pytest.raises(ServiceError):
        player_register(session=session, name="")
    assert Player.objects.count() == 0 and current_player(session) is None


def test_a_signed_in_user_is_linked_and_found_from_any_browser() -> None:
    user = User.objects.create_user("ada", password="pw-long-enough")
    ada = player_register(session=SessionStore(), name="Ada", user=user)
    assert ada.user == user
    elsewhere = SessionStore()
    assert current_player(elsewhere, user) == ada
    assert current_player(elsewhere, AnonymousUser()) == ada  # the session now knows them


def test_a_session_player_is_linked_when_the_user_signs_in_later() -> None:
    session = SessionStore()
    ada = player_register(session=session, name="Ada")
    user = User.objects.create_user("ada", password="pw-long-enough")
    assert current_player(session, user) == ada
    assert Player.objects.get(pk=ada.pk).user == user


def test_a_session_cannot_point_at_a_bot() -> None:
    bot = Player.objects.create(name="Bot Ada", bot_level="beginner")
    session = SessionStore()
    session["player_id"] = bot.pk
    assert current_player(session) is None
