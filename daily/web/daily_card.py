"""A shared daily result as a picture (PNG, 1200 x 630): what link previews show beside
the shared page's Open Graph title. The variant and the day, the score, par and skill;
never a die. Drawn with Pillow and its own bundled font, so no system font is needed."""

from __future__ import annotations

import io

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET
from PIL import Image, ImageDraw, ImageFont

from common.figures import rounded
from daily.models import DailyAttempt
from daily.services import daily
from scoring import rulesets

WIDTH, HEIGHT = 1200, 630
FELT, GOLD, WHITE = (20, 83, 45), (242, 182, 50), (255, 255, 255)


def card_png(
    title: str,
    day: str,
    score: int,
    par: int | None,
    accuracy: float | None,
    practice: bool = False,
) -> bytes:
    """The card of a result, as PNG bytes (``practice``: played on dice of its own)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, HEIGHT - 24, WIDTH, HEIGHT), fill=GOLD)
    draw.text((72, 64), f"{title} · {day}", fill=WHITE, font=ImageFont.load_default(52))
    draw.text((64, 150), str(score), fill=WHITE, font=ImageFont.load_default(220))
    facts = [gettext("practice")] if practice else []
    if par is not None:
        facts.append(gettext("par %(par)s") % {"par": par})
    if accuracy is not None:
        skill = number_format(rounded(accuracy, 1), 1, force_grouping=False)
        facts.append(gettext("skill %(skill)s") % {"skill": f"{skill}%"})
    draw.text((72, 420), " · ".join(facts), fill=WHITE, font=ImageFont.load_default(56))
    draw.text((72, 520), "Five Dice", fill=GOLD, font=ImageFont.load_default(40))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


@require_GET
@cache_control(public=True, max_age=3600)
def daily_card(request: HttpRequest, code: str) -> HttpResponse:
    """The card of a finished attempt, for the shared page's ``og:image``."""
    found = get_object_or_404(
        DailyAttempt.objects.select_related("challenge", "game"),
        share_code=code,
        score__isnull=False,
    )
    rs = rulesets.get(found.challenge.ruleset)
    png = card_png(
        gettext(rs.title),
        found.challenge.day.isoformat(),
        found.score or 0,
        daily.attempt_par(found),
        found.accuracy,
        practice=bool(found.practice),
    )
    return HttpResponse(png, content_type="image/png")
