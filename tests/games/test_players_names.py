"""Names that would pass for someone else's: invisible characters are dropped from every
name, and a name that looks like another at the table (Unicode's confusable skeletons,
UTS #39) is numbered like a twin (docs/decisions/0026)."""

import unicodedata

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from accounts.services.players import clean_name, player_register
from common.errors import ServiceError
from common.text import looks
from games import services
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import refused

pytestmark = pytest.mark.django_db

RLO, PDF = "\u202e", "\u202c"  # RIGHT-TO-LEFT OVERRIDE ... POP: RLO "boB" PDF shows "Bob"
CYRILLIC_BOB = "\u0412\u043eb"  # Cyrillic Ve and o, Latin b: shows as "Bob"


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        (f"{RLO}boB{PDF}", "boB"),
        (f"b{RLO}oB", "boB"),
        (f"{RLO}Ann", "Ann"),
        ("Ann\u202c", "Ann"),
        ("\u2067Ann\u2069", "Ann"),
        ("\u2066Ann", "Ann"),
        ("\u200fBob\u200e", "Bob"),
        ("B\u200bob", "Bob"),
        ("B\u200dob", "Bob"),
        ("Bob\u200d", "Bob"),
        ("Bo\u200cb", "Bob"),
        ("Bo\u00adb", "Bob"),
        ("\ufeffBob\u2060", "Bob"),
        ("Bob\U000e0041\U000e007f", "Bob"),
        ("Bo\u034fb", "Bob"),
        ("Bob\u3164", "Bob"),
        ("Bob \u2800", "Bob"),
        ("\ufe0fBob", "Bob"),  # a variation selector with nothing to vary
        ("\U0001f469\u200d\U0001f4bb Ann", "\U0001f469\u200d\U0001f4bb Ann"),  # emoji joined
        ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),
        (
            "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
            "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        ),
    ],
)
def test_names_lose_their_invisible_characters(raw: str, name: str) -> None:
    assert clean_name(raw) == name


@pytest.mark.parametrize("raw", ["\u200b", f"{RLO}\u202c", "\u3164", "\u2800 \u200d"])
def test_a_name_of_invisible_characters_only_is_refused(raw: str) -> None:
    with pytest.raises(ServiceError) as err:
        clean_name(raw)
    assert err.value.code == "bad_name" and "visible" in err.value.message


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Bob", CYRILLIC_BOB),
        ("Bob", f"{RLO}boB{PDF}"),
        ("Bob", "B\u200dob"),
        ("Bob", "BOB"),
        ("Bob", "\uff22ob"),
        ("Paypal", "PayPa\u0406"),
        ("Ada", "\u0410da"),
        ("rn", "m"),
    ],
)
def test_names_that_look_alike_look_alike(one: str, other: str) -> None:
    assert looks(one) == looks(other)


@pytest.mark.parametrize(("one", "other"), [("Bob", "Rob"), ("Ann", "Anne"), ("Bob", "Bob 2")])
def test_names_that_differ_stay_apart(one: str, other: str) -> None:
    assert looks(one) != looks(other)


def test_look_alike_names_joining_a_table_are_numbered(
    make_player: MakePlayer, make_room: MakeRoom
) -> None:
    host = make_player("Bob")
    room = make_room(host, seats=6)
    raws = [f"{RLO}boB{PDF}", CYRILLIC_BOB, "B\u200dob", "Bob\u200b", "Rob"]
    for raw in raws:
        guest = Player.objects.create(name=clean_name(raw))
        services.room_join(player=guest, code=room.code)
    names = list(room.members.order_by("seat").values_list("player__name", flat=True))
    assert names == ["Bob", "boB 2", f"{CYRILLIC_BOB} 3", "Bob 4", "Bob 5", "Rob"]
    assert len({looks(name) for name in names}) == len(names)


