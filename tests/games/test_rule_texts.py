"""A language-neutral room state, and each page's words in its reader's language.

The French and Swedish checks need compiled catalogs (``make catalogs``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from accounts.models import Player
from common.rule_texts import rule_texts
from rooms.models import Room
from scoring import rulesets
from tests.support.views import state_seen

# Not in the PostgreSQL pass (docs/decisions/0007): these check words, not the database.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


def strings_in(value: Any) -> Iterator[str]:
    """Every string value (not key) in a JSON-like value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def engine_keys() -> set[str]:
    """Variant names, column and box keys, section names and option values."""
    keys: set[str] = set()
    for name in rulesets.names():
        rs = rulesets.get(name)
        keys |= {name, *rs.columns, *rs.categories, *(section for section, _ in rs.sections)}
        for choices in rulesets.option_choices(name).values():
            keys |= {c for c in choices if isinstance(c, str)}
    return keys


@pytest.mark.parametrize("name", rulesets.names())
def test_the_state_ruleset_holds_keys_and_numbers_only(
    name: str, ada: Player, make_room: Callable[..., Room]
) -> None:
    room = make_room(ada, name)
    with translation.override("fr"):
        state = state_seen(room.code, ada)
    assert state is not None
    ruleset = state["room"]["ruleset"]
    assert set(strings_in(ruleset)) <= engine_keys()
    assert "title" not in json.dumps(ruleset) and "special_rules" not in ruleset


def test_rule_texts_cover_every_option_combination_in_the_active_language() -> None:
    combos = {(t["name"], json.dumps(t["options"], sort_keys=True)) for t in rule_texts()}
    assert len(combos) == 7  # yahtzee x2, yatzy x2, yams, triple_yahtzee x2
    with translation.override("sv"):
        yatzy = next(t for t in rule_texts() if t["name"] == "yatzy")
    assert yatzy["boxes"]["full_house"]["title"] == "Kåk"
    assert yatzy["boxes"]["small_straight"]["title"] == "Liten stege"
    with translation.override("fr"):
        yams = next(t for t in rule_texts() if t["name"] == "yams")
    assert yams["columns"]["down"]["title"] == "Descendante"
    assert yams["special_rules"][0].startswith("30 points de bonus")


def embedded_texts(html: str) -> list[dict[str, Any]]:
    found = re.search(r'<script id="rule-texts" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page embeds no rule-texts"
    texts: list[dict[str, Any]] = json.loads(found.group(1))
    return texts


def test_the_room_page_embeds_the_words_in_the_readers_language(
    client: Client, ada: Player, make_room: Callable[..., Room]
) -> None:
    room = make_room(ada, "yahtzee")
    english = embedded_texts(client.get(f"/r/{room.code}/").content.decode())
    french = embedded_texts(
        client.get(f"/r/{room.code}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert (
        next(t for t in english if t["name"] == "yahtzee")["boxes"]["three_of_a_kind"]["title"]
        == "Three of a kind"
    )
    yahtzee = next(t for t in french if t["name"] == "yahtzee")
    assert yahtzee["boxes"]["three_of_a_kind"]["title"] == "Brelan"
    assert yahtzee["boxes"]["ones"]["title"] == "As"
    assert yahtzee["boxes"]["small_straight"]["title"] == "Petite suite"
    assert any(rule.startswith("Règle du joker") for rule in yahtzee["special_rules"])


@pytest.mark.parametrize(
    ("language", "variant", "words"),
    [
        ("sv", "yatzy", ["Kåk", "Liten stege", "Regler för Yatzy"]),
        ("fr", "yams", ["Carré", "Suite", "Descendante", "Règles du Yam's"]),
    ],
)
def test_a_rules_page_in_the_readers_language(
    client: Client, language: str, variant: str, words: list[str]
) -> None:
    html = unescape(
        client.get(f"/rules/{variant}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    )
    for word in words:
        assert f">{word}<" in html
