"""One migrated database on the suite's PostgreSQL server, made once per run, that every
worker's test database and the fault servers' databases start as a copy of
(``CREATE DATABASE ... TEMPLATE``, a file copy on the server): each then only checks
its migrations instead of applying them all (6 s of a worker's time each, decision 0007).
"""

from __future__ import annotations

import fcntl
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

import psycopg

from bench.harness.live_server import ROOT, clean_env

TEMPLATE = "yahtzee_migrated"


def migrated_template(url: str) -> str:
    """The name of the migrated template on the server of ``url`` (a database its user
    may create databases from), made the first time it is asked for."""
    parts = urllib.parse.urlsplit(url)
    lock_file = Path(tempfile.gettempdir()) / f"yahtzee-template-{parts.port}.lock"
    with lock_file.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker makes it, the others wait
        with psycopg.connect(url, autocommit=True) as admin:
            found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [TEMPLATE])
            if found.fetchone() is not None:
                return TEMPLATE
            admin.execute(f'CREATE DATABASE "{TEMPLATE}"')
        template_url = parts._replace(path=f"/{TEMPLATE}").geturl()
        try:
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=clean_env(DATABASE_URL=template_url),
                check=True,
                capture_output=True,
                timeout=300,
            )
        except BaseException:
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{TEMPLATE}" WITH (FORCE)')
            raise
    return TEMPLATE