def test_a_rename_to_a_look_alike_of_a_tablemate_is_numbered(
    make_player: MakePlayer, make_room: MakeRoom
) -> None:
    host = make_player("Bob")
    session = SessionStore()
    guest = player_register(session=session, name="Zed")
    make_room(host, joined=[guest])
    assert player_register(session=session, name=f"{RLO}boB{PDF}").name == "boB 2"
    assert player_register(session=session, name=CYRILLIC_BOB).name == f"{CYRILLIC_BOB} 2"
    assert player_register(session=session, name="Rob").name == "Rob"


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# Real names that stack marks: Vietnamese (typed composed or decomposed), Hindi conjuncts,
# Thai, Burmese (Kyaw: three spacing marks and one nonspacing on one letter), Tibetan
# stacks (three nonspacing marks on one letter), Hebrew and Arabic vowel points, Yoruba
# tones, Korean in conjoining jamo, emoji with skin tones, joiners, a keycap.
REAL_NAMES = [
    "Nguyễn Thị Ánh",
    unicodedata.normalize("NFD", "Nguyễn Thị Ánh"),
    "Trần Thị Thủy",
    "ज्योत्स्ना",
    "अंकित श्रीवास्तव",
    "สมศักดิ์ น้ำฝน",
    "ကျော်ဇော",
    "བསྟན་འཛིན་རྒྱ་མཚོ",
    "שְׁלֹמֹה",
    "مُحَمَّد",
    "Adéṣọ̀lá",
    "\u1112\u1161\u11ab\u1100\u1173\u11af",
    "\u1112\u119e\u11ab",
    "👍🏽 Ana",
    "👩🏾\u200d💻",
    "1️⃣ Bo",
    "👨\u200d👩\u200d👧\u200d👦",
]


@pytest.mark.parametrize("raw", REAL_NAMES)
def test_real_names_in_every_script_keep_their_marks(raw: str) -> None:
    assert clean_name(raw) == nfc(raw)
    assert player_register(session=SessionStore(), name=raw).name == nfc(raw)


ACUTE, GRAVE, TILDE, MACRON, DOT_BELOW = "\u0301", "\u0300", "\u0303", "\u0304", "\u0323"
ZALGO = (
    "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324\u031e"
    "a\u0300\u0360\u0327\u033a\u0317l\u0352\u0314\u0360\u0340\u0330\u032bgo"
)


@pytest.mark.parametrize(
    "raw",
    [
        "a" + ACUTE * 60,
        ZALGO,
        "a" + ACUTE + GRAVE + TILDE + MACRON + DOT_BELOW,
        "Ada" + "\u0308" * 5,  # a diaeresis five times: nothing composes it away
        "a" + ACUTE + GRAVE + "\u200d" + TILDE + MACRON + DOT_BELOW,  # a joiner between
        "ၵ" + "\u103d\u103e\u102d" + "\u103c" + "\u102f\u1037",  # a spacing mark between
    ],
)
def test_a_letter_under_a_pile_of_marks_is_refused(raw: str) -> None:
    err = refused("bad_name", player_register, session=SessionStore(), name=raw)
    assert "4 accents or marks" in err.message


def test_four_marks_on_a_letter_are_enough() -> None:
    four = "a" + ACUTE + GRAVE + MACRON + DOT_BELOW
    assert clean_name(four) == nfc(four)


@pytest.fixture
def greta(db: None) -> User:
    """A moderator whose player is called Greta; her account is ops_greta."""
    user = User.objects.create_user("ops_greta", password="pw-long-enough", is_staff=True)
    Player.objects.create(name="Greta", user=user)
    return user


