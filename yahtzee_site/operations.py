"""The settings an operator sets to run the site (docs/operations.md), read from the
environment by ``yahtzee_site/settings.py``: backups, ``/metrics`` and error reports."""

from __future__ import annotations

from pathlib import Path

from yahtzee_site.env import env_bool, env_int, env_networks, env_str


def backups(base_dir: Path) -> tuple[Path, int, int, bool, int]:
    """(``BACKUP_DIR``, ``BACKUP_KEEP_DAILY``, ``BACKUP_KEEP_WEEKLY``, ``BACKUP_NIGHTLY``,
    ``BACKUP_HOUR``): where backups are kept, how many of the newest days and weeks keep
    one, and whether a server process takes one every night after that hour, server time
    (``make serve`` turns it on)."""
    return (
        Path(env_str("BACKUP_DIR", str(base_dir / "var" / "backups"))),
        env_int("BACKUP_KEEP_DAILY", 7),
        env_int("BACKUP_KEEP_WEEKLY", 4),
        env_bool("BACKUP_NIGHTLY", default=False),
        env_int("BACKUP_HOUR", 4),
    )


def metrics() -> tuple[list[str], str]:
    """(``METRICS_NETWORKS``, ``METRICS_TOKEN``): ``/metrics`` answers these networks
    (loopback unless set), or a request that brings ``Authorization: Bearer <token>``; a
    404 for everyone else."""
    return env_networks("METRICS_NETWORKS", ["127.0.0.0/8", "::1/128"]), env_str(
        "METRICS_TOKEN", ""
    )


def error_reports() -> str:
    """``SENTRY_DSN``: when set, errors go to Sentry, without personal data (addresses,
    cookies, users, request bodies) and without performance traces."""
    dsn = env_str("SENTRY_DSN", "")
    if dsn:
        import sentry_sdk

        sentry_sdk.init(dsn=dsn, send_default_pii=False, traces_sample_rate=0.0)
    return dsn
