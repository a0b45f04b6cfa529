"""Moderators for browser tests: a staff user in the live server's database, signed in."""

from __future__ import annotations

import sqlite3
import uuid
from pathlib import Path

from django.contrib.auth.hashers import PBKDF2PasswordHasher
from playwright.sync_api import Page


def make_moderator(database: Path) -> tuple[str, str]:
    """A superuser written straight into the live server's database (quicker than a
    ``createsuperuser`` process): (username, password). The password is hashed with few
    iterations; the server verifies it and stores a stronger hash at the first sign-in."""
    username, password = f"mod-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    hashed = PBKDF2PasswordHasher().encode(password, uuid.uuid4().hex, iterations=1000)
    with sqlite3.connect(database, timeout=20) as db:
        db.execute(
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name,"
            " email, is_staff, is_active, date_joined) VALUES (?, 1, ?, '', '', '', 1, 1,"
            " datetime('now'))",
            (hashed, username),
        )
    return username, password


def sign_in_as_moderator(page: Page, database: Path, path: str = "/admin/") -> str:
    """Sign ``page`` in to the admin as a new moderator, landing on ``path``; returns
    the moderator's username."""
    username, password = make_moderator(database)
    page.goto(f"/admin/login/?next={path}")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("input[type=submit]").click()
    page.wait_for_url(f"**{path}")
    return username
