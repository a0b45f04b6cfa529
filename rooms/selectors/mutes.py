"""Reads of the mutes members made in a room: whose chat and reactions each of them no
longer sees there (``rooms.services.mutes``)."""

from __future__ import annotations

from collections.abc import Mapping

from rooms.models import MemberMute


def mutes_in(room_id: int) -> dict[int, frozenset[int]]:
    """For each player who muted someone in room ``room_id``, the ids of those they muted
    (one query; players who muted nobody there are left out)."""
    found: dict[int, set[int]] = {}
    for muter, muted in MemberMute.objects.filter(room_id=room_id).values_list(
        "muter_id", "muted_id"
    ):
        found.setdefault(muter, set()).add(muted)
    return {muter: frozenset(ids) for muter, ids in found.items()}


def hidden_with_mutes(
    blocked: Mapping[int, frozenset[int]], muted: Mapping[int, frozenset[int]]
) -> dict[int, frozenset[int]]:
    """Whom each viewer does not hear: those they ``blocked`` and those they ``muted``.

    >>> hidden_with_mutes({1: frozenset({2})}, {1: frozenset({3}), 4: frozenset({1})})
    {1: frozenset({2, 3}), 4: frozenset({1})}
    """
    return {
        viewer: blocked.get(viewer, frozenset()) | muted.get(viewer, frozenset())
        for viewer in (*blocked, *(m for m in muted if m not in blocked))
    }
