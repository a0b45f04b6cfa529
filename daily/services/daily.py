"""The daily challenge: one set of dice per variant and UTC day, the same for everyone.

A day's dice come from its seed, an HMAC of the server's secret key and "variant:date"
(``django.utils.crypto.salted_hmac``): nobody can work them out before the day, and
nothing secret is stored. Each attempt is a solo game in a table of its own
(``Room.daily``), with the coach off. While the day lasts its dice go to ranked attempts
only (who ranks: ``why_practice``); every other attempt at it is practice, on dice of its
own. A past day's dice are played again by anyone, unranked.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import cast

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from common.protocol.keys import Pace
from daily.models import DailyAttempt, DailyChallenge, Practice
from daily.selectors.daily import today
from play.advice import level_ready
from play.models import Game
from play.services import dice
from play.services.core import bump, require_not_banned
from play.services.play import begin_game
from rooms.services.room_rows import solo_room_create
from scoring import duplicate, rulesets
from scoring.strategy import levels

PAR_LEVEL = "expert"


def seed_of(ruleset: str, day: date) -> str:
    """The secret seed, in hex, of ``ruleset``'s challenge on ``day``."""
    return salted_hmac(
        "games.daily", f"{ruleset}:{day.isoformat()}", algorithm="sha256"
    ).hexdigest()


def challenge_of(ruleset: str, day: date, create: bool = True) -> DailyChallenge:
    """The challenge of ``ruleset`` (a variant's name) on ``day`` (a date, today or
    before), made on first use (``create`` false: left unsaved when nobody has played
    it); ``unknown_ruleset`` or ``not_yet`` otherwise."""
    if ruleset not in rulesets.names():
        raise ServiceError("unknown_ruleset", gettext("choose one of the variants"))
    if day > today():
        raise ServiceError("not_yet", gettext("that day's challenge has not begun"))
    if not create:
        return DailyChallenge.objects.filter(day=day, ruleset=ruleset).first() or DailyChallenge(
            day=day, ruleset=ruleset
        )
    found, _ = DailyChallenge.objects.get_or_create(day=day, ruleset=ruleset)
    return found


def start_of(day: date) -> datetime:
    """The moment ``day`` (UTC) begins."""
    return datetime.combine(day, time.min, tzinfo=UTC)


def why_practice(
    *,
    player: Player | None,
    challenge: DailyChallenge,
    user_id: int | None = None,
    browser: str = "",
    address: str = "",
) -> str:
    """Why the next attempt at ``challenge`` (today's) of ``player`` (or of the account
    ``user_id`` with no player yet) from ``browser`` and ``address`` (a keyed hash,
    ``accounts.addresses``) would play practice dice: a ``Practice`` value, or ``""`` when
    it ranks.

    The day's dice go to ranked attempts only, and a day ranks once per account made
    before it began (staff accounts, who read every game in the admin, never rank), per
    browser and per address: anything served before a ranked attempt could otherwise
    show it the day's dice (docs/decisions/0048).
    """
    user_id = player.user_id if player is not None else user_id
    if user_id is None:
        return Practice.GUEST
    account = User.objects.filter(pk=user_id).values_list("date_joined", "is_staff").first()
    if account is None or account[0] >= start_of(challenge.day):
        return Practice.NEW_ACCOUNT
    if account[1]:  # the admin shows every game's dice to staff
        return Practice.STAFF
    if challenge.pk is None:  # nobody has played it yet
        return ""
    if (
        player is not None
        and DailyAttempt.objects.filter(challenge=challenge, player=player, practice="").exists()
    ):  # saw the day's dice
        return Practice.AGAIN
    ranked = DailyAttempt.objects.filter(challenge=challenge, ranked=True)
    if browser and ranked.filter(browser=browser).exists():
        return Practice.BROWSER
    if address and ranked.filter(address=address).exists():
        return Practice.ADDRESS
    return ""


