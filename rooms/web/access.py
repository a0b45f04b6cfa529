"""Finding a room from its code in an address: its page's address, a miss counted
against the visitor's guess limit, and the page of a visitor over it."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext

from common import throttle
from common.error_pages import error_page
from rooms.models import Room
from rooms.selectors.rooms import room_by_code


def room_url(code: str) -> str:
    """The room page's address."""
    return reverse("games:room", args=[code])


View = Callable[..., HttpResponse]


def too_many_guesses(request: HttpRequest, refusal: throttle.TooManyGuesses) -> HttpResponse:
    """The 429 page of a miss over the guess limit: how long until codes are checked again,
    and the join form, since a right code still opens its room."""
    response = error_page(
        request,
        429,
        gettext("Too many wrong room codes"),
        str(refusal),
        detail=gettext(
            "Room links are long and random so that nobody can guess them. A "
            "right code still opens its room: check the link, or ask the host "
            "to send it again."
        ),
    )
    response["Retry-After"] = str(refusal.wait)
    return response


def guess_limited(view: View) -> View:
    """Answer a miss over the visitor's guess limit with the 429 page."""

    @wraps(view)
    def limited(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except throttle.TooManyGuesses as refusal:
            return too_many_guesses(request, refusal)

    return limited


def room_or_404(request: HttpRequest, code: str) -> Room:
    """The room with this code; a code that names none is a miss of the visitor (404, or
    ``TooManyGuesses`` over the limit)."""
    found = room_by_code(code)
    if found is None:
        throttle.check_miss(throttle.http_address(request))
        raise Http404(gettext("There is no room with that code."))
    return found
