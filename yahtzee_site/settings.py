"""Settings for the dice-game site: one module, driven by environment variables.

Every value has a safe local default, so ``make run`` works on a fresh machine.
Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and REDIS_URL;
the ``yahtzee_site.E00x`` system checks (games/checks.py) refuse unsafe
combinations when DEBUG is off.
"""

from __future__ import annotations

import os
import socket
import tempfile
from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path
from typing import Final

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from yahtzee_site import operations
from yahtzee_site.env import (
    env_bool,
    env_float,
    env_host_names,
    env_int,
    env_list,
    env_networks,
    env_site_url,
    env_str,
)
from yahtzee_site.site_apps import SITE_APPS

BASE_DIR = Path(__file__).resolve().parent.parent

# The "django-insecure-" prefix marks this key as local-only; a system check
# refuses it when DEBUG is off.
LOCAL_SECRET_KEY = "django-insecure-local-development-key-never-use-in-production"

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = env_str("SECRET_KEY", LOCAL_SECRET_KEY)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
# The address friends reach the site at, e.g. "http://192.168.1.20:8000": invite links and
# QR codes use it (rooms/web/invites.py); empty, they use the address of each request.
# ``make serve`` sets it to the first network address it finds.
SITE_URL = env_site_url("SITE_URL")
# The port this machine serves on (``make run`` passes its PORT). Without SITE_URL, links
# written with no request (turn emails) use the address of the latest page a player
# opened, and before any, http://127.0.0.1:PORT (common/site_address.py).
PORT = env_int("PORT", 8000)
if PORT > 65535:
    raise ImproperlyConfigured(f"Environment variable PORT={PORT} is not a port (1-65535)")
# Set by a deployment that runs exactly one server process (``make serve``): the
# in-memory channel layer then reaches every player, and the system checks allow it.
ONE_PROCESS = env_bool("ONE_PROCESS", default=False)

INSTALLED_APPS = [
    "daphne",
    "csp",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    *SITE_APPS,
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and other dynamic answers gzipped (static files come precompressed from
    # WhiteNoise, above, and never reach it); Django's BREACH mitigation pads each answer
    # at random, and the CSRF token is masked anew on every page
    # (docs/decisions/0027-versioned-and-compressed-assets.md).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The visitor's language: the language cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    # A host name not in ALLOWED_HOSTS gets the site's 400 page, in the visitor's language.
    "common.error_pages.AllowedHostMiddleware",
    "common.browsers.BrowserIdMiddleware",
    # Outside CommonMiddleware, so a missing trailing slash is still redirected first.
    "common.error_pages.ErrorPagesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Where players open pages: links written with no request use it (rooms/web/invites.py).
    "rooms.web.invites.SiteAddressMiddleware",
    # A signed-in visitor's account language wins over the cookie (accounts/web/language.py).
    "accounts.web.language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: answers a locked-out sign-in with the site's 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "yahtzee_site.urls"
CSRF_FAILURE_VIEW = "common.error_pages.csrf_failure"
WSGI_APPLICATION = "yahtzee_site.wsgi.application"
ASGI_APPLICATION = "yahtzee_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: DATABASE_URL, e.g. postgres://user:pass@host:5432/name.
DATABASES = {
    "default": dj_database_url.parse(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR}/db.sqlite3"))
}
SOCKET_DATABASE_THREADS = 1  # the sockets' database threads: SQLite has one writer (0083)
SQLITE_AUTOCHECKPOINT_PAGES = 10_000  # SQLite's default is 1000 (4 MB)
# Whether a server process checkpoints its SQLite file from a thread of its own.
SQLITE_CHECKPOINT_THREAD = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction starts and wait up to 20 s
    # for each other, instead of failing with "database is locked". Write-ahead
    # logging lets readers and the writer work at once; synchronous=NORMAL keeps every
    # commit through a crash of the server process (a power cut may lose the last few).
    # A commit copies the log back into the database only past ~40 MB: a server process
    # does that every second from a thread of its own (games/background/checkpoints.py).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
            f"PRAGMA wal_autocheckpoint={SQLITE_AUTOCHECKPOINT_PAGES}",
        },
    )
    # A file needs no pool: each thread keeps its connection (a websocket server runs all
    # its queries on one thread) instead of opening one per request.
    DATABASES["default"]["CONN_MAX_AGE"] = None
    # Tests use a file, not shared-cache memory, so threads race through real locks.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"yahtzee-test-{os.getpid()}.sqlite3"),
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under ASGI every request may run on another thread: connections are not kept
    # per thread (CONN_MAX_AGE=0) but borrowed from psycopg's pool, which checks each
    # before lending it: none a PostgreSQL restart cut is lent (docs/decisions/0082).
    DATABASES["default"].update({"CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": True})
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": env_int("DATABASE_POOL_SIZE", 20),
        "timeout": 10,
    }
    SOCKET_DATABASE_THREADS = env_int("SOCKET_DATABASE_THREADS", 4)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channel layer: Redis when REDIS_URL is set (several processes), else in-memory.
