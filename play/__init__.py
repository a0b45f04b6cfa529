"""Games, turns, scorecards and the event log: a Django app of the site (docs/architecture.md)."""
