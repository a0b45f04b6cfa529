"""Signals the daily challenge's services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A player's ranked results were near perfect on several days of the last week; sent
# with ``room`` (the latest attempt's table), ``player`` and ``text`` (the figures)
# inside the transaction that kept the attempt's accuracy. The moderators' queue gets an
# accuracy report of the player, unless one is open already.
accuracy_doubted = Signal()

# A ranked attempt's luck lies beyond what honest play on the day's dice reaches; sent
# with ``room_id`` (the attempt's table), ``player`` and ``text`` (the figures) inside a
# transaction that holds the room's lock. The moderators' queue gets a foresight report
# of the player at that table, once; the receiver returns the report made, or ``None``.
foresight_doubted = Signal()
