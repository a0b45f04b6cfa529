"""The servers a soak plays against: the site's processes, as production runs them (DEBUG
off), behind nginx, on SQLite or PostgreSQL, with Redis when PostgreSQL or several
processes need it; each of them one a fault may restart."""

from __future__ import annotations

import contextlib
import secrets
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.harness.faults.stack import Stack, running_stack
from bench.harness.proxy import nginx_proxy
from bench.harness.servers import PostgresServer, RedisServer, postgres_process, redis_process

STACKS = ("sqlite", "postgres")


@dataclass
class SoakServers:
    """The stack (its processes and database), nginx's URL, and the PostgreSQL and Redis
    servers a fault may restart (``None`` when the stack has none)."""

    kind: str
    stack: Stack
    url: str
    postgres: PostgresServer | None
    redis: RedisServer | None


def production_settings() -> dict[str, str]:
    """The site's settings as production runs it (bench/settings.py: static files from
    ``static/`` and the in-memory layer allowed for one process)."""
    return {
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
    }


@contextlib.contextmanager
def soak_servers(
    workdir: Path, kind: str, processes: int, *, durable: bool = True
) -> Iterator[SoakServers]:
    """Start the servers of a ``kind`` stack (``STACKS``) of ``processes`` site processes
    behind nginx (PostgreSQL ``durable`` or tuned for tests); stopped afterwards."""
    if kind not in STACKS:
        raise ValueError(f"stacks: {', '.join(STACKS)}")
    with contextlib.ExitStack() as exits:
        postgres = (
            exits.enter_context(postgres_process(durable=durable)) if kind == "postgres" else None
        )
        needs_redis = kind == "postgres" or processes > 1
        redis = exits.enter_context(redis_process()) if needs_redis else None
        stack = exits.enter_context(
            running_stack(
                workdir / "site",
                database_url=postgres.url if postgres else None,
                redis=redis,
                processes=processes,
                proxy_headers=True,
                environment=production_settings(),
            )
        )
        if postgres is not None:  # its folder goes: its log stays beside the others
            exits.callback(_keep_log, postgres, workdir / "postgresql.log")
        url = exits.enter_context(nginx_proxy(workdir, [d.port for d in stack.daphnes]))
        yield SoakServers(kind, stack, url, postgres, redis)


def _keep_log(postgres: PostgresServer, to: Path) -> None:
    if postgres.log.exists():
        shutil.copyfile(postgres.log, to)
