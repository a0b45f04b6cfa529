"""The site's own error pages: 400, 403, 404, 500, a failed CSRF check, a host name the
site does not answer to.

Each page says what happened in words for people and offers a way on: the join-by-code
form and the home page.  ``yahtzee_site/urls.py`` names these views as Django's error
handlers, and ``CSRF_FAILURE_VIEW`` names ``csrf_failure``.  With ``DEBUG`` on, Django
shows its technical pages for a missing page and a crash instead of the handlers;
``ErrorPagesMiddleware`` puts the site's pages there too (the traceback still goes to the
console), so a friend who mistypes a room code under ``make run`` sees the site, not the
URL list.  ``AllowedHostMiddleware`` answers a request for a host name that is not in
``ALLOWED_HOSTS`` with a 400 page that names it and says how to allow it, in every mode
(Django's answer is a traceback page with ``DEBUG`` on, a bare 400 without).  The guess
limit's 429 page is ``rooms.web.access.too_many_guesses``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    DisallowedHost,
    MiddlewareNotUsed,
    PermissionDenied,
    SuspiciousOperation,
)
from django.core.signals import got_request_exception
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.urls import Resolver404, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.i18n import JavaScriptCatalog

log = logging.getLogger("django.request")

TEMPLATE = "errors/page.html"


def error_page(
    request: HttpRequest,
    status: int,
    heading: str,
    message: str,
    *,
    detail: str = "",
    retry_url: str = "",
    join_form: bool = True,
    home_url: str | None = None,
) -> HttpResponse:
    """The site's page for an error: ``heading`` and ``message`` for people, with the
    join-by-code form (unless ``join_form`` is false) and a link home (to ``home_url``
    when given; none when it is empty)."""
    context = {
        "status": status,
        "heading": heading,
        "message": message,
        "detail": detail,
        "retry_url": retry_url,
        "join_form": join_form,
        "home_url": reverse("games:home") if home_url is None else home_url,
    }
    return render(request, TEMPLATE, context, status=status)


def _message_of(exception: Exception | None, default: str) -> str:
    """The sentence a view gave its Http404 or PermissionDenied; ``default`` when it gave
    none (a URL that matched no pattern carries the URL list, which is not for people)."""
    if exception is None or isinstance(exception, Resolver404) or not exception.args:
        return default
    message = exception.args[0]
    return message if isinstance(message, str) and message else default


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404: nothing at this address (a room code that names no room, a mistyped link)."""
    return error_page(
        request,
        404,
        gettext("Nothing at this address"),
        _message_of(exception, gettext("There is no page at this address.")),
        detail=gettext(
            "Room links are long and random. Check that the whole link was "
            "copied, or ask the host to send it again."
        ),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403: the page exists but is not this visitor's to see."""
    return error_page(
        request,
        403,
        gettext("This page is not yours to open"),
        _message_of(exception, gettext("You are not allowed to open this page.")),
    )


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400: a request the site cannot make sense of (a host name it does not answer to:
    ``refused_host``)."""
    if isinstance(exception, DisallowedHost):
        return refused_host(request)
    return error_page(
        request,
        400,
        gettext("That request did not make sense"),
        gettext("The browser sent something the site could not read. Go back and try again."),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """500: a fault of the site.  Every move already made is saved, and the page says so;
    if even this page cannot be drawn, a bare one is sent."""
    retry = request.get_full_path() if request.method == "GET" else ""
    try:
        return error_page(
            request,
            500,
            gettext("Something went wrong on our side"),
            gettext("The site hit an error it did not expect, and it has been logged."),
            detail=gettext(
                "Nothing is lost: every roll and every score is saved as it "
                "happens. Try again in a moment."
            ),
            retry_url=retry,
        )
    except Exception:  # the last resort must not fail
        log.exception("The error page itself failed")
        return HttpResponse(
            "<!doctype html><title>Server error</title><h1>Something went wrong on our "
            'side</h1><p>Nothing is lost. <a href="/">Go to the home page</a>.</p>',
            status=500,
        )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """403 for a form whose CSRF check failed: usually a page left open past its session,
    or cookies blocked.  Offers to reload the page the form came from."""
    referer = request.META.get("HTTP_REFERER", "")
    back = (
        referer
        if url_has_allowed_host_and_scheme(
            referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        else ""
    )
    return error_page(
        request,
        403,
        gettext("This form has expired"),
        gettext(
            "The site could not check that this form came from one of its own pages, "
            "so nothing was changed."
        ),
        detail=gettext(
            "This happens when a page stays open for a long time or the "
            "browser blocks cookies. Reload the page and send the form again."
        ),
        retry_url=back,
    )


# A host header as Django accepts it (a name or a bracketed IPv6 address, then a port).
_HOST = re.compile(r"^(?P<name>[a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::[0-9]+)?$")
SHOWN_HOST_CHARACTERS = 100


def _requested_host(request: HttpRequest) -> tuple[str, str | None]:
    """(the host the request asked for, as shown to people; the ``ALLOWED_HOSTS`` entry
    that would allow it, ``None`` when it is not a valid host name)."""
    meta = request.META
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in meta:
        raw = meta["HTTP_X_FORWARDED_HOST"]
    else:
        raw = meta.get("HTTP_HOST") or meta.get("SERVER_NAME", "")
    raw = str(raw).strip()
    shown = raw if len(raw) <= SHOWN_HOST_CHARACTERS else raw[:SHOWN_HOST_CHARACTERS] + "…"
    found = _HOST.match(raw.lower())
    return shown, found.group("name").rstrip(".") if found else None


def refused_host(request: HttpRequest) -> HttpResponse:
    """400 for a host name that is not in ``ALLOWED_HOSTS``: which name, and how the
    site's owner allows it (no join form or home link: they lead to the same name; the
    site's own address instead when ``SITE_URL`` is set)."""
    shown, entry = _requested_host(request)
    log.warning("Refused a request for the host %r: it is not in ALLOWED_HOSTS", shown)
    if entry is None:
        message = gettext(
            "The address this page was asked for, “%(host)s”, is not a valid host name."
        ) % {"host": shown}
        detail = ""
    else:
        message = gettext("This site is not set up to answer to “%(host)s”.") % {"host": entry}
        detail = gettext(
            "If you run it: add %(host)s to the %(setting)s environment variable "
            "(comma-separated names) and start it again; make serve prints the addresses "
            "it answers to. Otherwise, open the address you were given."
        ) % {"host": entry, "setting": "ALLOWED_HOSTS"}
    return error_page(
        request,
        400,
        gettext("This site does not answer to that name"),
        message,
        detail=detail,
        join_form=False,
        home_url=f"{settings.SITE_URL}/" if settings.SITE_URL else "",
    )


View = Callable[[HttpRequest], HttpResponseBase]


class AllowedHostMiddleware:
    """Answer a request for a host name not in ``ALLOWED_HOSTS`` with ``refused_host``,
    before any other middleware or view asks for the host (and would raise), with DEBUG
    on or off.  It comes after the language is chosen, so the page is in the visitor's.
    The page's own scripts still load: static files are served before it, and the
    JavaScript catalog (the same for every host) is answered here."""

    def __init__(self, get_response: View) -> None:
        self.get_response = get_response
        self.catalog = JavaScriptCatalog.as_view()

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        try:
            request.get_host()
        except DisallowedHost:
            if request.method == "GET" and request.path == reverse("javascript_catalog"):
                return self.catalog(request)
            return refused_host(request)
        return self.get_response(request)


class ErrorPagesMiddleware:
    """With ``DEBUG`` on, answer a missing page and a crash with the site's own pages
    instead of Django's technical ones (unused when ``DEBUG`` is off, where the handlers
    in ``yahtzee_site/urls.py`` already do).  A crash is still logged with its traceback
    and signalled as Django does."""

    def __init__(self, get_response: View) -> None:
        if not settings.DEBUG:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        # A URL that matched no pattern never reached a view (or process_exception).
        if response.status_code == 404 and getattr(request, "resolver_match", None) is None:
            return page_not_found(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Http404):
            return page_not_found(request, exception)
        if isinstance(exception, (PermissionDenied, BadRequest, SuspiciousOperation)):
            return None  # Django answers these with the handlers in DEBUG too
        got_request_exception.send(sender=type(self), request=request)
        log.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"status_code": 500, "request": request},
        )
        return server_error(request)
