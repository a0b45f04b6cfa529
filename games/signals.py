"""Signals the services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A game was finished (its final ranking committed); sent with ``game_id`` after the
# commit. The background work of a server process precomputes its reviews.
game_finished = Signal()
