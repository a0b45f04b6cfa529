"""The coach's reviews: a Django app of the site (docs/architecture.md)."""
