"""``make serve``: run the site for real on one machine, for friends on the network.

``python -m yahtzee_site.serve`` sets up the environment of a one-process deployment
and then becomes that process (Daphne):

- DEBUG off; a secret key made once and kept in ``var/secret_key`` (readable by its
  owner only), unless ``SECRET_KEY`` is set;
- the host names the site answers to from ``ALLOWED_HOSTS``, else this machine's own
  names and addresses;
- invite links on ``SITE_URL``, else on the first address to share (a network name or
  address, never a loopback one);
- the data in ``var/site.sqlite3`` unless ``DATABASE_URL`` is set, the in-memory channel
  layer unless ``REDIS_URL`` is set (``ONE_PROCESS=1`` tells the system checks that one
  process serves everything);
- a backup of the data every night into ``var/backups`` (``BACKUP_NIGHTLY``,
  ``BACKUP_DIR``), seven days and four weeks kept;
- the database migrated, static files collected into ``var/static`` (compressed and
  named by their content, so WhiteNoise lets browsers cache them for good);
- Daphne listening on every interface (``SERVE_BIND``, default ``0.0.0.0``) on
  ``SERVE_PORT`` (default 8000), after printing the addresses to share (loopback ones
  are not: no friend can open them); SIGTERM lets it finish what it is doing and tells
  the pages to reconnect (``yahtzee_site.server``).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PORT = 8000
# Addresses that are never worth sharing with a friend on another machine.
_LOCAL = ("localhost", "127.0.0.1", "::1")


def secret_key(path: Path) -> str:
    """The key in ``path``, made (random, 50 characters) and written there the first time,
    readable by the owner only."""
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(38)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(key + "\n")
    return key


def _outward_address(family: socket.AddressFamily, probe: str) -> str | None:
    """The address this machine would use to reach ``probe`` (no packet is sent: a UDP
    socket's connect only picks a route)."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return None


def machine_names() -> list[str]:
    """This machine's names and addresses without repeats: local ones first, then the
    addresses its routes to other machines leave from (the surest for friends to reach),
    then its host name's addresses, then its host name."""
    hostname = socket.gethostname()
    # Documentation-only addresses (RFC 5737, RFC 3849): nothing is ever sent to them.
    found: list[str] = [
        *_LOCAL,
        *(
            a
            for a in (
                _outward_address(socket.AF_INET, "192.0.2.1"),
                _outward_address(socket.AF_INET6, "2001:db8::1"),
            )
            if a
        ),
    ]
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(hostname, None)]
    found.append(hostname)
    return list(dict.fromkeys(name for name in found if name))


def host_entry(name: str) -> str:
    """``name`` as an ``ALLOWED_HOSTS`` entry (IPv6 addresses in brackets)."""
    return f"[{name}]" if ":" in name and not name.startswith("[") else name


def shareable(name: str) -> bool:
    """Whether a friend on another machine could reach this one at ``name``: not a
    loopback, unspecified or link-local address, not ``localhost``, not an ``ALLOWED_HOSTS``
    pattern, and not IPv6 (the server listens on IPv4).

    >>> [shareable(n) for n in ("192.168.1.20", "dice.example", "127.0.1.1", "localhost")]
    [True, True, False, False]
    """
    name = name.strip().rstrip(".").lower()
    pattern_or_ipv6 = ":" in name or "*" in name or name.startswith((".", "["))
    if not name or name in _LOCAL or name.endswith(".localhost") or pattern_or_ipv6:
        return False
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return True
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def share_urls(names: Iterable[str], port: int) -> list[str]:
    """The addresses to give friends, in the order of ``names``: every one a friend on
    another machine could reach (``shareable``)."""
    return [f"http://{name}:{port}/" for name in dict.fromkeys(names) if shareable(name)]


def addresses_to_share(env: dict[str, str], port: int) -> list[str]:
    """The addresses of the site for friends: of its ``ALLOWED_HOSTS`` (this machine's
    names when it allows any)."""
    hosts = [h.strip() for h in env.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
    return share_urls(hosts if "*" not in hosts else machine_names(), port)


def environment(base: dict[str, str], var_dir: Path, port: int = DEFAULT_PORT) -> dict[str, str]:
    """``base`` (the caller's environment) with the settings of a one-process deployment
    on ``port``; values already set in ``base`` win."""
    env = dict(base)
    env["DEBUG"] = "0"
    env["ONE_PROCESS"] = "1"
    env.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")
    if not env.get("SECRET_KEY", "").strip():
        env["SECRET_KEY"] = secret_key(var_dir / "secret_key")
    if not env.get("ALLOWED_HOSTS", "").strip():
        env["ALLOWED_HOSTS"] = ",".join(host_entry(n) for n in machine_names())
    if not env.get("SITE_URL", "").strip():
        shared = addresses_to_share(env, port)
        if shared:
            env["SITE_URL"] = shared[0].rstrip("/")
    if not env.get("DATABASE_URL", "").strip():
        env["DATABASE_URL"] = f"sqlite:///{var_dir / 'site.sqlite3'}"
    if not env.get("STATIC_ROOT", "").strip():
        env["STATIC_ROOT"] = str(var_dir / "static")
    if not env.get("BACKUP_DIR", "").strip():
        env["BACKUP_DIR"] = str(var_dir / "backups")
    env.setdefault("BACKUP_NIGHTLY", "1")
    return env


def daphne_command(bind: str, port: int) -> list[str]:
    """The command line of the one server process: Daphne, drained by SIGTERM
    (``yahtzee_site.server``)."""
    return [
        sys.executable,
        "-m",
        "yahtzee_site.server",
        "-b",
        bind,
        "-p",
        str(port),
        "yahtzee_site.asgi:application",
    ]


def main() -> None:
    """Prepare the database and static files, print where to play, then run Daphne."""
    var_dir = Path(os.environ.get("SERVE_VAR_DIR", "").strip() or ROOT / "var")
    port = int(os.environ.get("SERVE_PORT", "").strip() or DEFAULT_PORT)
    bind = os.environ.get("SERVE_BIND", "").strip() or "0.0.0.0"
    env = environment(dict(os.environ), var_dir, port)
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v", "0"], ["collectstatic", "--noinput", "-v", "0"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True)
    shared = addresses_to_share(env, port)
    if shared:
        print("Friends on the same network (and you, on this machine) open one of:", flush=True)
        for url in shared:
            print(f"  {url}", flush=True)
    else:
        print(
            "No address to share: ALLOWED_HOSTS names no network address, so friends "
            "cannot reach this site.",
            flush=True,
        )
    if env.get("SITE_URL"):
        print(
            f"Invite links and QR codes use {env['SITE_URL']}/ (set SITE_URL to change it).",
            flush=True,
        )
    os.chdir(ROOT)
    os.execve(sys.executable, daphne_command(bind, port), env)


if __name__ == "__main__":
    main()
