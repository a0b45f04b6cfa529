"""Signals the play services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A game was finished (its final ranking committed); sent with ``game_id`` after the
# commit. The background work of a server process precomputes its reviews.
game_finished = Signal()

# A seat's turn opened; sent with ``room``, ``game``, ``player`` (the seat's),
# ``holiday_until`` and ``deadline`` inside the transaction that opened it. The notices
# put "your turn" in the player's outbox.
turn_opened = Signal()

# A turn that had not begun was taken away again (a placement taken back); sent with
# ``game`` and the turn's ``number`` inside the transaction that took it. The notices
# drop any notice of it.
turn_withdrawn = Signal()

# A game whose table keeps attempts (the daily challenge's) was finished; sent with
# ``game`` and its winner's ``score`` inside the finishing transaction. The daily
# challenge keeps the attempt's score.
attempt_finished = Signal()

# A room's new version was recorded (``bump``); sent with ``room`` inside the transaction
# that recorded it. The rooms app writes what else of the room's row changed: its last
# activity, and what the service that bumped it changed.
room_recorded = Signal()
