"""A forgotten password reset by email, and the confirmed address it goes to: the whole
flow through Django's test outbox, in the account's language, without saying which
addresses have accounts, within the sign-in limit; and once over a real SMTP server."""

from __future__ import annotations

import email
import email.policy
import re
import time

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from django.contrib.auth.models import User
from django.core import mail, signing
from django.test import Client, override_settings
from django.urls import reverse
from pytest_django import Settings

from accounts.models import PendingEmail, Player
from bench.harness.live_server import free_port
from tests.support.clients import ClientResponse

pytestmark = pytest.mark.django_db

PASSWORD, NEW_PASSWORD = "dice-and-tea-42", "new-dice-77-tea"
SIGN_UP, SIGN_IN = reverse("games:sign_up"), reverse("games:login")
RESET, EMAIL = reverse("games:password_reset"), reverse("games:email_change")
LINK = re.compile(r"https?://\S+")
CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def browser(address: str = "203.0.113.7") -> Client:
    """A browser that sends CSRF tokens the way the pages do (and fails without them)."""
    return Client(enforce_csrf_checks=True, REMOTE_ADDR=address)


def post(
    client: Client, url: str, data: dict[str, str], *, page: str | None = None
) -> ClientResponse:
    """Submit a form as a browser would: open its page for the CSRF token, then post."""
    client.get(page or url)
    return client.post(url, {**data, "csrfmiddlewaretoken": client.cookies["csrftoken"].value})


def link_in(message: mail.EmailMessage) -> str:
    """The path of the one link in an email (checked to be on the site's host)."""
    urls: list[str] = LINK.findall(str(message.body))
    [url] = urls
    assert url.startswith("http://testserver/")
    return url.removeprefix("http://testserver")


def account(username: str = "ada", email: str = "ada@example.org", language: str = "") -> User:
    user = User.objects.create_user(username, email=email, password=PASSWORD)
    Player.objects.create(name=username.title(), user=user, language=language)
    return user


def sign_in(address: str, username: str, password: str) -> ClientResponse:
    return post(browser(address), SIGN_IN, {"username": username, "password": password})


