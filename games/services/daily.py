"""The daily challenge: one set of dice per variant and UTC day, the same for everyone.

A day's dice come from its seed, an HMAC of the server's secret key and "variant:date"
(``django.utils.crypto.salted_hmac``): nobody can work them out before the day, and
nothing secret is stored. Each attempt is a solo game on those dice in a table of its
own (``Room.daily``), with the coach off. An account's first attempt of the day, on the
day, is ranked; a guest's, a second one and a past day's are not.
"""

from __future__ import annotations

from datetime import UTC, date, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from games.coach.advice import level_ready
from games.errors import ServiceError
from games.models import DailyAttempt, DailyChallenge, Game, Membership, Player, Report, Room
from games.services.core import bump, now, require_not_banned
from games.services.play import begin_game
from games.services.rooms import new_code
from scoring import duplicate, rulesets
from scoring.strategy import levels

# Results this accurate (per cent) on this many ranked days of the last FLAG_WINDOW go to
# the moderators' queue for a look: the coach's own play is 100.
NEAR_PERFECT = 99.5
FLAG_DAYS = 3
FLAG_WINDOW = timedelta(days=7)
PAR_LEVEL = "expert"


def today() -> date:
    """The day of the challenge now: the date in UTC."""
    return now().astimezone(UTC).date()


def seed_of(ruleset: str, day: date) -> str:
    """The secret seed, in hex, of ``ruleset``'s challenge on ``day``."""
    return salted_hmac("games.daily", f"{ruleset}:{day.isoformat()}",
                       algorithm="sha256").hexdigest()


def challenge_of(ruleset: object, day: object) -> DailyChallenge:
    """The challenge of ``ruleset`` (a variant's name) on ``day`` (a date, today or
    before), made on first use; ``unknown_ruleset`` or ``not_yet`` otherwise."""
    if not isinstance(ruleset, str) or ruleset not in rulesets.names():
        raise ServiceError("unknown_ruleset", gettext("choose one of the variants"))
    if not isinstance(day, date) or day > today():
        raise ServiceError("not_yet", gettext("that day's challenge has not begun"))
    found, _ = DailyChallenge.objects.get_or_create(day=day, ruleset=ruleset)
    return found


def ranked_attempt(challenge: DailyChallenge, player: Player) -> DailyAttempt | None:
    """``player``'s ranked attempt at ``challenge``, if they made one."""
    return DailyAttempt.objects.filter(challenge=challenge, player=player, ranked=True).first()


def daily_play(*, player: Player, ruleset: object, day: object = None) -> DailyAttempt:
    """Start (or go back to, while it is played) ``player``'s attempt at the challenge of
    ``ruleset`` on ``day`` (today when left out): a solo game on the day's dice."""
    require_not_banned(player)
    if player.is_bot:
        raise ServiceError("not_a_person", gettext("bots do not play the daily challenge"))
    with transaction.atomic():
        challenge = challenge_of(ruleset, today() if day is None else day)
        going = DailyAttempt.objects.filter(
            challenge=challenge, player=player,
            game__status=Game.Status.PLAYING).select_related("game__room").first()
        if going is not None:
            return going
        ranked = (player.user_id is not None and challenge.day == today()
                  and ranked_attempt(challenge, player) is None)
        rs = rulesets.get(challenge.ruleset)
        room = Room.objects.create(
            code=new_code(), host=player, ruleset=rs.name, options=dict(rs.options),
            seat_count=1, coach_enabled=False, daily=True, last_activity_at=now())
        member = Membership.objects.create(room=room, player=player, seat=0)
        bump(room, "room_created", actor=player,
             data={"ruleset": rs.name, "options": dict(rs.options), "seats": 1,
                   "pace": room.pace, "turn_seconds": None, "holidays": room.holidays,
                   "together": False, "duplicate": False})
        game = begin_game(room, [member], seed=seed_of(challenge.ruleset, challenge.day))
        bump(room, "game_started", actor=player, game=game,
             data={"number": game.number, "seats": [player.name]})
        return DailyAttempt.objects.create(challenge=challenge, player=player, game=game,
                                           ranked=ranked)


def par_of(challenge: DailyChallenge) -> int | None:
    """Par of ``challenge``: the expert bot's score on the day's dice (worked out once,
    then stored); ``None`` while its tables are still warming."""
    if challenge.par is None:
        rs = rulesets.get(challenge.ruleset)
        if not level_ready(PAR_LEVEL, rs):
            return None
        challenge.par = duplicate.play(rs.new_scorecard(), levels.get(PAR_LEVEL),
                                       bytes.fromhex(seed_of(challenge.ruleset, challenge.day)))
        challenge.save(update_fields=["par"])
    return int(challenge.par["total"])


def board(challenge: DailyChallenge) -> QuerySet[DailyAttempt]:
    """The ranked, finished attempts at ``challenge``."""
    return DailyAttempt.objects.filter(challenge=challenge, ranked=True, score__isnull=False)


def record_accuracy(game: Game, player: Player, accuracy: float | None) -> None:
    """Keep a daily attempt's accuracy once its review is built, and send the player to
    the moderators' queue when their ranked results are near perfect on ``FLAG_DAYS`` days
    of the last week (once while a report of it is open)."""
    attempt = DailyAttempt.objects.filter(game=game, player=player).first()
    if attempt is None:
        return
    attempt.accuracy = accuracy
    attempt.save(update_fields=["accuracy"])
    since = attempt.challenge.day - FLAG_WINDOW
    perfect_days = DailyAttempt.objects.filter(
        player=player, ranked=True, accuracy__gte=NEAR_PERFECT,
        challenge__day__gt=since).values("challenge__day").distinct().count()
    if perfect_days < FLAG_DAYS or Report.objects.filter(
            reported=player, reason=Report.Reason.ACCURACY,
            status=Report.Status.OPEN).exists():
        return
    Report.objects.create(
        room=game.room, reporter=None, reported=player, reason=Report.Reason.ACCURACY,
        text=f"{perfect_days} daily challenges of the last week at {NEAR_PERFECT}% accuracy "
             "or more")
