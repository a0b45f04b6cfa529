"""Histories the browser tests build in the live server's database, in a process of
their own, on top of the hand-built games of ``bench/harness/histories.py``."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User

from accounts.models import Player
from bench.harness.histories import Seat, played
from coach.models import GameReview
from play.models import Game
from rooms.models import Room
from scoring import rulesets, scorecard_json
from tests.support.sheets import UPPER_63, filled, sheet


def games_for_host(code: str) -> None:
    """Three finished Yahtzee games in room ``code`` between its host and a new player
    Bea, who scores 109 each time: the host wins on 148, loses on 98, wins on 148,
    rolling one Yahtzee a game, and has a review of each (accuracy 60, 75, 90).  A
    browser test runs it in a process of its own, against the live server's database."""
    room = Room.objects.get(code=code)
    bea = Player.objects.create(name="Bea")
    win = sheet("yahtzee", [*UPPER_63, ((6, 6, 6, 6, 6), "yahtzee")])
    upper = sheet("yahtzee", UPPER_63)
    bea_sheet = sheet(
        "yahtzee", [*UPPER_63[:4], ((5, 5, 5, 5, 5), "yahtzee"), ((6, 6, 6, 6, 5), "chance")]
    )
    assert (win.total, upper.total, bea_sheet.total) == (148, 98, 109)
    for host_sheet, accuracy in ((win, 60), (upper, 75), (win, 90)):
        game = played(
            room, [Seat(room.host, host_sheet, turns=[[(6, 6, 6, 6, 6)]]), Seat(bea, bea_sheet)]
        )
        GameReview.objects.create(game=game, player=room.host, data={"accuracy": accuracy})


# Yam's boxes filled with scores a real roll can make.
YAMS_SCORES = {
    "ones": 3,
    "twos": 6,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "maximum": 26,
    "minimum": 9,
    "full_house": 20,
    "four_of_a_kind": 30,
    "straight": 40,
    "yams": 0,
}


def yams_near_the_end(code: str, open_boxes: Sequence[str]) -> None:
    """Fill the sheets of room ``code``'s Yam's game in play, leaving open only
    ``open_boxes[seat]`` ("column/box") on each seat's sheet, and make it the first
    seat's turn (no roll yet): the game ends after one more turn each.  Only the first
    seat scored its four of a kinds: it leads by 120, more than a last turn can make up,
    so it wins.  The room's version moves on, so every page that reloads draws the new
    sheets."""
    room = Room.objects.get(code=code)
    game = room.games.get(status=Game.Status.PLAYING)
    for card in game.scorecards.order_by("seat"):
        column_boxes: dict[str, dict[str, int]] = {}
        for column in ("free", "down", "up", "announced"):
            column_boxes[column] = {
                box: 0 if box == "four_of_a_kind" and card.seat else score
                for box, score in YAMS_SCORES.items()
                if f"{column}/{box}" != open_boxes[card.seat]
            }
        full = filled("yams", column_boxes)
        card.data, card.total = scorecard_json.to_json(full), full.total
        card.save(update_fields=["data", "total"])
    Room.objects.filter(pk=room.pk).update(version=room.version + 1)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)


def yahtzee_near_the_end(code: str, ones: Sequence[int], sixes: Sequence[int] = ()) -> None:
    """Fill the sheets of room ``code``'s Yahtzee game in play with every box but Chance,
    each seat's total ``ones[seat]`` (its Ones) plus ``sixes[seat]`` (its Sixes, when
    given; every other box scratched), so that the game ends after one more turn each
    and its order is the order of those totals plus each seat's Chance (5 to 30: a lead
    of more than 25 decides it whatever the dice).  The room's version moves on, so every
    page that reloads draws the new sheets."""
    room = Room.objects.get(code=code)
    game = room.games.get(status=Game.Status.PLAYING)
    categories = rulesets.get("yahtzee").categories
    for card in game.scorecards.order_by("seat"):
        boxes = {box: 0 for box in categories if box != "chance"}
        boxes["ones"] = ones[card.seat]
        if sixes:
            boxes["sixes"] = sixes[card.seat]
        full = filled("yahtzee", {"main": boxes})
        card.data, card.total = scorecard_json.to_json(full), full.total
        card.save(update_fields=["data", "total"])
    Room.objects.filter(pk=room.pk).update(version=room.version + 1)
    Game.objects.filter(pk=game.pk).update(version=game.version + 1)


def rated_near_the_end(code: str, ones: Sequence[int], sixes: Sequence[int] = ()) -> None:
    """Give each person of room ``code``'s game in play an account (their browser stays
    theirs: the session's player is the account's) and bring the game to its last turns
    as ``yahtzee_near_the_end`` does."""
    game = Room.objects.get(code=code).games.get(status=Game.Status.PLAYING)
    for card in game.scorecards.select_related("player"):
        person = card.player
        person.user = User.objects.create_user(f"{person.name.lower()}-{code}")
        person.save(update_fields=["user"])
    yahtzee_near_the_end(code, ones, sixes)
