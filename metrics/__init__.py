"""Metrics: the site's measurements at ``/metrics`` in Prometheus's format, for the
operator only (a Django app of the site, docs/architecture.md; docs/operations.md#metrics)."""
