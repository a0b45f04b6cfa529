"""How the admin shows game data: rolls, sheets, moments, links."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db.models import Model
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from rooms.selectors.devices import DEVICE, Share
from scoring import rulesets


def variant_title(name: str) -> str:
    """The variant's title ("Yam's" for ``yams``), or the stored name if it is unknown."""
    try:
        return rulesets.get(name).title
    except ValueError:
        return name


def shares_label(shares: Sequence[Share]) -> str:
    """The other members one shares a browser or an address with, by name ("-": none)."""
    if not shares:
        return "-"
    return "; ".join(
        (
            gettext("same device as %(name)s")
            if share.kind == DEVICE
            else gettext("same network as %(name)s")
        )
        % {"name": share.name}
        for share in shares
    )


def seat_label(seat: int | None) -> str:
    """Seats are stored from 0 and shown from 1, as the site does; no seat is a spectator."""
    return gettext("spectator") if seat is None else str(seat + 1)


def roll_parts(roll: dict[str, Any]) -> tuple[str, str, str]:
    """One roll of the move log as three phrases: the dice kept (with their positions,
    counting from 1), the dice drawn, and the dice showing after the roll.

    >>> roll_parts({"held": [0, 4], "drawn": [6, 1, 2], "dice": [5, 6, 1, 2, 5]})
    ('held [5, 5] (dice 1, 5)', 'drew [6, 1, 2]', '→ dice [5, 6, 1, 2, 5]')
    >>> roll_parts({"held": [], "drawn": [3, 3, 4, 5, 6], "dice": [3, 3, 4, 5, 6]})
    ('held []', 'drew [3, 3, 4, 5, 6]', '→ dice [3, 3, 4, 5, 6]')
    >>> roll_parts({"by": "Bot Ada", "held": [], "drawn": [1] * 5, "dice": [1] * 5})[0]
    'Bot Ada: held []'
    """
    dice = list(roll.get("dice", []))
    held = list(roll.get("held", []))
    kept = [dice[i] for i in held if isinstance(i, int) and 0 <= i < len(dice)]
    if held:
        kept_text = gettext("held %(kept)s (dice %(positions)s)") % {
            "kept": kept,
            "positions": ", ".join(str(i + 1) for i in held),
        }
    else:
        kept_text = gettext("held %(kept)s") % {"kept": kept}
    by = f"{roll['by']}: " if roll.get("by") else ""
    return (
        by + kept_text,
        gettext("drew %(dice)s") % {"dice": list(roll.get("drawn", []))},
        gettext("→ dice %(dice)s") % {"dice": dice},
    )


def moment_label(moment: datetime | None) -> str:
    """A time to the second, in the site's time zone ("-" when there is none)."""
    if moment is None:
        return "-"
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def moment_lines(moment: datetime | None) -> SafeString:
    """``moment_label`` with the date above the time, for narrow table columns."""
    day, _, time = moment_label(moment).partition(" ")
    return format_html("{}<br>{}", day, time) if time else format_html("{}", day)


def _rolled_at(stamp: object) -> str:
    """A roll's stored ISO time as "rolled at HH:MM:SS" (empty when unreadable)."""
    try:
        moment = datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
    except ValueError:
        moment = None
    if moment is None:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return gettext("rolled at %(time)s") % {"time": f"{moment:%H:%M:%S}"}


def roll_log(rolls: list[dict[str, Any]]) -> SafeString:
    """Every roll of a turn, numbered; hovering a roll shows when it was drawn."""
    if not rolls:
        return format_html("<em>{}</em>", gettext("no roll"))
    items = format_html_join(
        "",
        '<li title="{}"><code>{}</code> <code>{}</code> <code>{}</code></li>',
        ((_rolled_at(roll.get("at")), *roll_parts(roll)) for roll in rolls),
    )
    return format_html('<ol class="roll-log">{}</ol>', items)


def describe_sheet(data: Any) -> SafeString:
    """The filled boxes of a stored scorecard, column by column, in sheet order."""
    try:
        rs = rulesets.get(data["ruleset"], **data["options"])
        boxes, extra = data["boxes"], data.get("extra_yahtzees", {})
    except (KeyError, TypeError, ValueError):
        return format_html("<code>{}</code>", json.dumps(data, sort_keys=True))
    lines = []
    for column in rs.columns:
        filled = boxes.get(column, {})
        entries = ", ".join(f"{rs.box_title(k)} {filled[k]}" for k in rs.categories if k in filled)
        bonus = (
            "; " + gettext("extra Yahtzees %(n)s") % {"n": extra[column]}
            if extra.get(column)
            else ""
        )
        lines.append(
            (
                rs.column_title(column),
                len(filled),
                len(rs.categories),
                entries or gettext("nothing yet"),
                bonus,
            )
        )
    return format_html_join("", "<div><strong>{}</strong> ({}/{}): {}{}</div>", lines)


def as_json(value: Any) -> SafeString:
    """Stored JSON, compact, in a code element."""
    return format_html("<code>{}</code>", json.dumps(value, sort_keys=True, ensure_ascii=False))


def admin_link(obj: Model) -> SafeString | str:
    """A link to ``obj``'s admin page (its plain name when it has none)."""
    opts = obj._meta
    try:
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    except NoReverseMatch:
        return str(obj)
    return format_html('<a href="{}">{}</a>', url, obj)
