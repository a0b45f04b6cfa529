"""A French player on a phone gives an address at sign-up, confirms it through the
emailed link, forgets the password and sets a new one through the reset link (the
live server writes its emails to its log, Django's console backend)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.accessibility import assert_accessible_everywhere
from tests.browser.accounts import emailed_link
from tests.browser.tables import horizontal_overflow

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
PHONE: ViewportSize = {"width": 360, "height": 740}
PASSWORD, NEW_PASSWORD = "dice-and-tea-42", "new-dice-77-tea"


def test_a_confirmed_address_gets_a_forgotten_password_back(
    new_page: NewPage, live_workdir: Path
) -> None:
    log = live_workdir / "daphne.log"
    name = f"ada-{uuid.uuid4().hex[:6]}"
    address = f"{name}@example.org"
    phone = new_page(viewport=PHONE, name="phone", locale="fr-FR")
    phone.goto("/account/sign-up/")
    phone.locator("#id_username").fill(name)
    phone.locator("#id_email").fill(address)
    phone.locator("#id_password1").fill(PASSWORD)
    phone.locator("#id_password2").fill(PASSWORD)
    phone.get_by_test_id("sign-up-submit").click()
    expect(phone.get_by_text(f"Nous avons envoyé un lien à {address}")).to_be_visible()

    phone.goto(emailed_link(log, address, "/account/email/confirm/"))
    phone.get_by_test_id("email-confirm-submit").click()
    expect(phone.get_by_test_id("account-email")).to_have_text(address)

    phone.get_by_test_id("sign-out").click()
    phone.goto("/account/sign-in/")
    phone.get_by_test_id("forgot-password").click()
    expect(phone.locator("h1")).to_have_text("Mot de passe oublié ?")
    phone.locator("#id_email").fill(address)
    phone.get_by_test_id("reset-submit").click()
    expect(phone.get_by_test_id("reset-sent")).to_contain_text("Consultez vos e-mails")
    assert horizontal_overflow(phone) <= PHONE["width"]

    phone.goto(emailed_link(log, address, "/account/password/reset/"))
    expect(phone.get_by_test_id("new-password-form")).to_be_visible()
    assert_accessible_everywhere(phone, "new password page", on=(("phone", "dark"),))
    assert horizontal_overflow(phone) <= PHONE["width"]
    phone.locator("#id_new_password1").fill(NEW_PASSWORD)
    phone.locator("#id_new_password2").fill(NEW_PASSWORD)
    phone.get_by_test_id("new-password-submit").click()
    expect(phone.get_by_text("connectez-vous avec")).to_be_visible()
    phone.locator("#id_username").fill(name)
    phone.locator("#id_password").fill(NEW_PASSWORD)
    phone.get_by_test_id("sign-in-submit").click()
    expect(phone.get_by_test_id("account-link")).to_have_text(name)
