"""Signals the services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A game was finished (its final ranking committed); sent with ``game_id`` after the
# commit. The background work of a server process precomputes its reviews.
game_finished = Signal()

# A person's review of a finished game was stored; sent with ``game`` inside the storing
# transaction, once the daily attempt played in it (if any) has its accuracy. The
# foresight check of the daily challenge listens (``games.services.foresight``).
review_stored = Signal()
