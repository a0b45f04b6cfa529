"""Push subscriptions, notices and preferences: a Django app of the site (docs/architecture.md)."""
