"""The visitor's language: the header's picker, and an account's own language.

Django's ``LocaleMiddleware`` picks the language from the language cookie, else the
browser's ``Accept-Language``. A signed-in visitor's account language wins over both
(``AccountLanguageMiddleware``), so a new device opens in it; the picker sets the cookie
and, for an account, the account's language (docs/decisions/0019-languages.md).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from accounts.models import Player
from accounts.services.accounts import account_language_set

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


def account_language(user: User | AnonymousUser | None) -> str | None:
    """The language a signed-in user chose for their account, or ``None``."""
    if not isinstance(user, User):  # nobody, or not signed in
        return None
    code = Player.objects.filter(user=user).values_list("language", flat=True).first()
    return code if code in LANGUAGE_CODES else None


def remember_language(response: HttpResponse, code: str) -> None:
    """Set the language cookie on ``response``, as Django's ``set_language`` does."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class AccountLanguageMiddleware:
    """Serve a signed-in visitor in their account's language, and keep the cookie in step."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        code = account_language(getattr(request, "user", None))
        if code is None or code == getattr(request, "LANGUAGE_CODE", None):
            return self.get_response(request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        response = self.get_response(request)
        if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
            remember_language(response, code)
        return response


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The header's picker: Django's ``set_language`` (cookie, then back to ``next``), and
    the account's language too when someone is signed in. A language the site does not
    have is refused (400) and changes nothing."""
    code = request.POST.get("language", "")
    if code not in LANGUAGE_CODES:
        raise BadRequest(gettext("This site has no language “%(code)s”.") % {"code": code[:16]})
    response = set_language(request)
    if isinstance(request.user, User):  # signed in
        account_language_set(user=request.user, code=code)
    return response
