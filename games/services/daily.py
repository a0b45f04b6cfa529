"""The daily challenge: one set of dice per variant and UTC day, the same for everyone.

A day's dice come from its seed, an HMAC of the server's secret key and "variant:date"
(``django.utils.crypto.salted_hmac``): nobody can work them out before the day, and
nothing secret is stored. Each attempt is a solo game on those dice in a table of its
own (``Room.daily``), with the coach off. An account's first attempt of the day, on the
day, is ranked; a guest's, a second one and a past day's are not.
"""

from __future__ import annotations

from datetime import UTC, date

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from games.coach.advice import level_ready
from games.errors import ServiceError
from games.models import DailyAttempt, DailyChallenge, Game, Membership, Player, Room
from games.services.core import bump, now, require_not_banned
from games.services.play import begin_game
from games.services.rooms import new_code
from scoring import duplicate, rulesets
from scoring.strategy import levels

PAR_LEVEL = "expert"


def today() -> date:
    """The day of the challenge now: the date in UTC."""
    return now().astimezone(UTC).date()


def seed_of(ruleset: str, day: date) -> str:
    """The secret seed, in hex, of ``ruleset``'s challenge on ``day``."""
    return salted_hmac("games.daily", f"{ruleset}:{day.isoformat()}",
                       algorithm="sha256").hexdigest()


def challenge_of(ruleset: object, day: object, create: bool = True) -> DailyChallenge:
    """The challenge of ``ruleset`` (a variant's name) on ``day`` (a date, today or
    before), made on first use (``create`` false: left unsaved when nobody has played
    it); ``unknown_ruleset`` or ``not_yet`` otherwise."""
    if not isinstance(ruleset, str) or ruleset not in rulesets.names():
        raise ServiceError("unknown_ruleset", gettext("choose one of the variants"))
    if not isinstance(day, date) or day > today():
        raise ServiceError("not_yet", gettext("that day's challenge has not begun"))
    if not create:
        return DailyChallenge.objects.filter(day=day, ruleset=ruleset).first() \
            or DailyChallenge(day=day, ruleset=ruleset)
    found, _ = DailyChallenge.objects.get_or_create(day=day, ruleset=ruleset)
    return found


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
        # Ranked: an account's first attempt at the day, on the day (a guest who played it
        # and then made an account has seen the dice).
        ranked = (player.user_id is not None and challenge.day == today()
                  and not DailyAttempt.objects.filter(challenge=challenge, player=player)
                  .exists())
        try:
            with transaction.atomic():
                return _open_table(player, challenge, ranked)
        except IntegrityError:  # the same player's other request made the ranked one
            found = DailyAttempt.objects.filter(challenge=challenge, player=player,
                                                ranked=True).first()
            if found is None:
                raise
            return found


def _open_table(player: Player, challenge: DailyChallenge, ranked: bool) -> DailyAttempt:
    """A solo table of ``challenge`` for ``player``, its game begun on the day's dice."""
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
