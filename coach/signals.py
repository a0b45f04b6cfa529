"""Signals the coach's services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A person's review of a finished game was made; sent with ``game``, ``player`` and the
# review's ``accuracy`` (per cent, or None) inside the storing transaction, before
# ``review_stored``. The daily challenge keeps the accuracy of the attempt played in it.
review_made = Signal()

# A person's review of a finished game was stored; sent with ``game`` inside the storing
# transaction, once the daily attempt played in it (if any) has its accuracy. The
# foresight check of the daily challenge listens (``daily.services.foresight``).
review_stored = Signal()