# Each Redis connection of the layer (docs/decisions/0029-a-suite-that-does-not-flake.md):
# - no socket timeout: with one, redis-py sends every command through asyncio.wait_for,
#   which on Python 3.11 swallows a cancellation that comes as the send completes; a
#   socket's consumer that ends cancels its layer receive, which then polled on for
#   ever, and the socket hung open, answering nothing. (channels_redis waits for a
#   process's messages with 5 s blocking pops, so reads end by themselves.)
# - a dead connection still shows, through TCP: keepalive probes after 5 s of silence,
#   and the connection closes once probes or sent data go unacknowledged for 15 s
#   (where the system has these options, as Linux does).
# - a connection attempt gives up after 5 s (redis-py waits for the system's TCP
#   timeout, minutes, by default), so a socket never hangs on a Redis host that does
#   not answer.
REDIS_URL = env_str("REDIS_URL", "")
REDIS_DEAD_AFTER = 15  # seconds
REDIS_LAYER_CONNECTION = {
    "socket_timeout": None,
    "socket_connect_timeout": 5,
    "socket_keepalive": True,
    "socket_keepalive_options": {
        option: value
        for name, value in (
            ("TCP_KEEPIDLE", 5),
            ("TCP_KEEPINTVL", 5),
            ("TCP_KEEPCNT", 2),
            ("TCP_USER_TIMEOUT", REDIS_DEAD_AFTER * 1000),
        )
        if (option := getattr(socket, name, None)) is not None
    },
}
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, **REDIS_LAYER_CONNECTION}]},
        },
    }
else:
    # One process, no Redis: the layer of common/channel_layer.py keeps every message in
    # this process (docs/decisions/0037-a-channel-layer-for-one-process.md).
    CHANNEL_LAYERS = {"default": {"BACKEND": "common.channel_layer.ProcessChannelLayer"}}

# Cache: the same Redis, so every process shares counters such as the guess limit of
# common/throttle.py, and the address people reach the site at
# (common/site_address.py); else this process's memory (one process serves then).
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "dice",
        },
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Accounts are optional (accounts/services/accounts.py).  Failed sign-ins are counted by
# django-axes in the database, per username *and* address (the one Daphne sets), so one
# person's typos never lock out others on the same Wi-Fi
# (docs/decisions/0014-accounts-and-the-sign-in-limit.md).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "games:login"
LOGIN_REDIRECT_URL = "games:home"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "common.throttle.http_address"
AXES_LOCKOUT_CALLABLE = "accounts.web.accounts.locked_out"
AXES_RESET_ON_SUCCESS = True
# The wait the lockout page states holds: more tries while locked out do not extend it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_DISABLE_ACCESS_LOG = True  # failures are counted; successful sign-ins are not logged

# Email (accounts/web/emails.py, accounts/web/passwords.py): confirmation links for an account's
# address and password resets, through Django's email API.  Without EMAIL_HOST messages
# are written to the server's console (its log); with it they go out over SMTP
# (docs/decisions/0028-email-and-password-reset.md).
EMAIL_HOST = env_str("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", default=False)
    if EMAIL_USE_TLS and EMAIL_USE_SSL:
        raise ImproperlyConfigured(
            "EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on; "
            "STARTTLS (usually port 587) is EMAIL_USE_TLS=1"
        )
    EMAIL_PORT = env_int("EMAIL_PORT", 465 if EMAIL_USE_SSL else 587 if EMAIL_USE_TLS else 25)
    EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    # A mail server that does not answer fails the sending page after this, not never.
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Five Dice <noreply@localhost>")
# How long a password reset link and an address confirmation link work (Django's default).
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600
EMAIL_CONFIRMATION_TIMEOUT = 3 * 24 * 3600
# Reset and confirmation emails one recipient address may receive per hour; more asks
# are answered the same way but send nothing (no inbox is flooded through the site).
EMAILS_PER_ADDRESS = 3

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Browser-side defences, in every mode (so the browser tests see what production sends).
# Scripts, styles, images and sockets come from this site only; no inline script, no
# plugin, no framing (docs/decisions/0010-security-headers.md).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Served over HTTPS (directly or behind a proxy that sets X-Forwarded-Proto): plain HTTP
# is redirected, cookies travel over HTTPS only, and browsers are told to use HTTPS for a
# year.  Over plain HTTP (``make serve`` on a home network) none of this can hold, and
# ``check --deploy``'s warnings that say so are silenced.
SERVED_OVER_HTTPS = env_bool("SERVED_OVER_HTTPS", default=False)
if SERVED_OVER_HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
else:
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]

