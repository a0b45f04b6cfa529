"""Players, accounts and their email addresses: a Django app of the site (docs/architecture.md)."""
