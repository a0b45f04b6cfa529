"""Checking a game review's split of the final score into luck and skill."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from coach.services.reviews import build_review
from common.figures import rounded
from play.models import Game, Turn
from play.selectors.rule_sets import ruleset_of
from tests.support.figures import figure, once

EXACT = 1e-6  # the sums of a few hundred floats


def adds_up(data: dict[str, Any]) -> bool:
    """The review's split of the final score adds up: the expectation at the start, plus
    luck, minus the points the player's decisions and the others' gave away; and the
    path's steps sum to the totals (the values are kept exact)."""
    parts = data["expected_start"] + data["luck"] - data["total_lost"] - data["others_lost"]
    steps = data["path"]
    return bool(
        abs(parts - data["total"]) < EXACT
        and abs(sum(s["luck"] for s in steps) - data["luck"]) < EXACT
        and abs(sum(s["lost"] for s in steps) - data["total_lost"] - data["others_lost"]) < EXACT
        and abs(steps[-1]["expected"] - steps[-1]["lost"] - data["total"]) < EXACT
    )


def split_printed_right(printed: dict[str, Decimal], data: dict[str, Any]) -> bool:
    """Whether a split printed to one decimal (``start``, ``luck``, ``yours``, ``others``,
    ``total``) adds up exactly as written, its expectation at the start is rounded once,
    every other part is within a tenth of its exact value, and no more of them are a
    tenth away from their own rounding than the sum needs."""
    exact = {"luck": data["luck"], "yours": -data["total_lost"], "others": -data["others_lost"]}
    signed = {"luck": printed["luck"], "yours": -printed["yours"], "others": -printed["others"]}
    own = {key: rounded(value) for key, value in exact.items()}
    needed = abs(printed["total"] - printed["start"] - sum(own.values())) * 10
    moved = sum(1 for key in exact if signed[key] != own[key])
    return (
        printed["start"] + signed["luck"] + signed["yours"] + signed["others"]
        == printed["total"]
        == data["total"]
        and once(printed["start"], data["expected_start"])
        and all(abs(signed[k] - Decimal(exact[k])) < Decimal("0.1") for k in exact)
        and moved == needed
    )


def check_luck_adds_up(game: Game) -> int:
    """Fail unless the review of every person who played finished ``game`` splits their
    final score exactly into the expectation at the start, luck and what was given away
    (built from the move log, whether or not a review is stored). Games whose move log
    does not fill every box (a test wrote their sheets or status itself) are not
    reviewable and are passed over. Returns how many reviews were checked."""
    turns = list(Turn.objects.filter(game=game).order_by("number").select_related("player"))
    rs = ruleset_of(game)
    boxes = len(rs.categories) * len(rs.columns)
    seats = {t.seat for t in turns}
    if any(sum(1 for t in turns if t.seat == seat and t.box) != boxes for seat in seats):
        return 0
    people = {t.player for t in turns if not t.player.is_bot}
    for player in people:
        data = build_review(rs, turns, player)
        assert adds_up(data), (
            game.pk,
            player.pk,
            {k: data[k] for k in ("expected_start", "luck", "total_lost", "others_lost", "total")},
        )
    return len(people)


def review_figures_are_rounded_once(html: str, data: dict[str, Any]) -> None:
    """Fail unless the review page ``html`` prints the split of ``data`` adding up, its
    points lost as the split's part, and every decision's loss and values, and every
    marked moment, as the exact value rounded once."""
    printed = {
        key: shown(html, f"review-luck-{key}") for key in ("start", "luck", "yours", "total")
    }
    printed["others"] = (
        shown(html, "review-luck-others")
        if 'data-testid="review-luck-others"' in html
        else Decimal(0)
    )
    printed["yours"], printed["others"] = -printed["yours"], -printed["others"]
    assert split_printed_right(printed, data), (printed, data)
    assert shown(html, "review-lost") == printed["yours"]
    rows = html.split('data-testid="review-row"')[1:]
    assert len(rows) == len(data["decisions"])
    for row, decision in zip(rows, data["decisions"], strict=True):
        loss = decision["loss"]
        assert float(row.split('data-loss="', 1)[1].split('"', 1)[0]) == loss
        text = row.split('class="num review-loss">', 1)[1].split("<", 1)[0]
        assert text == "0" if loss < 0.01 else once(figure(text), loss), (text, loss)
        values = re.findall(r'class="review-small">(\d+\.\d)</span>', row)
        exact = [decision["chosen"]["value"]] + (
            [decision["best"]["value"]] if loss >= 0.01 else []
        )
        assert len(values) == len(exact)
        assert all(once(Decimal(v), e) for v, e in zip(values, exact, strict=True))
    steps = {(s["turn"], s["roll"]): s for s in data["path"]}
    for turn, roll, kind, points in re.findall(
        r"Turn (\d+), (?:after )?roll (\d+): (a lucky roll|an unlucky roll|a choice)"
        r"\D*?([+-]?\d+\.\d) expected points",
        html,
    ):
        step = steps[int(turn), int(roll)]
        exact = step["lost"] if kind == "a choice" else step["luck"]
        assert once(Decimal(points), exact), (turn, roll, points, exact)


def shown(html: str, testid: str) -> Decimal:
    """The figure in the first element ``testid`` of ``html``, as the page writes it."""
    return figure(html.split(f'data-testid="{testid}">', 1)[1].split("<", 1)[0])