# Languages (docs/decisions/0019-languages.md): every page, message and box name in the
# visitor's language; adding one is adding its catalog under locale/ and a line here.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 400 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE: Final = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files, served by WhiteNoise in every mode.
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
if DEBUG:
    # Serve straight from static/ (no collectstatic) and, by default, pick up edits at
    # once. STATIC_MAX_AGE (seconds) lets browsers keep the files instead, for a server
    # whose files do not change while it runs: the browser tests' (docs/decisions/0007).
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_MAX_AGE = env_int("STATIC_MAX_AGE", 0)
    WHITENOISE_AUTOREFRESH = WHITENOISE_MAX_AGE == 0
    _STATICFILES_BACKEND = "django.contrib.staticfiles.storage.StaticFilesStorage"
else:
    _STATICFILES_BACKEND = "yahtzee_site.storage.VersionedStaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATICFILES_BACKEND},
}

# Games: the pause before each bot action, so people can follow the bot's moves, and
# whether each server process runs the clock (bot moves, expired turns) itself.
GAMES_BOT_DELAY_SECONDS = env_float("GAMES_BOT_DELAY_SECONDS", 0.8)
# How long a person is gone before any player may hand their seat to a bot and, for a
# host, before the host role passes on.
GAMES_AWAY_FOR_HANDOVER_SECONDS = env_float("GAMES_AWAY_FOR_HANDOVER_SECONDS", 60)
GAMES_CLOCK_IN_PROCESS = env_bool("GAMES_CLOCK_IN_PROCESS", default=True)
# How long an open (public) live table waits before its host is offered "Start with bots".
LOBBY_BOTS_AFTER_SECONDS = env_int("LOBBY_BOTS_AFTER_SECONDS", 60)
# Whether finished games' reviews are precomputed in the background (a child process).
GAMES_COACH_IN_BACKGROUND = env_bool("GAMES_COACH_IN_BACKGROUND", default=True)
# Whether that child runs only on CPU nothing else wants (SCHED_IDLE, nice 19); off, it
# runs at normal priority (the tests turn it off: busy cores would starve it).
GAMES_REVIEWS_ON_IDLE_CPU = env_bool("GAMES_REVIEWS_ON_IDLE_CPU", default=True)
# The guest limit (accounts/guest_limit.py): new guest players one address (an IPv6 /64)
# may create by opening rooms per window, the window, the new guests (joining or opening)
# per window of an address where a banned player was seen, and networks never limited
# (e.g. "10.0.0.0/8").  Joining through a room's link is otherwise not limited.
GUEST_LIMIT = env_int("GUEST_LIMIT", 20)
GUEST_LIMIT_WINDOW = env_int("GUEST_LIMIT_WINDOW_SECONDS", 3600)
GUEST_LIMIT_UNDER_BAN = env_int("GUEST_LIMIT_UNDER_BAN", 2)
GUEST_LIMIT_TRUSTED = env_networks("GUEST_LIMIT_TRUSTED", [])
# Web Push (docs/decisions/0042): the server's VAPID key, given as PEM or base64url in
# WEBPUSH_PRIVATE_KEY in production, else made once and kept in WEBPUSH_KEY_FILE; the
# contact push services may write to (a mailto: or https: URL).
WEBPUSH_PRIVATE_KEY = env_str("WEBPUSH_PRIVATE_KEY", "")
WEBPUSH_KEY_FILE = Path(env_str("WEBPUSH_KEY_FILE", str(BASE_DIR / "var" / "vapid.pem")))
# Push services on this machine (http://127.0.0.1:...): the tests' only (a browser test's
# live server sets WEBPUSH_LOOPBACK=1; never honoured with DEBUG off).
WEBPUSH_LOOPBACK = DEBUG and env_bool("WEBPUSH_LOOPBACK", default=False)
# The push services the server sends to, with the hosts under them (docs/decisions/0049):
# the browsers' own unless the environment names others.
PUSH_SERVICE_HOSTS = env_host_names(
    "PUSH_SERVICE_HOSTS",
    [
        "fcm.googleapis.com",  # Chrome, Edge on Android, Opera, Samsung Internet
        "updates.push.services.mozilla.com",  # Firefox
        "push.apple.com",  # Safari: web.push.apple.com
        "notify.windows.com",  # Edge on Windows (WNS)
    ],
)
WEBPUSH_SUBJECT = env_str(
    "WEBPUSH_SUBJECT",
    SITE_URL if SITE_URL.startswith("https://") else "mailto:" + parseaddr(DEFAULT_FROM_EMAIL)[1],
)
# Where the exact solver keeps its tables (built once, then read in milliseconds).
STRATEGY_CACHE_DIR = Path(env_str("STRATEGY_CACHE_DIR", str(BASE_DIR / "var" / "strategy")))

# Backups, /metrics and error reports (docs/operations.md): yahtzee_site/operations.py.
BACKUP_DIR, BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, BACKUP_NIGHTLY, BACKUP_HOUR = operations.backups(
    BASE_DIR
)
METRICS_NETWORKS, METRICS_TOKEN = operations.metrics()
SENTRY_DSN = operations.error_reports()
