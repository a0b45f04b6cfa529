"""A forgotten password, reset by email with Django's own views, forms and tokens.

``PasswordResetView`` asks for an address and always answers the same way, whether or
not an account has it; accounts whose *confirmed* address it is (``User.email``, see
``accounts.web.emails``) get a link in their language.  ``PasswordResetConfirmView`` checks
the link's token (it stops working once the password changes, or after
``PASSWORD_RESET_TIMEOUT``) and sets the new password.  It never signs anyone in: the
new password is typed on the sign-in page, where django-axes counts failures as ever;
a reset lifts only the failures counted for that account from the address that reset it.
The emailed link is on ``SITE_URL`` when it is set, as invite links are: a host who asks
from ``localhost`` must not send a link to the recipient's own device.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from axes.utils import reset as axes_reset
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.http import HttpResponse
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.translation import gettext

from accounts.web.account_forms import SiteFields
from accounts.web.emails import language_for, may_send
from common.throttle import http_address


class ResetForm(SiteFields, PasswordResetForm):
    """Django's reset form: one email per account with that confirmed address, in the
    account's language, within the hourly share of emails to an address, with its link
    on ``SITE_URL`` when that is set (else on the request's scheme and host)."""

    def save(self, *args: Any, **kwargs: Any) -> None:
        if settings.SITE_URL:
            site = urlsplit(settings.SITE_URL)
            kwargs.update(domain_override=site.netloc, use_https=site.scheme == "https")
        super().save(*args, **kwargs)

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        if not may_send(to_email):
            return
        with translation.override(language_for(context["user"])):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name,
            )


class NewPasswordForm(SiteFields, SetPasswordForm):  # type: ignore[type-arg]  # generic in django-stubs only
    """Django's form for the new password, checked by ``AUTH_PASSWORD_VALIDATORS``."""


class PasswordResetView(auth_views.PasswordResetView):
    """Ask for a reset link; the answer never says whether the address has an account."""

    template_name = "accounts/password_reset.html"
    form_class = ResetForm
    email_template_name = "accounts/emails/reset_body.txt"
    subject_template_name = "accounts/emails/reset_subject.txt"
    success_url = reverse_lazy("games:password_reset_done")
    extra_email_context = {"site_name": "Five Dice"}

    def form_invalid(self, form: forms.Form) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    """The same page for every address asked about."""

    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Follow the link: a new password, then the sign-in page (no automatic sign-in)."""

    template_name = "accounts/password_reset_confirm.html"
    form_class = NewPasswordForm
    success_url = reverse_lazy("games:login")

    def form_valid(self, form: NewPasswordForm) -> HttpResponse:
        response = super().form_valid(form)
        user = form.user
        # Wrong guesses of the old password from here no longer hold the owner back;
        # other addresses' counts stay.
        axes_reset(ip=http_address(self.request), username=user.get_username())
        messages.success(self.request, gettext("Your new password is set: sign in with it."))
        return response

    def form_invalid(self, form: forms.Form) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response
