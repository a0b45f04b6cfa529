"""An account's email address: add or change it, and confirm it through a signed link.

The link carries the account and the address, signed with ``TimestampSigner`` (the
site's ``SECRET_KEY``) and good for ``EMAIL_CONFIRMATION_TIMEOUT`` seconds; the
service (``accounts.services.emails``) accepts it only while the account still waits for
that address, so a used or replaced link does nothing.  Every email goes through
Django's email API in the account's language, at most ``EMAILS_PER_ADDRESS`` an hour
to one address (``may_send``), with links on ``SITE_URL`` when it is set (else on the
address the request came to: ``common.site_address.absolute_url``).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.mail import send_mail
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods

from accounts.models import PendingEmail
from accounts.services import emails as email_services
from accounts.web.account_forms import DeleteForm, SignedInRequest
from accounts.web.language import account_language
from common.errors import ServiceError
from common.site_address import absolute_url
from common.windows import Windows

log = logging.getLogger(__name__)

SALT = "games.email-confirmation"
_sent = Windows("emails-sent")
HOUR = 3600


def may_send(address: str) -> bool:
    """Count one email to ``address``; ``False`` when it had its share this hour (the
    caller then sends nothing and answers as if it had)."""
    key = address.strip().lower()
    now = time.time()
    if _sent.wait(key, now, settings.EMAILS_PER_ADDRESS, HOUR):
        return False
    _sent.count(key, now, HOUR)
    return True


def language_for(user: Any) -> str:
    """The language of emails to ``user``: their account's, else the page's."""
    return account_language(user) or translation.get_language() or settings.LANGUAGE_CODE


def confirmation_token(user: Any, address: str) -> str:
    """The signed, timestamped token of a link that confirms ``address`` for ``user``."""
    return signing.TimestampSigner(salt=SALT).sign_object({"u": user.pk, "e": address})


def read_token(token: str) -> tuple[int, str]:
    """The account and address a token confirms; ``signing.BadSignature`` (or its
    ``SignatureExpired``) when forged, damaged or older than the timeout."""
    data = signing.TimestampSigner(salt=SALT).unsign_object(
        token, max_age=settings.EMAIL_CONFIRMATION_TIMEOUT
    )
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("u"), int)
        or not isinstance(data.get("e"), str)
    ):
        raise signing.BadSignature("not a confirmation token")
    return data["u"], data["e"]


def send_confirmation(request: HttpRequest, user: Any, address: str) -> bool:
    """Email ``address`` the link that confirms it for ``user``, in their language.
    Returns whether it went out (``False``: over the hourly share, or the mail server
    refused it, which is logged)."""
    if not may_send(address):
        return False
    link = absolute_url(
        request, reverse("games:email_confirm", args=[confirmation_token(user, address)])
    )
    with translation.override(language_for(user)):
        context = {
            "user": user,
            "link": link,
            "address": address,
            "days": settings.EMAIL_CONFIRMATION_TIMEOUT // (24 * 3600),
        }
        subject = "".join(
            render_to_string("accounts/emails/confirm_subject.txt", context).splitlines()
        )
        body = render_to_string("accounts/emails/confirm_body.txt", context)
    try:
        send_mail(subject, body, None, [address])
    except Exception:  # the mail server's errors are many; the page says to try again
        log.exception("Failed to send an address confirmation to account %s", user.pk)
        return False
    return True


def ask_to_confirm(request: HttpRequest, user: Any, address: str) -> str | None:
    """Make ``address`` the account's address waiting for confirmation and send it the
    link, telling the person what happened; ``None`` when nothing waits (an empty
    address removed it, or it is the confirmed one already)."""
    waiting = email_services.email_change(user=user, address=address)
    if waiting is None:
        return None
    if send_confirmation(request, user, waiting):
        messages.success(
            request,
            gettext("We sent a link to %(address)s: follow it to confirm the address.")
            % {"address": waiting},
        )
    else:
        messages.warning(
            request,
            gettext("The link to confirm %(address)s could not be sent now; try again later.")
            % {"address": waiting},
        )
    return waiting


class EmailForm(DeleteForm):
    """The new address (empty: remove it), and the account's password: whoever holds
    the address can reset the password, so a borrowed session must not set it."""

    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=gettext_lazy(
            "To reset a forgotten password, and for the emails about "
            "your turns you choose in Notifications. Leave it empty to "
            "remove your address."
        ),
    )
    field_order = ["email", "password"]


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request: SignedInRequest) -> HttpResponse:
    """Add, change or remove the account's address; a new one gets a confirmation link."""
    user = request.user
    pending = PendingEmail.objects.filter(user=user).first()
    initial = {"email": pending.address if pending else user.email}
    form = EmailForm(user, request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if ask_to_confirm(request, user, form.cleaned_data["email"]) is None:
            messages.success(request, gettext("Your email address is saved."))
        return HttpResponseRedirect(reverse("games:account"))
    return render(
        request,
        "accounts/email.html",
        {"form": form, "pending": pending, "next": ""},
        status=400 if form.is_bound else 200,
    )


@require_http_methods(["GET", "POST"])
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link sent to an address: a page that confirms it with one button (a POST, so
    a mail scanner that opens links confirms nothing), for anyone holding the link."""
    try:
        user_id, address = read_token(token)
    except signing.SignatureExpired:
        return _bad_link(request, gettext("This link is too old."))
    except signing.BadSignature:
        return _bad_link(request, gettext("This link is not one the site sent."))
    if request.method == "POST":
        try:
            email_services.email_confirm(user_id=user_id, address=address)
        except ServiceError as error:
            return _bad_link(request, error.message)
        messages.success(
            request, gettext("Your email address %(address)s is confirmed.") % {"address": address}
        )
        return HttpResponseRedirect(
            reverse("games:account" if request.user.is_authenticated else "games:home")
        )
    return render(
        request, "accounts/email_confirm.html", {"address": address, "token": token, "next": ""}
    )


def _bad_link(request: HttpRequest, reason: str) -> HttpResponse:
    return render(
        request, "accounts/email_confirm.html", {"invalid": reason, "next": ""}, status=400
    )
