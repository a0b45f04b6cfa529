"""Everyone's turn at once: each round opens a turn for every seat, each with its own
deadline, and closes when all are scored."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet
from django.utils.translation import gettext

from accounts.models import Player
from play import sql
from play.models import Game, Scorecard, Turn
from play.modes.base import Refusal, TurnOrder


def _open_turns(game: Game) -> QuerySet[Turn]:
    return Turn.objects.filter(game=game, finished_at__isnull=True)


class EveryoneAtOnce(TurnOrder):
    """Every seat plays its own turn of the round, in any order; the game's
    ``turn_deadline`` is the earliest of the open turns'."""

    name = "everyone_at_once"
    rounds = True

    def open_seats(self, game: Game) -> QuerySet[Turn, int]:
        """The seats whose turn of the round is still open."""
        return _open_turns(game).values_list("seat", flat=True)

    def seat_in_turn(self, game: Game) -> int | None:
        """None: every seat plays its own turn."""
        return None

    def expired_seat(self, game: Game, at: datetime) -> int | None:
        """The seat of the open turn whose own deadline passed first."""
        return (
            _open_turns(game)
            .filter(deadline__lte=at)
            .order_by("deadline", "seat")
            .values_list("seat", flat=True)
            .first()
        )

    def deadline_of(self, game: Game, turn: Turn) -> datetime | None:
        """The turn's own deadline."""
        return turn.deadline

    def bot_acts_again(self, game: Game, card: Scorecard) -> bool:
        """Always: the next bot of the round acts soon, if not the same."""
        return True

    def card_to_play(self, game: Game, player: Player) -> Scorecard | Refusal:
        """``player``'s card while their turn of the round is open."""
        mine = sql.card_of(game, player.pk)
        if mine is None:
            return Refusal("not_your_turn", gettext("you are not playing this game"))
        if sql.open_turn_of(game, mine.seat) is None:
            return Refusal(
                "not_your_turn",
                gettext("you have scored this round: the others are still playing theirs"),
            )
        return mine

    def turn_to_play(self, game: Game, card: Scorecard | None) -> tuple[Scorecard, Turn]:
        """``card``'s open turn of the round (the seat must be given)."""
        if card is None:
            raise ValueError("everyone's turn at once: the seat is needed")
        turn = sql.open_turn_of(game, card.seat)
        if turn is None:
            raise Turn.DoesNotExist(f"seat {card.seat} has no open turn")
        return card, turn

    def card_to_skip(self, game: Game, seat: int | None) -> Scorecard | Refusal:
        """The card at ``seat``, if its turn of the round is open."""
        current = (
            game.scorecards.select_related("player").filter(seat=seat).first()
            if seat is not None
            else None
        )
        if current is None:
            return Refusal("unknown_seat", gettext("there is no such seat in this game"))
        if sql.open_turn_of(game, current.seat) is None:
            return Refusal(
                "cannot_skip",
                gettext("%(name)s has scored this round") % {"name": current.player.name},
            )
        return current

    def keep_deadline(self, game: Game) -> None:
        """Nothing: each turn keeps its own deadline already."""

    def placed_turn(self, game: Game, card: Scorecard) -> Turn | Refusal:
        """The seat's last turn, once it has filled its box of the open round."""
        if sql.open_turn_of(game, card.seat) is not None:
            return Refusal(
                "nothing_to_take_back",
                gettext(
                    "you have not filled a box this round (a box filled in a round that has "
                    "closed stays filled)"
                ),
            )
        found = Turn.objects.filter(game=game, seat=card.seat).order_by("-number").first()
        if found is None or not found.box:
            return Refusal("nothing_to_take_back", gettext("you have no box to take back"))
        return found

    def take_back_closed(self, game: Game) -> Refusal | None:
        """Never while the round is open (a closed round's box is not the seat's last
        placed turn of an open round: ``placed_turn`` refuses it)."""
        return None


EVERYONE_AT_ONCE = EveryoneAtOnce()