OFFICIAL = "this name could pass for the site or its staff: please choose another"
PASSING_FOR_STAFF = [
    "Admin",
    "admin",
    "ADMIN",
    "\u0410dmin",
    "\u0410D\u041c\u0406N",
    "\u0391dmin",
    "\uff21\uff44\uff4d\uff49\uff4e",
    "Adrnin",
    "Ädmin",
    "Ad\u200bmin",
    "A.d.m.i.n",
    "Admin 2",
    "Admin2",
    "Admin Bob",
    "Bob the Mod",
    "BobTheMod",
    "mod",
    "Staff",
    "Moderator",
    "Administrator",
    "System",
    "Support",
    "Five Dice",
    "FiveDice",
    "five-dice",
    "Modérateur",
    "moderateur",
    "Administrateur",
    "Système",
    "Modo",
    "Administratör",
    "Systemet",
    "Moderatorn",
    "Greta",
    "GRETA",
    "Gr\u0435ta",
    "Greta!",
    "ops_greta",
    "Ops Greta",
]
HONEST = [
    "Badminton",
    "Modesty",
    "Systematic",
    "Staffan",
    "Supporter",
    "Dice",
    "Five",
    "Greta Smith",
    "Margareta",
    "Admiral",
    "Moderna",
    "Ada",
]


@pytest.mark.parametrize("raw", PASSING_FOR_STAFF)
def test_a_name_passing_for_the_site_or_its_staff_is_refused(greta: User, raw: str) -> None:
    err = refused("bad_name", player_register, session=SessionStore(), name=raw)
    assert err.message == OFFICIAL
    assert "greta" not in err.message.lower()


@pytest.mark.parametrize("raw", HONEST)
def test_names_that_only_hold_the_letters_are_welcome(greta: User, raw: str) -> None:
    assert player_register(session=SessionStore(), name=raw).name == raw


def test_a_rename_to_a_staff_look_alike_is_refused_and_changes_nothing(greta: User) -> None:
    session = SessionStore()
    player = player_register(session=session, name="Ada")
    refused("bad_name", player_register, session=session, name="\u0410dmin")
    refused("bad_name", player_register, session=session, name="Gr\u0435ta")
    assert Player.objects.get(pk=player.pk).name == "Ada"


def test_staff_keep_their_own_names(greta: User) -> None:
    boss = User.objects.create_superuser("root", password="pw-long-enough")
    assert player_register(session=SessionStore(), name="Admin", user=boss).name == "Admin"
    session = SessionStore()
    assert player_register(session=session, name="Greta", user=greta).name == "Greta"
    assert (
        player_register(session=session, name="Moderator Greta", user=greta).name
        == "Moderator Greta"
    )


def test_the_forms_refuse_it_in_the_visitors_language(greta: User) -> None:
    client = Client()
    response = client.post(
        reverse("games:room_create"),
        {"name": "\u0410dmin", "ruleset": "yatzy", "seats": "2"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    assert "pourrait passer pour le site ou son équipe" in response.content.decode()
    assert not Player.objects.filter(user=None).exists()


@pytest.mark.parametrize(
    ("username", "refusal"),
    [
        ("admin", True),
        ("\u0410dmin", True),
        ("Admin_Bob", True),
        ("ops.greta", True),
        ("badminton", False),
        ("staffan", False),
    ],
)
def test_sign_up_refuses_a_username_passing_for_staff(
    greta: User, username: str, refusal: bool
) -> None:
    client = Client()
    response = client.post(
        reverse("games:sign_up"),
        {"username": username, "password1": "dice-and-tea-42", "password2": "dice-and-tea-42"},
    )
    assert response.status_code == (400 if refusal else 302)
    assert User.objects.filter(username=username).exists() is not refusal
    assert (OFFICIAL in response.content.decode()) is refusal


def test_the_admin_still_names_accounts_as_it_likes(admin_client: Client) -> None:
    response = admin_client.post(
        "/admin/auth/user/add/",
        {
            "username": "support",
            "password1": "dice-and-tea-42",
            "password2": "dice-and-tea-42",
            "usable_password": "true",
        },
    )
    assert response.status_code == 302 and User.objects.filter(username="support").exists()


def test_names_in_capitals_meet_their_lowercase_twins(
    make_player: MakePlayer, make_room: MakeRoom
) -> None:
    host = make_player("Alice")
    room = make_room(host, seats=3)
    guest = Player.objects.create(name=clean_name("ALICE"))
    services.room_join(player=guest, code=room.code)
    assert Player.objects.get(pk=guest.pk).name == "ALICE 2"
