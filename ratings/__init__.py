"""Ratings: a Django app of the site (docs/architecture.md)."""
