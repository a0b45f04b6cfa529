"""Strict helpers for reading settings from environment variables."""

from __future__ import annotations

import ipaddress
import os
import re
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

# Every environment variable the settings read (tests and tools start from a clean slate).
SETTINGS_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "GAMES_BOT_DELAY_SECONDS",
    "GAMES_CLOCK_IN_PROCESS",
    "GAMES_COACH_IN_BACKGROUND",
    "GAMES_AWAY_FOR_HANDOVER_SECONDS",
    "STRATEGY_CACHE_DIR",
    "DATABASE_POOL_SIZE",
    "SOCKET_DATABASE_THREADS",
    "ONE_PROCESS",
    "SERVED_OVER_HTTPS",
    "STATIC_ROOT",
    "GUEST_LIMIT",
    "GUEST_LIMIT_WINDOW_SECONDS",
    "GUEST_LIMIT_UNDER_BAN",
    "GUEST_LIMIT_TRUSTED",
    "SITE_URL",
    "PORT",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "EMAIL_TIMEOUT",
    "DEFAULT_FROM_EMAIL",
    "WEBPUSH_PRIVATE_KEY",
    "WEBPUSH_KEY_FILE",
    "WEBPUSH_SUBJECT",
    "PUSH_SERVICE_HOSTS",
    "BACKUP_DIR",
    "BACKUP_KEEP_DAILY",
    "BACKUP_KEEP_WEEKLY",
    "BACKUP_NIGHTLY",
    "BACKUP_HOUR",
    "METRICS_NETWORKS",
    "METRICS_TOKEN",
    "SENTRY_DSN",
    "PROMETHEUS_MULTIPROC_DIR",
)

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def parse_bool(name: str, raw: str) -> bool:
    """Parse the value ``raw`` of variable ``name``: 1/0, true/false, yes/no, on/off.

    >>> parse_bool("DEBUG", " Yes "), parse_bool("DEBUG", "off")
    (True, False)
    >>> parse_bool("DEBUG", "maybe")
    Traceback (most recent call last):
    ...
    django.core.exceptions.ImproperlyConfigured: Environment variable DEBUG='maybe' is not ...
    """
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"Environment variable {name}={raw!r} is not a boolean; "
        "use one of 1/0, true/false, yes/no, on/off."
    )


def parse_list(raw: str) -> list[str]:
    """Split a comma-separated value, dropping blanks.

    >>> parse_list("dice.example, www.dice.example,")
    ['dice.example', 'www.dice.example']
    """
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_bool(name: str, default: bool) -> bool:
    """The boolean variable ``name``, or ``default`` when unset or blank."""
    raw = os.environ.get(name, "")
    return parse_bool(name, raw) if raw.strip() else default


def env_str(name: str, default: str) -> str:
    """The string variable ``name``, or ``default`` when unset or blank."""
    return os.environ.get(name, "").strip() or default


def env_list(name: str, default: list[str]) -> list[str]:
    """The comma-separated variable ``name``, or ``default`` when unset.

    Set but empty means an empty list (a system check refuses that in production).
    """
    raw = os.environ.get(name)
    return list(default) if raw is None else parse_list(raw)


def env_networks(name: str, default: list[str]) -> list[str]:
    """The comma-separated networks (e.g. ``10.0.0.0/8``) in variable ``name``, or
    ``default`` when unset; set but empty means none.

    >>> import os; os.environ["NETWORKS_EXAMPLE"] = "10.0.0.0/8, 2001:db8::/32"
    >>> env_networks("NETWORKS_EXAMPLE", [])
    ['10.0.0.0/8', '2001:db8::/32']
    """
    networks = env_list(name, default)
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {network!r} is not a network such as 10.0.0.0/8 or 2001:db8::/32"
            ) from None
    return networks


def env_int(name: str, default: int) -> int:
    """The whole-number variable ``name`` (at least 1), or ``default`` when unset or blank.

    >>> import os; os.environ["POOL_EXAMPLE"] = "8"
    >>> env_int("POOL_EXAMPLE", 20), env_int("UNSET_EXAMPLE", 20)
    (8, 20)
    """
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(
            f"Environment variable {name}={raw!r} is not a whole number"
        ) from None
    if value < 1:
        raise ImproperlyConfigured(f"Environment variable {name} must be 1 or more")
    return value


def env_float(name: str, default: float) -> float:
    """The number variable ``name`` (at least 0), or ``default`` when unset or blank."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"Environment variable {name}={raw!r} is not a number") from None
    if not value >= 0:
        raise ImproperlyConfigured(f"Environment variable {name} must be 0 or more")
    return value


def parse_site_url(name: str, raw: str) -> str:
    """An http or https address with a host, an optional port and no path, without its
    trailing slash ("" when blank): the address the site is reached at.

    >>> parse_site_url("SITE_URL", " http://192.168.1.20:8000/ ")
    'http://192.168.1.20:8000'
    >>> parse_site_url("SITE_URL", "dice.example")
    Traceback (most recent call last):
    ...
    django.core.exceptions.ImproperlyConfigured: Environment variable SITE_URL='dice.example' ...
    """
    value = raw.strip()
    if not value:
        return ""
    try:
        parts = urlsplit(value)
        valid = (
            parts.scheme in ("http", "https")
            and bool(parts.hostname)
            and parts.path in ("", "/")
            and not parts.query
            and not parts.fragment
            and "@" not in parts.netloc
            and (parts.port is None or parts.port > 0)
        )  # a bad port raises here
    except ValueError:
        valid = False
    if not valid:
        raise ImproperlyConfigured(
            f"Environment variable {name}={raw!r} is not an address such as "
            "http://192.168.1.20:8000 or https://dice.example (a scheme and a host, an "
            "optional port, no path)."
        )
    return f"{parts.scheme}://{parts.netloc}"


def env_site_url(name: str) -> str:
    """The site address in variable ``name`` (see ``parse_site_url``), "" when unset."""
    return parse_site_url(name, os.environ.get(name, ""))


# A DNS name of two labels or more whose last is letters only: never an IP literal.
_HOST_NAME = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")


def parse_host_names(name: str, raw: str) -> list[str]:
    """The comma-separated host names in ``raw`` (variable ``name``), in lower case.

    >>> parse_host_names("PUSH_SERVICE_HOSTS", "FCM.googleapis.com, push.example.org")
    ['fcm.googleapis.com', 'push.example.org']
    >>> parse_host_names("PUSH_SERVICE_HOSTS", "fcm.googleapis.com,127.0.0.1")
    Traceback (most recent call last):
    ...
    django.core.exceptions.ImproperlyConfigured: Environment variable PUSH_SERVICE_HOSTS: ...
    """
    names = [item.lower() for item in parse_list(raw)]
    for host in names:
        if not _HOST_NAME.fullmatch(host):
            raise ImproperlyConfigured(
                f"Environment variable {name}: {host!r} is not a host name such as "
                "push.example.org (letters, digits and hyphens, two labels or more, no "
                "IP address)"
            )
    return names


def env_host_names(name: str, default: list[str]) -> list[str]:
    """The host names in variable ``name`` (see ``parse_host_names``), or ``default``
    when unset; set but empty means none."""
    raw = os.environ.get(name)
    return list(default) if raw is None else parse_host_names(name, raw)
