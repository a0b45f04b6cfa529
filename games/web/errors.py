"""The site's own error pages: 400, 403, 404, 500 and a failed CSRF check.

Each page says what happened in words for people and offers a way on: the join-by-code
form and the home page.  ``yahtzee_site/urls.py`` names these views as Django's error
handlers, and ``CSRF_FAILURE_VIEW`` names ``csrf_failure``.  With ``DEBUG`` on, Django
shows its technical pages for a missing page and a crash instead of the handlers;
``ErrorPagesMiddleware`` puts the site's pages there too (the traceback still goes to the
console), so a friend who mistypes a room code under ``make run`` sees the site, not the
URL list.  The guess limit's 429 page is ``games.web.rooms.too_many_guesses``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    MiddlewareNotUsed,
    PermissionDenied,
    SuspiciousOperation,
)
from django.core.signals import got_request_exception
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext

log = logging.getLogger("django.request")

TEMPLATE = "errors/page.html"


def error_page(request: HttpRequest, status: int, heading: str, message: str, *,
               detail: str = "", retry_url: str = "", join_form: bool = True) -> HttpResponse:
    """The site's page for an error: ``heading`` and ``message`` for people, with the
    join-by-code form (unless ``join_form`` is false) and a link home."""
    context = {"status": status, "heading": heading, "message": message, "detail": detail,
               "retry_url": retry_url, "join_form": join_form}
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
        request, 404, gettext("Nothing at this address"),
        _message_of(exception, gettext("There is no page at this address.")),
        detail=gettext("Room links are long and random. Check that the whole link was "
                       "copied, or ask the host to send it again."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403: the page exists but is not this visitor's to see."""
    return error_page(request, 403, gettext("This page is not yours to open"),
                      _message_of(exception, gettext("You are not allowed to open this page.")))


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400: a request the site cannot make sense of."""
    return error_page(request, 400, gettext("That request did not make sense"),
                      gettext("The browser sent something the site could not read. "
                              "Go back and try again."))


def server_error(request: HttpRequest) -> HttpResponse:
    """500: a fault of the site.  Every move already made is saved, and the page says so;
    if even this page cannot be drawn, a bare one is sent."""
    retry = request.get_full_path() if request.method == "GET" else ""
    try:
        return error_page(
            request, 500, gettext("Something went wrong on our side"),
            gettext("The site hit an error it did not expect, and it has been logged."),
            detail=gettext("Nothing is lost: every roll and every score is saved as it "
                           "happens. Try again in a moment."), retry_url=retry)
    except Exception:  # the last resort must not fail
        log.exception("The error page itself failed")
        return HttpResponse(
            "<!doctype html><title>Server error</title><h1>Something went wrong on our "
            "side</h1><p>Nothing is lost. <a href=\"/\">Go to the home page</a>.</p>",
            status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """403 for a form whose CSRF check failed: usually a page left open past its session,
    or cookies blocked.  Offers to reload the page the form came from."""
    referer = request.META.get("HTTP_REFERER", "")
    back = referer if url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()},
        require_https=request.is_secure()) else ""
    return error_page(
        request, 403, gettext("This form has expired"),
        gettext("The site could not check that this form came from one of its own pages, "
                "so nothing was changed."),
        detail=gettext("This happens when a page stays open for a long time or the "
                       "browser blocks cookies. Reload the page and send the form again."),
        retry_url=back)


View = Callable[[HttpRequest], HttpResponse]


class ErrorPagesMiddleware:
    """With ``DEBUG`` on, answer a missing page and a crash with the site's own pages
    instead of Django's technical ones (unused when ``DEBUG`` is off, where the handlers
    in ``yahtzee_site/urls.py`` already do).  A crash is still logged with its traceback
    and signalled as Django does."""

    def __init__(self, get_response: View) -> None:
        if not settings.DEBUG:
            raise MiddlewareNotUsed
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
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
        log.error("Internal Server Error: %s", request.path, exc_info=exception,
                  extra={"status_code": 500, "request": request})
        return server_error(request)
