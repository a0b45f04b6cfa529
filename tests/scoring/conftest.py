"""Hypothesis settings for the rules engine: no deadline, CI machines vary in speed."""

from hypothesis import settings

settings.register_profile("scoring", deadline=None, print_blob=True)
settings.load_profile("scoring")
