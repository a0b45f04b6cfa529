"""Backups: copies of the database taken while the site runs, and their restore (a Django
app of the site, docs/architecture.md; docs/operations.md says how to use them)."""
