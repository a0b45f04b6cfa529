"""A visitor becomes a player by picking a name; the session keeps them that player."""

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.db import SessionStore

from games.errors import ServiceError
from games.models import Player
from games.services.players import clean_name, current_player, player_register

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("raw", "name"), [("Ada", "Ada"), ("  Ada Lovelace ", "Ada Lovelace"),
                                           ("x" * 24, "x" * 24), ("Zoë 🎲", "Zoë 🎲")])
def test_good_names(raw, name):
    assert clean_name(raw) == name


@pytest.mark.parametrize("raw", ["", "   ", "x" * 25, "A\nB", "A\x00", "A\u200bB", None, 42])
def test_bad_names(raw):
    with pytest.raises(ServiceError) as err:
        clean_name(raw)
    assert err.value.code == "bad_name"


def test_the_same_browser_stays_the_same_player():
    session = SessionStore()
    ada = player_register(session=session, name="Ada")
    session.save()
    again = SessionStore(session_key=session.session_key)
    assert current_player(again) == ada
    assert player_register(session=again, name="Ada L.") == ada
    assert Player.objects.get(pk=ada.pk).name == "Ada L."
    assert Player.objects.count() == 1


def test_another_browser_is_another_player():
    first, second = SessionStore(), SessionStore()
    assert player_register(session=first, name="Ada") != player_register(session=second,
                                                                         name="Ada")
    assert current_player(SessionStore()) is None


def test_a_bad_name_changes_nothing():
    session = SessionStore()
    with pytest.raises(ServiceError):
        player_register(session=session, name="")
    assert Player.objects.count() == 0 and current_player(session) is None


def test_a_signed_in_user_is_linked_and_found_from_any_browser():
    user = User.objects.create_user("ada", password="pw-long-enough")
    ada = player_register(session=SessionStore(), name="Ada", user=user)
    assert ada.user == user
    elsewhere = SessionStore()
    assert current_player(elsewhere, user) == ada
    assert current_player(elsewhere, AnonymousUser()) == ada  # the session now knows them


def test_a_session_player_is_linked_when_the_user_signs_in_later():
    session = SessionStore()
    ada = player_register(session=session, name="Ada")
    user = User.objects.create_user("ada", password="pw-long-enough")
    assert current_player(session, user) == ada
    assert Player.objects.get(pk=ada.pk).user == user


def test_a_session_cannot_point_at_a_bot():
    bot = Player.objects.create(name="Bot Ada", bot_level="beginner")
    session = SessionStore()
    session["player_id"] = bot.pk
    assert current_player(session) is None