def daily_play(
    *,
    player: Player,
    ruleset: str,
    day: date | None = None,
    browser: str = "",
    address: str = "",
) -> DailyAttempt:
    """Start (or go back to, while it is played) ``player``'s attempt at the challenge of
    ``ruleset`` on ``day`` (today when left out), from ``browser`` (its id) and
    ``address`` (a keyed hash): a solo game on the day's dice when it ranks, on dice of
    its own (practice) when it does not (``why_practice``), and on the day's dice,
    unranked, for a past day."""
    require_not_banned(player)
    if player.is_bot:
        raise ServiceError("not_a_person", gettext("bots do not play the daily challenge"))
    with transaction.atomic():
        challenge = challenge_of(ruleset, today() if day is None else day)
        going = (
            DailyAttempt.objects.filter(
                challenge=challenge, player=player, game__status=Game.Status.PLAYING
            )
            .select_related("game__room")
            .first()
        )
        if going is not None:
            return going
        level_ready(PAR_LEVEL, rulesets.get(challenge.ruleset))  # par by the game's end
        if challenge.day < today():
            return _open_table(player, challenge, browser, address, ranked=False)
        practice = why_practice(
            player=player, challenge=challenge, browser=browser, address=address
        )
        if practice:
            return _open_table(player, challenge, browser, address, practice=practice)
        try:
            with transaction.atomic():
                return _open_table(player, challenge, browser, address, ranked=True)
        except IntegrityError:  # a ranked attempt of this player, browser or address won
            pass
        found = DailyAttempt.objects.filter(challenge=challenge, player=player, ranked=True).first()
        if found is not None:  # the same player's other request made it
            return found
        practice = (
            why_practice(player=player, challenge=challenge, browser=browser, address=address)
            or Practice.AGAIN
        )
        return _open_table(player, challenge, browser, address, practice=practice)


def _open_table(
    player: Player,
    challenge: DailyChallenge,
    browser: str,
    address: str,
    ranked: bool = False,
    practice: str = "",
) -> DailyAttempt:
    """A solo table of ``challenge`` for ``player``, its game begun on the day's dice (on
    new dice of its own for a ``practice`` game)."""
    rs = rulesets.get(challenge.ruleset)
    member = solo_room_create(
        player=player,
        ruleset=rs.name,
        options=dict(rs.options),
        browser=browser,
        address=address,
    )
    room = member.room
    bump(
        room,
        "room_created",
        actor=player,
        data={
            "ruleset": rs.name,
            "options": dict(rs.options),
            "seats": 1,
            "pace": cast(Pace, room.pace),  # one of the modes' (play.modes)
            "turn_seconds": None,
            "holidays": room.holidays,
            "together": False,
            "duplicate": False,
        },
    )
    seed = dice.new_seed() if practice else seed_of(challenge.ruleset, challenge.day)
    game = begin_game(room, [member], seed=seed)
    bump(
        room,
        "game_started",
        actor=player,
        game=game,
        data={"number": game.number, "seats": [player.name]},
    )
    return DailyAttempt.objects.create(
        challenge=challenge,
        player=player,
        game=game,
        ranked=ranked,
        practice=practice,
        browser=browser,
        address=address,
    )


def par_of(challenge: DailyChallenge) -> int | None:
    """Par of ``challenge``: the expert bot's score on the day's dice (worked out once,
    then stored); ``None`` while its tables are still warming."""
    if challenge.par is None:
        rs = rulesets.get(challenge.ruleset)
        if not level_ready(PAR_LEVEL, rs):
            return None
        challenge.par = duplicate.play(
            rs.new_scorecard(),
            levels.get(PAR_LEVEL),
            bytes.fromhex(seed_of(challenge.ruleset, challenge.day)),
        )
        challenge.save(update_fields=["par"])
    return int(challenge.par["total"])


def attempt_par(attempt: DailyAttempt) -> int | None:
    """Par of the dice ``attempt`` played: the day's, or a practice game's own (worked
    out once, then stored); ``None`` while the expert's tables are still warming."""
    if not attempt.practice:
        return par_of(attempt.challenge)
    if attempt.par is None:
        rs = rulesets.get(attempt.challenge.ruleset)
        if not level_ready(PAR_LEVEL, rs):
            return None
        played = duplicate.play(
            rs.new_scorecard(), levels.get(PAR_LEVEL), bytes.fromhex(attempt.game.seed)
        )
        attempt.par = int(played["total"])
        attempt.save(update_fields=["par"])
    return attempt.par