def test_a_forgotten_password_is_reset_through_the_emailed_link_once() -> None:
    account()
    client = browser()
    assert 'data-testid="forgot-password"' in client.get(SIGN_IN).content.decode()

    asked = post(client, RESET, {"email": "ADA@example.org"})

    assert asked.status_code == 302
    assert asked["Location"] == reverse("games:password_reset_done")
    [message] = mail.outbox
    assert message.to == ["ada@example.org"]
    assert message.subject == "Reset your Five Dice password"
    assert '"ada"' in message.body and "<" not in message.body
    link = link_in(message)
    # Django's view hides the token behind a redirect, then shows the form.
    form_page = client.get(link, follow=True)
    assert (
        form_page.status_code == 200
        and 'data-testid="new-password-form"' in form_page.content.decode()
    )
    set_url = form_page.redirect_chain[-1][0]
    weak = post(client, set_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert weak.status_code == 400 and User.objects.get().check_password(PASSWORD)

    done = post(client, set_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    assert done.status_code == 302 and done["Location"] == SIGN_IN
    after = client.get(SIGN_IN)
    assert "sign in with it" in after.content.decode()
    assert not after.wsgi_request.user.is_authenticated  # no sign-in by itself
    assert sign_in("198.51.100.2", "ada", PASSWORD).status_code == 400
    assert sign_in("198.51.100.2", "ada", NEW_PASSWORD).status_code == 302
    # The link worked once.
    again = browser().get(link, follow=True)
    assert 'data-testid="reset-link-invalid"' in again.content.decode()
    assert User.objects.get().check_password(NEW_PASSWORD)


def test_the_answer_is_the_same_whether_or_not_an_address_has_an_account() -> None:
    account("ada", "ada@example.org")
    waiting = account("bob", "")
    PendingEmail.objects.create(user=waiting, address="bob@example.org")
    answers = []
    for address in ["ada@example.org", "bob@example.org", "nobody@example.org"]:
        client = browser()
        response = post(client, RESET, {"email": address})
        done = client.get(response["Location"])
        page = CSRF_TOKEN.sub("", done.content.decode())  # masked anew on every page
        answers.append((response.status_code, response["Location"], done.status_code, page))
    assert answers[0] == answers[1] == answers[2]
    # Only the confirmed address gets a link; an address waiting for confirmation none.
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]


def test_the_email_is_in_the_accounts_language_and_floods_no_inbox(settings: Settings) -> None:
    account(language="sv")
    client = browser()
    client.cookies["django_language"] = "fr"
    for _ in range(settings.EMAILS_PER_ADDRESS + 2):
        assert post(client, RESET, {"email": "ada@example.org"}).status_code == 302
    assert len(mail.outbox) == settings.EMAILS_PER_ADDRESS
    assert mail.outbox[0].subject == "Återställ ditt lösenord för Five Dice"
    assert "ignorera" in mail.outbox[0].body


def test_a_reset_lifts_the_sign_in_limit_only_where_it_was_made(settings: Settings) -> None:
    account()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in("192.0.2.10", "ada", "guess")
        sign_in("192.0.2.99", "ada", "guess")
    locked = sign_in("192.0.2.10", "ada", PASSWORD)
    assert locked.status_code == 429 and "Forgot your password?" in locked.content.decode()
    home = browser("192.0.2.10")
    post(home, RESET, {"email": "ada@example.org"})
    set_page = home.get(link_in(mail.outbox[0]), follow=True)
    post(
        home,
        set_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert sign_in("192.0.2.10", "ada", NEW_PASSWORD).status_code == 302
    # The guesser elsewhere is still held back, even with the new password.
    assert sign_in("192.0.2.99", "ada", NEW_PASSWORD).status_code == 429


def test_an_address_given_at_sign_up_counts_once_its_link_is_followed() -> None:
    client = browser()
    post(
        client,
        SIGN_UP,
        {
            "username": "ada",
            "email": "ada@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    user = User.objects.get()
    assert user.email == "" and PendingEmail.objects.get(user=user).address == "ada@example.org"
    [confirm] = mail.outbox
    assert confirm.to == ["ada@example.org"]
    assert confirm.subject == "Confirm your email address for Five Dice"
    link = link_in(confirm)
    assert "waiting for you" in client.get(reverse("games:account")).content.decode()
    post(browser(), RESET, {"email": "ada@example.org"})
    assert len(mail.outbox) == 1  # not confirmed: no reset email

    other = browser("198.51.100.3")  # the link works from any browser, signed in or not
    page = other.get(link)
    assert page.status_code == 200 and "ada@example.org" in page.content.decode()
    assert User.objects.get().email == ""  # opening the link changes nothing
    confirmed = post(other, link, {})

    assert confirmed.status_code == 302 and User.objects.get().email == "ada@example.org"
    assert not PendingEmail.objects.exists()
    twice = post(other, link, {})
    assert twice.status_code == 400 and "already used" in twice.content.decode()
    post(browser(), RESET, {"email": "ada@example.org"})
    assert mail.outbox[-1].subject == "Reset your Five Dice password"


def test_a_new_address_needs_its_own_confirmation_and_the_password() -> None:
    account()
    client = browser()
    client.force_login(User.objects.get())
    wrong = post(client, EMAIL, {"email": "ada@new.example", "password": "not it"})
    assert wrong.status_code == 400 and not PendingEmail.objects.exists()

    post(client, EMAIL, {"email": "ada@new.example", "password": PASSWORD})
    first = link_in(mail.outbox[-1])
    post(client, EMAIL, {"email": "ada@newer.example", "password": PASSWORD})
    second = link_in(mail.outbox[-1])
    assert mail.outbox[-1].to == ["ada@newer.example"]
    # Until confirmed, resets still go to the old address, and the replaced link is dead.
    assert User.objects.get().email == "ada@example.org"
    assert post(browser(), first, {}).status_code == 400
    assert post(browser(), second, {}).status_code == 302
    assert User.objects.get().email == "ada@newer.example"

    post(client, EMAIL, {"email": "", "password": PASSWORD})  # removed
    assert User.objects.get().email == "" and not PendingEmail.objects.exists()


def test_emailed_links_are_on_site_url_whatever_address_the_page_was_opened_at(
    settings: Settings,
) -> None:
    """A host on ``make serve`` browsing at localhost sends links a friend can open, as
    invite links are (``SITE_URL``); a secure ``SITE_URL`` gives https links."""
    settings.SITE_URL = "http://192.168.1.20:8200"
    account()
    at_localhost = Client(
        enforce_csrf_checks=True, REMOTE_ADDR="127.0.0.1", HTTP_HOST="localhost:8200"
    )
    post(at_localhost, RESET, {"email": "ada@example.org"})
    post(
        at_localhost,
        SIGN_UP,
        {
            "username": "bob",
            "email": "bob@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    [reset, confirm] = mail.outbox
    [reset_url], [confirm_url] = LINK.findall(str(reset.body)), LINK.findall(str(confirm.body))
    assert reset_url.startswith("http://192.168.1.20:8200/"), reset_url
    assert confirm_url.startswith("http://192.168.1.20:8200/"), confirm_url
    # The paths are the site's: the friend's browser opens the form and the confirmation.
    friend = browser()
    form_page = friend.get(reset_url.removeprefix("http://192.168.1.20:8200"), follow=True)
    assert 'data-testid="new-password-form"' in form_page.content.decode()
    post(friend, confirm_url.removeprefix("http://192.168.1.20:8200"), {})
    assert User.objects.get(username="bob").email == "bob@example.org"

    settings.SITE_URL = "https://dice.example"
    post(at_localhost, RESET, {"email": "ada@example.org"})
    assert LINK.findall(str(mail.outbox[-1].body))[0].startswith(
        "https://dice.example/account/password/reset/"
    )


class OldSigner(signing.TimestampSigner):
    """Signs as if it were four days ago (an honest link, grown old)."""

    def timestamp(self) -> str:
        return signing.b62_encode(int(time.time()) - 4 * 24 * 3600)


@pytest.mark.parametrize("kind", ["expired", "forged", "another purpose"])
def test_an_expired_or_forged_confirmation_link_is_refused(kind: str) -> None:
    user = account(email="")
    PendingEmail.objects.create(user=user, address="eve@example.org")
    payload = {"u": user.pk, "e": "eve@example.org"}
    token = {
        "expired": OldSigner(salt="games.email-confirmation").sign_object(payload),
        "forged": signing.TimestampSigner(
            key="guessed-key", salt="games.email-confirmation"
        ).sign_object(payload),
        "another purpose": signing.TimestampSigner(salt="other").sign_object(payload),
    }[kind]
    url = reverse("games:email_confirm", args=[token])
    for answer in [browser().get(url), post(browser(), url, {}, page="/")]:
        assert answer.status_code == 400
        assert 'data-testid="email-link-invalid"' in answer.content.decode()
    assert User.objects.get().email == ""


def test_every_email_and_reset_form_needs_its_csrf_token() -> None:
    user = account()
    PendingEmail.objects.create(user=user, address="ada@new.example")
    client = browser()
    client.force_login(user)
    assert client.post(EMAIL, {"email": "x@example.org", "password": PASSWORD}).status_code == 403
    assert browser().post(RESET, {"email": "ada@example.org"}).status_code == 403
    token = signing.TimestampSigner(salt="games.email-confirmation").sign_object(
        {"u": user.pk, "e": "ada@new.example"}
    )
    assert browser().post(reverse("games:email_confirm", args=[token])).status_code == 403
    assert not mail.outbox and User.objects.get().email == "ada@example.org"


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_a_reset_email_really_goes_out_over_smtp() -> None:
    """Django's SMTP backend, with the settings the environment gives, against a real
    SMTP server (aiosmtpd) on loopback that asks for the account and password."""
    received: list[Envelope] = []
    logins: list[tuple[bytes, bytes]] = []

    class Inbox:
        async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
            received.append(envelope)
            return "250 OK"

    def authenticate(
        server: SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: LoginPassword
    ) -> AuthResult:
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"mail-secret")

    account()
    server = Controller(
        Inbox(),
        hostname="127.0.0.1",
        port=free_port(),
        authenticator=authenticate,
        auth_required=True,
        auth_require_tls=False,
    )
    server.start()
    try:
        with override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=server.port,
            EMAIL_HOST_USER="dice",
            EMAIL_HOST_PASSWORD="mail-secret",
            EMAIL_USE_TLS=False,
            EMAIL_TIMEOUT=30,
            DEFAULT_FROM_EMAIL="Five Dice <dice@example.org>",
        ):
            client = browser()
            assert post(client, RESET, {"email": "ada@example.org"}).status_code == 302
    finally:
        server.stop()

    assert logins == [(b"dice", b"mail-secret")]
    [envelope] = received
    assert envelope.mail_from == "dice@example.org"
    assert envelope.rcpt_tos == ["ada@example.org"]
    assert isinstance(envelope.content, bytes)  # what the server was sent, as sent
    message = email.message_from_bytes(envelope.content, policy=email.policy.default)
    assert message["Subject"] == "Reset your Five Dice password"
    assert message["To"] == "ada@example.org"
    assert message["From"] == "Five Dice <dice@example.org>"
    [url] = LINK.findall(message.get_content())
    page = client.get(url.removeprefix("http://testserver"), follow=True)
    assert 'data-testid="new-password-form"' in page.content.decode()
