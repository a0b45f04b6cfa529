"""An app writes another app's rows only through that app's services (docs/architecture.md,
decision 0066): no module of an app saves, deletes, updates or creates a row of another
app's model itself, nor through a relation's manager, nor in plain SQL; it calls the
owner's service, or sends a signal the owner connects where the owner stands above it.

The check reads each module by the types its functions declare
(``tests/support/model_writes.py``): a row in hand is known from the call, relation,
loop or annotation that gave it. Django's ``auth`` models are the accounts app's.
"""

from __future__ import annotations

from typing import Any

from tests.support.model_writes import model_writes
from tests.support.site_apps import APPS, ROOT, app_modules

# Apps of Django's whose rows one of the site's apps keeps.
KEEPERS = {"auth": "accounts"}
# The one write left to another app, with its reason: a move's own writes are plain SQL
# in one module, the room's version among them (decisions 0031 and 0039).
ALLOWED = {"play/sql_writes.py: Room of rooms"}


def foreign_writes(source: str, namespace: dict[str, Any], app: str) -> list[str]:
    """Each write in ``source`` (a module of ``app``, read in ``namespace``) of a row of
    another app's model: ``line: Model of owner``."""
    found = []
    for line, model in model_writes(source, namespace):
        label = getattr(getattr(model, "_meta", None), "app_label", None)
        if label is not None and KEEPERS.get(label, label) != app:
            found.append(f"{line}: {model.__name__} of {label}")
    return found


def test_no_app_writes_another_apps_rows() -> None:
    writing = []
    for app in APPS:
        for path, namespace in app_modules(app):
            writing += [
                f"{path}:{found}"
                for found in foreign_writes((ROOT / path).read_text(), namespace, app)
            ]
    left = {f"{place.split(':')[0]}:{place.split(':', 2)[2]}" for place in writing}
    assert left == ALLOWED, writing


SEEN = """
def service(room: Room, player: Player, cards: Sequence[Scorecard], at: datetime):
    game = latest_game(room.pk)
    game.save()                                          # 4: a function's Game | None
    games.latest_game(room.pk).delete()                  # 5: a module's function
    for turn in games.turns_of(game):                    # list[Turn]
        turn.save()                                      # 7
    for member in room.members.all():
        member.save()                                    # 9: a loop over a relation
    [card.save() for card in cards]                      # 10: Sequence[Scorecard]
    if (found := room_by_code("ABCD")) is not None:
        found.save()                                     # 12: a walrus
    for n, card in enumerate(cards):
        card.player.save()                               # 14: a relation of a row
    game.turns.filter(number=n).update(points=0)         # 15: a relation's manager
    next(c for c in cards if c.seat == 0).delete()       # 16
    played, mine = your_turn(room, player)               # tuple[Game, Scorecard]
    mine.save()                                          # 18
    due_games(at, 5).update(bot_due_at=None)             # 19: QuerySet[Game, int]
    execute("UPDATE games_room SET version = 1")         # 20: plain SQL
    (None if game is None else game.room).save()         # 21
"""


def test_the_check_sees_each_way_to_a_row_and_not_the_apps_own() -> None:
    from collections.abc import Sequence

    from accounts.models import Player
    from play.models import Scorecard
    from play.selectors import games
    from play.selectors.games import due_games, latest_game
    from play.services.play import your_turn
    from rooms.models import Room
    from rooms.selectors.rooms import room_by_code

    namespace = {
        "Room": Room,
        "Player": Player,
        "Scorecard": Scorecard,
        "Sequence": Sequence,
        "games": games,
        "latest_game": latest_game,
        "room_by_code": room_by_code,
        "your_turn": your_turn,
        "due_games": due_games,
    }
    assert foreign_writes(SEEN, namespace, "rooms") == [
        "4: Game of play",
        "5: Game of play",
        "7: Turn of play",
        "10: Scorecard of play",
        "14: Player of accounts",
        "15: Turn of play",
        "16: Scorecard of play",
        "18: Scorecard of play",
        "19: Game of play",
    ]
    assert foreign_writes(SEEN, namespace, "play") == [
        "9: Membership of rooms",
        "12: Room of rooms",
        "14: Player of accounts",
        "20: Room of rooms",
        "21: Room of rooms",
    ]
    assert foreign_writes("def f(user: User):\n    user.delete()\n", namespace, "accounts") == []
