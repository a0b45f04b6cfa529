"""Signals the accounts' services send, for work that is not theirs to do."""

from django.dispatch import Signal

# A player leaves the site (their account was deleted, or another player of the same
# visitor took their place at sign-in); sent with ``player`` inside that transaction.
# Each receiver returns the news of what it committed (a list), for the caller to
# publish: the rooms app leaves every room the player sits in.
player_leaving = Signal()

# A player takes a new name; sent with ``player`` inside that transaction. Each receiver
# returns a set of names the new one must not look like: the rooms app, those of
# everyone who shares an open room with the player.
player_renaming = Signal()
