"""Public pages: the home page and one rules page per variant (rooms: ``room_views``).

Every fact about a variant (title, summary, boxes, how each box scores,
columns) comes from the rules engine, ``scoring.rulesets``, in the page's language
(``common.rule_texts``).  Each variant has its rules page:

>>> from django.urls import reverse
>>> reverse("games:rules", args=["yams"])
'/rules/yams/'
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, ngettext

from accounts.services.players import current_player
from common.rule_texts import section_title, variant_list, words_of
from games import selectors
from moderation.services.moderation import ban_message
from rooms.selectors.your_rooms import YOUR_GAMES_MAX, YourRoom
from rooms.services.room_settings import DAY_HOURS
from scoring import rulesets


@dataclass(frozen=True)
class BoxRow:
    """One box of a scorecard as the rules page shows it."""

    key: str
    title: str
    rule: str


@dataclass(frozen=True)
class SectionView:
    """A titled group of boxes (e.g. the upper section)."""

    title: str
    boxes: tuple[BoxRow, ...]


@dataclass(frozen=True)
class ColumnView:
    """One column of a scorecard and how it is filled."""

    title: str
    rule: str


def hours_text(hours: int) -> str:
    """A turn's time by the day as people say it: "3 hours", "2 days"."""
    if hours % 24:
        return ngettext("%(n)s hour", "%(n)s hours", hours) % {"n": hours}
    return ngettext("%(n)s day", "%(n)s days", hours // 24) % {"n": hours // 24}


def home(
    request: HttpRequest,
    *,
    create_error: str | None = None,
    form: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The product's front page: what the site is, the four variants, and the forms to
    start a room or join one by code (re-shown with ``create_error`` when refused)."""
    names = rulesets.names()
    player = current_player(request.session, request.user)
    context = {
        "variants": variant_list(),
        "option_choices": {name: rulesets.option_choices(name) for name in names},
        "create_error": create_error,
        "form": form or {},
        "day_hours": [(hours, hours_text(hours)) for hours in DAY_HOURS],
        "your_rooms": selectors.rooms_of(player),
        # A banned player is told so instead of offered a form the ban refuses.
        "ban": ban_message(player.banned_until) if player and player.is_banned else None,
    }
    return render(request, "home.html", context, status=status)


def your_games(request: HttpRequest) -> HttpResponse:
    """Every table the visitor sits at or watches, grouped: waiting for them, waiting for
    someone else, in the lobby, over."""
    player = current_player(request.session, request.user)
    rooms = selectors.rooms_of(player, limit=YOUR_GAMES_MAX)
    titles = {
        "your_turn": gettext("Waiting for you"),
        "playing": gettext("Waiting for others"),
        "lobby": gettext("In the lobby"),
        "over": gettext("Over"),
    }
    grouped: dict[str, list[YourRoom]] = {}
    for room in rooms:  # in their order: waiting for you first
        key = "over" if room.state in ("finished", "closed") else room.state
        grouped.setdefault(key, []).append(room)
    groups = [{"key": key, "title": titles[key], "rooms": found} for key, found in grouped.items()]
    return render(request, "your_games.html", {"groups": groups})


def rules(request: HttpRequest, variant: str) -> HttpResponse:
    """The scorecard of one variant: every box with how it scores, and its columns."""
    if variant not in rulesets.names():
        raise Http404(gettext("Five Dice has no game called “%(name)s”.") % {"name": variant})
    ruleset = rulesets.get(variant)
    words = words_of(ruleset)
    sections = [
        SectionView(
            title=section_title(section_name),
            boxes=tuple(
                BoxRow(
                    key=box, title=words["boxes"][box]["title"], rule=words["boxes"][box]["rule"]
                )
                for box in boxes
            ),
        )
        for section_name, boxes in ruleset.sections
    ]
    context = {
        "ruleset": ruleset,
        "title": words["title"],
        "summary": words["summary"],
        "sections": sections,
        "columns": [ColumnView(**words["columns"][column]) for column in ruleset.columns],
        "box_count": len(ruleset.categories),
        "special_rules": words["special_rules"],
        "others": [v for v in variant_list() if v.name != variant],
    }
    return render(request, "rules.html", context)
