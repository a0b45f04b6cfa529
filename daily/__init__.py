"""The daily challenge: a Django app of the site (docs/architecture.md)."""
