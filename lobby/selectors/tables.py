"""The open tables' list as the lobby's page shows it (docs/open-tables.md): each table
with its host's rating in its variant, those of the viewer's blocks left out."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Player
from friends.selectors.blocks import blocked_ids
from lobby.models import Waiting
from ratings.selectors.ratings import Shown, ratings_in, unrated
from rooms.selectors.open_tables import OpenTable, open_tables


@dataclass(frozen=True)
class Filters:
    """What the list is narrowed to (each: any when empty or ``None``)."""

    ruleset: str = ""
    pace: str = ""
    rated: bool | None = None
    language: str = ""


@dataclass(frozen=True)
class Listed:
    """A table of the list with its host's rating in its variant."""

    table: OpenTable
    rating: Shown


def table_list(viewer: Player | None, filters: Filters) -> tuple[list[Listed], bool]:
    """The first public tables waiting that ``viewer`` may see (none with someone they
    blocked or who blocked them) as ``filters`` narrow them, best first, and whether more
    match."""
    apart = blocked_ids(viewer) if viewer is not None else set()
    tables, more = open_tables(
        apart_from=apart,
        ruleset=filters.ruleset,
        pace=filters.pace,
        rated=filters.rated,
        language=filters.language,
    )
    by_variant: dict[str, set[int]] = {}
    for table in tables:
        by_variant.setdefault(table.ruleset, set()).add(table.host_id)
    ratings = {variant: ratings_in(variant, hosts) for variant, hosts in by_variant.items()}
    return [
        Listed(t, ratings[t.ruleset].get(t.host_id) or unrated(t.ruleset)) for t in tables
    ], more


def waiting_for(viewer: Player | None) -> str:
    """The variant ``viewer`` waits for an opponent in by the day ("" when they do not)."""
    if viewer is None:
        return ""
    return Waiting.objects.filter(player=viewer).values_list("ruleset", flat=True).first() or ""
