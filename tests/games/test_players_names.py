"""Names that would pass for someone else's: invisible characters are dropped from every
name, and a name that looks like another at the table (Unicode's confusable skeletons,
UTS #39) is numbered like a twin (docs/decisions/0026)."""

import pytest
from django.contrib.sessions.backends.db import SessionStore

from games import services
from games.errors import ServiceError
from games.models import Player
from games.services.players import clean_name, looks, player_register

pytestmark = pytest.mark.django_db

RLO, PDF = "\u202e", "\u202c"  # RIGHT-TO-LEFT OVERRIDE ... POP: RLO "boB" PDF shows "Bob"
CYRILLIC_BOB = "\u0412\u043eb"  # Cyrillic Ve and o, Latin b: shows as "Bob"


@pytest.mark.parametrize(("raw", "name"), [
    (f"{RLO}boB{PDF}", "boB"), (f"b{RLO}oB", "boB"), (f"{RLO}Ann", "Ann"), ("Ann\u202c", "Ann"),
    ("\u2067Ann\u2069", "Ann"), ("\u2066Ann", "Ann"), ("\u200fBob\u200e", "Bob"),
    ("B\u200bob", "Bob"), ("B\u200dob", "Bob"), ("Bob\u200d", "Bob"), ("Bo\u200cb", "Bob"),
    ("Bo\u00adb", "Bob"), ("\ufeffBob\u2060", "Bob"), ("Bob\U000e0041\U000e007f", "Bob"),
    ("Bo\u034fb", "Bob"), ("Bob\u3164", "Bob"), ("Bob \u2800", "Bob"),
    ("\ufe0fBob", "Bob"),  # a variation selector with nothing to vary
    ("\U0001f469\u200d\U0001f4bb Ann", "\U0001f469\u200d\U0001f4bb Ann"),  # emoji joined
    ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),
    ("\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
     "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"),
])
def test_names_lose_their_invisible_characters(raw, name):
    assert clean_name(raw) == name


@pytest.mark.parametrize("raw", ["\u200b", f"{RLO}\u202c", "\u3164", "\u2800 \u200d"])
def test_a_name_of_invisible_characters_only_is_refused(raw):
    with pytest.raises(ServiceError) as err:
        clean_name(raw)
    assert err.value.code == "bad_name" and "visible" in err.value.message


@pytest.mark.parametrize(("one", "other"), [
    ("Bob", CYRILLIC_BOB), ("Bob", f"{RLO}boB{PDF}"), ("Bob", "B\u200dob"), ("Bob", "BOB"),
    ("Bob", "\uff22ob"), ("Paypal", "PayPa\u0406"), ("Ada", "\u0410da"), ("rn", "m"),
])
def test_names_that_look_alike_look_alike(one, other):
    assert looks(one) == looks(other)


@pytest.mark.parametrize(("one", "other"), [("Bob", "Rob"), ("Ann", "Anne"), ("Bob", "Bob 2")])
def test_names_that_differ_stay_apart(one, other):
    assert looks(one) != looks(other)


def test_look_alike_names_joining_a_table_are_numbered(make_player, make_room):
    host = make_player("Bob")
    room = make_room(host, seats=6)
    raws = [f"{RLO}boB{PDF}", CYRILLIC_BOB, "B\u200dob", "Bob\u200b", "Rob"]
    for raw in raws:
        guest = Player.objects.create(name=clean_name(raw))
        services.room_join(player=guest, code=room.code)
    names = list(room.members.order_by("seat").values_list("player__name", flat=True))
    assert names == ["Bob", "boB 2", f"{CYRILLIC_BOB} 3", "Bob 4", "Bob 5", "Rob"]
    assert len({looks(name) for name in names}) == len(names)


def test_a_rename_to_a_look_alike_of_a_tablemate_is_numbered(make_player, make_room):
    host = make_player("Bob")
    session = SessionStore()
    guest = player_register(session=session, name="Zed")
    make_room(host, joined=[guest])
    assert player_register(session=session, name=f"{RLO}boB{PDF}").name == "boB 2"
    assert player_register(session=session, name=CYRILLIC_BOB).name == f"{CYRILLIC_BOB} 2"
    assert player_register(session=session, name="Rob").name == "Rob"
