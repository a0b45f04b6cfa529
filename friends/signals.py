"""Signals the friends services send after their commit; ``notices`` rings them on the
bell (docs/architecture.md)."""

from django.dispatch import Signal

# A friend request was made; sent with ``sender_id`` and ``receiver_id`` after the commit.
friend_requested = Signal()

# Two people became friends (a request accepted, or two requests crossed); sent with
# ``player_id`` (who accepted, or whose request crossed the other's) and ``friend_id``
# after the commit.
friend_accepted = Signal()
