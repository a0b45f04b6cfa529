"""Friend requests and accepted ones rung on the bell: the receivers of
``friends.signals.friend_requested`` and ``friend_accepted`` (connected in
``notices.apps``), which the friends services send after their commit."""

from __future__ import annotations

from typing import Any

from common.publish import publish_on_commit
from notices.selectors.bell_kinds import FRIEND_ACCEPTED, FRIEND_REQUEST
from notices.services.bell import bell_friend_ring


def friend_request_rung(sender: Any, *, sender_id: int, receiver_id: int, **kwargs: Any) -> None:
    """Ring the request on its receiver's bell and tell their pages."""
    publish_on_commit(
        bell_friend_ring(kind=FRIEND_REQUEST.name, player_id=receiver_id, about_id=sender_id)
    )


def friend_accepted_rung(sender: Any, *, player_id: int, friend_id: int, **kwargs: Any) -> None:
    """Ring the new friendship on the bell of the one who asked first and tell their
    pages."""
    publish_on_commit(
        bell_friend_ring(kind=FRIEND_ACCEPTED.name, player_id=friend_id, about_id=player_id)
    )
