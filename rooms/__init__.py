"""Rooms, seats and chat: a Django app of the site (docs/architecture.md)."""
