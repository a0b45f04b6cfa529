"""Account pages: sign up, sign in, sign out, change password, the account, delete it.

Django's auth views and forms do the work; these bind the browser's player to the
account (``accounts.services.accounts``).  Every page carries ``next``, the page to go back
to, accepted only when it is on this site (``url_has_allowed_host_and_scheme``).
Failed sign-ins are counted by django-axes; ``locked_out`` is its lockout answer.
"""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    UserCreationForm,
)
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse, reverse_lazy
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from accounts.models import Player
from accounts.services import accounts as account_services
from accounts.services.accounts import MODEL_BACKEND
from accounts.services.players import current_player, name_check_official
from accounts.web.account_forms import DeleteForm, SignedInRequest, SiteFields
from accounts.web.emails import ask_to_confirm
from accounts.web.language import LANGUAGE_CODES
from common.error_pages import error_page
from common.errors import ServiceError
from common.publish import publish_on_commit
from common.throttle import http_address, wait_minutes


def next_url(request: HttpRequest, default: str = "") -> str:
    """The page to go back to (``next`` in the form or the query) when it is on this
    site; else ``default`` (the home page when empty)."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return default or reverse("games:home")


class SignInForm(SiteFields, AuthenticationForm):
    """Django's sign-in form."""


class PasswordForm(SiteFields, PasswordChangeForm):
    """Django's password change form."""


def not_official(username: str) -> None:
    """A username's validator: none that passes for the site or its staff."""
    try:
        name_check_official(username)
    except ServiceError as refusal:
        raise forms.ValidationError(refusal.message, code=refusal.code) from refusal


class SignUpForm(SiteFields, UserCreationForm):  # type: ignore[type-arg]  # generic in django-stubs only
    """A username and a password (checked by ``AUTH_PASSWORD_VALIDATORS``); email optional,
    and kept only once confirmed (``accounts.web.emails``)."""

    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=gettext_lazy(
            "Optional: to reset a forgotten password, and for the "
            "emails about your turns you choose. We send a link to "
            "confirm it."
        ),
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]  # not in django-stubs
        model = User
        fields = ("username",)

    field_order = ["username", "email", "password1", "password2"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(not_official)


def remember_account_language(player: Player) -> None:
    """Give an account's player the language the visitor uses now, unless it has one, so
    the account's other devices open in it."""
    code = translation.get_language()
    if not player.language and code in LANGUAGE_CODES:
        account_services.account_language_adopt(player=player, code=code)


def _form_page(
    request: HttpRequest, template: str, form: forms.BaseForm, status: int = 200, **context: Any
) -> HttpResponse:
    context.update(form=form, next=next_url(request))
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    """Create an account; the browser's guest player (seats, games, reviews) becomes its."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url(request, reverse("games:account")))
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        guest = current_player(request.session)
        try:
            with transaction.atomic():
                user = account_services.account_create(
                    username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
                )
                login(request, user, backend=MODEL_BACKEND)
                signed_in = account_services.account_sign_in(
                    session=request.session, user=user, guest=guest
                )
                publish_on_commit(signed_in.news)
                player = signed_in.value
                if player is not None:
                    remember_account_language(player)
        except ServiceError as refusal:  # the name was taken since the form checked it
            form.add_error("username", refusal.message)
            return _form_page(request, "accounts/sign_up.html", form, status=400)
        messages.success(
            request,
            gettext("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()},
        )
        if form.cleaned_data.get("email"):
            ask_to_confirm(request, user, form.cleaned_data["email"])
        return HttpResponseRedirect(next_url(request))
    return _form_page(request, "accounts/sign_up.html", form, status=400 if form.is_bound else 200)


class SignInView(auth_views.LoginView):
    """Django's login view; the account's player comes to this browser."""

    template_name = "accounts/sign_in.html"
    authentication_form = SignInForm
    redirect_authenticated_user = True

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        guest = current_player(self.request.session)
        response = super().form_valid(form)
        signed_in = account_services.account_sign_in(
            session=self.request.session, user=form.get_user(), guest=guest
        )
        publish_on_commit(signed_in.news)
        return response

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response


class SignOutView(auth_views.LogoutView):
    """Django's logout view (POST only): this browser forgets the account and its player.
    Then ``next``, or the home page (the admin's own sign-out still shows its page)."""

    next_page = "games:home"


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change: this session stays signed in, others must sign in again."""

    template_name = "accounts/password_change.html"
    form_class = PasswordForm
    success_url = reverse_lazy("games:account")

    def form_valid(self, form: forms.Form) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, gettext("Your password is changed."))
        return response

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(next=next_url(self.request), **kwargs)


@login_required
def account(request: SignedInRequest) -> HttpResponse:
    """The signed-in person's page: their account, their player, and what they can do."""
    player = current_player(request.session, request.user)
    return render(
        request,
        "accounts/account.html",
        {
            "player": player,
            "next": next_url(request, ""),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: SignedInRequest) -> HttpResponse:
    """Delete the account after its password: the player becomes "Deleted player" in past
    games and leaves its rooms; this browser is signed out."""
    form = DeleteForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        publish_on_commit(account_services.account_delete(user=request.user))
        logout(request)
        messages.success(request, gettext("Your account is deleted."))
        return HttpResponseRedirect(reverse("games:home"))
    return _form_page(request, "accounts/delete.html", form, status=400 if form.is_bound else 200)


def _wait_seconds(request: HttpRequest) -> int:
    """Seconds until the username of this sign-in may try again from this address."""
    last = AccessAttempt.objects.filter(
        username=request.POST.get("username", ""),
        ip_address=http_address(request),
    ).aggregate(last=Max("attempt_time"))["last"]
    if last is None:
        return int(settings.AXES_COOLOFF_TIME.total_seconds())
    left = last + settings.AXES_COOLOFF_TIME - timezone.now()
    return max(1, int(left.total_seconds()) + 1)


def locked_out(
    request: HttpRequest,
    response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """django-axes' answer to a sign-in over the limit: the site's 429 page, saying how
    long until this username may try again from this address.  (Under ASGI, axes 8
    passes the credentials in ``response``'s place: neither is used.)"""
    wait = _wait_seconds(request)
    minutes = wait_minutes(wait)
    page = error_page(
        request,
        429,
        gettext("Too many wrong passwords"),
        ngettext(
            "Too many wrong passwords for this name; try again in %(n)s minute.",
            "Too many wrong passwords for this name; try again in %(n)s minutes.",
            minutes,
        )
        % {"n": minutes},
        detail=gettext(
            "This keeps anyone from guessing passwords. Other names can still "
            "sign in from here, and guests can keep playing."
        )
        + " "
        + gettext(
            "Forgotten it? “Forgot your password?” on the sign-in page sends a link "
            "to the account's confirmed email address, and a new password lifts this wait "
            "here."
        ),
        join_form=False,
    )
    page["Retry-After"] = str(wait)
    return page
