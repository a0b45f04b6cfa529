"""Accounts and their emails for browser tests: an account made as the sign-up form makes
one, and a link from an email the live server wrote to its log (Django's console
backend)."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path

from playwright.sync_api import Page

PASSWORD = "dice-and-tea-42"


def sign_up(page: Page, prefix: str) -> str:
    """An account for the person of ``page`` (their guest player, if any, becomes its),
    posted as the sign-up form does; its name."""
    username = f"{prefix}-{uuid.uuid4().hex[:6]}"  # the live server outlives the test
    context = page.context
    context.request.get("/account/sign-up/")  # the CSRF cookie
    token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
    answer = context.request.post(
        "/account/sign-up/",
        max_redirects=0,
        form={
            "csrfmiddlewaretoken": token,
            "username": username,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    errors = re.findall(r'class="errorlist[^>]*>(.*?)</ul>', answer.text(), re.S)
    assert answer.status == 302, (answer.status, errors or answer.text()[:500])
    return username


def emailed_link(log: Path, address: str, path: str) -> str:
    """The path of the newest link under ``path`` in an email to ``address`` that the
    server wrote to its log (waits up to 20 s for it)."""
    deadline = time.monotonic() + 20
    while True:
        emails = log.read_text(errors="replace").split("\nFrom: ")
        links: list[str] = [
            link
            for text in emails
            if f"To: {address}" in text
            for link in re.findall(rf"https?://[^/\s]+({re.escape(path)}\S+)", text)
        ]
        if links:
            return links[-1]
        assert time.monotonic() < deadline, f"no email to {address} in the server's log"
        time.sleep(0.1)
