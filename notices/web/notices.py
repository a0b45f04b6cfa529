"""How a player hears of their turns: the preferences page (account and this device),
the signed room link of an email, and its unsubscribe link (docs/decisions/0044)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.core import signing
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.http import urlencode
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.selectors.players import player_by_id
from accounts.services.accounts import MODEL_BACKEND, account_sign_in
from accounts.services.players import current_player
from accounts.web.guests import register
from common.errors import ServiceError
from common.publish import publish_on_commit
from notices.models import Preferences
from notices.selectors.bell_kinds import KINDS
from notices.services.notice_emails import (
    ROOM_LINK_AGE,
    read_room_link,
    read_unsubscribe,
    sign_in_stamp,
)
from notices.services.notices import page_key
from notices.services.outbox import address_of
from notices.services.preferences import (
    REMINDER_HOURS,
    email_off,
    preferences_of,
    preferences_save,
    time_zones,
)

NO_QUIET = ""


def _hours() -> list[tuple[str, str]]:
    return [(NO_QUIET, gettext("none"))] + [(str(h), f"{h:02d}:00") for h in range(24)]


def _reminders() -> list[tuple[int, str]]:
    return [(0, gettext("no reminder"))] + [
        (
            h,
            ngettext("%(n)s hour before the deadline", "%(n)s hours before the deadline", h)
            % {"n": h},
        )
        for h in REMINDER_HOURS[1:]
    ]


class PreferencesForm(forms.Form):
    push = forms.BooleanField(
        required=False,
        label=gettext_lazy("Notifications on the devices that allowed them"),
        widget=forms.CheckboxInput(attrs={"data-testid": "notices-push"}),
    )
    email = forms.BooleanField(
        required=False,
        label=gettext_lazy('"Your turn" emails'),
        widget=forms.CheckboxInput(attrs={"data-testid": "notices-email"}),
    )
    reminder_hours = forms.TypedChoiceField(
        coerce=int,
        label=gettext_lazy("Reminder by email"),
        widget=forms.Select(attrs={"class": "input", "data-testid": "notices-reminder"}),
    )
    quiet_from = forms.ChoiceField(
        label=gettext_lazy("From"),
        required=False,
        widget=forms.Select(attrs={"class": "input", "data-testid": "notices-quiet-from"}),
    )
    quiet_until = forms.ChoiceField(
        label=gettext_lazy("Until"),
        required=False,
        widget=forms.Select(attrs={"class": "input", "data-testid": "notices-quiet-until"}),
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Your time zone"),
        required=False,
        widget=forms.Select(attrs={"class": "input", "data-testid": "notices-zone"}),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        fields = self.fields
        fields["reminder_hours"].choices = _reminders()  # type: ignore[attr-defined]
        fields["quiet_from"].choices = fields["quiet_until"].choices = _hours()  # type: ignore[attr-defined]
        fields["time_zone"].choices = [("", gettext("not set (UTC)"))] + [  # type: ignore[attr-defined]
            (name, name.replace("_", " ")) for name in sorted(time_zones())
        ]
        for kind in KINDS.values():  # each kind of the bell, on or off
            fields[bell_field(kind.name)] = forms.BooleanField(
                required=False,
                label=str(kind.label),
                widget=forms.CheckboxInput(attrs={"data-testid": f"notices-bell-{kind.name}"}),
            )

    def bell_fields(self) -> list[forms.BoundField]:
        """The bell's checkboxes, one per kind."""
        return [self[bell_field(name)] for name in KINDS]


def bell_field(kind: str) -> str:
    """The form field of a bell kind's checkbox."""
    return f"bell_{kind}"


def _hour(value: str) -> int | None:
    return None if value == NO_QUIET else int(value)


def _initial(chosen: Preferences) -> dict[str, object]:
    """The form's fields as ``chosen`` sets them (an hour as its choice's text)."""
    return {
        "push": chosen.push,
        "email": chosen.email,
        "reminder_hours": chosen.reminder_hours,
        "quiet_from": "" if chosen.quiet_from is None else str(chosen.quiet_from),
        "quiet_until": "" if chosen.quiet_until is None else str(chosen.quiet_until),
        "time_zone": chosen.time_zone,
        **{bell_field(name): name not in (chosen.bell_off or ()) for name in KINDS},
    }


@require_http_methods(["GET", "POST"])
def notices(request: HttpRequest) -> HttpResponse:
    """The player's preferences: push (every device, and this one), email, the reminder,
    quiet hours and their time zone. An account that has no player yet (no room) gets
    the defaults, and its player, named after the account, when it saves; a visitor who
    is no one is offered an account."""
    player = current_player(request.session, request.user)
    signed_in = request.user.is_authenticated
    if player is None and not signed_in:
        return render(request, "notices/preferences.html", {"player": None, "account": False})
    chosen = preferences_of(player) if player is not None else Preferences()
    address = address_of(player) if player is not None else str(getattr(request.user, "email", ""))
    form = PreferencesForm(
        request.POST if request.method == "POST" else None, initial=_initial(chosen)
    )
    account = signed_in if player is None else player.user_id is not None
    if not account:  # emails are for accounts: a guest's stay as they are
        del form.fields["email"], form.fields["reminder_hours"]
    status = 200
    if form.is_bound:
        if form.is_valid():
            data = {
                "email": chosen.email,
                "reminder_hours": chosen.reminder_hours,
                **form.cleaned_data,
            }
            try:
                with transaction.atomic():  # an account's new player only with its choices
                    if player is None:
                        player = register(request, request.user.get_username(), opening=False)
                    preferences_save(
                        player=player,
                        push=data["push"],
                        email=data["email"],
                        reminder_hours=data["reminder_hours"],
                        quiet_from=_hour(data["quiet_from"]),
                        quiet_until=_hour(data["quiet_until"]),
                        time_zone=data["time_zone"],
                        bell_off=[name for name in KINDS if not data[bell_field(name)]],
                    )
            except ServiceError as error:  # TooManyGuests too
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Your notification settings are saved."))
                return HttpResponseRedirect(reverse("games:notices"))
        status = 400
    return render(
        request,
        "notices/preferences.html",
        {
            "player": player,
            "form": form,
            "address": address,
            "push_key": page_key(),
            "account": account,
            "stored_zone": chosen.time_zone,
        },
        status=status,
    )


def _expired_room_link(request: HttpRequest, token: str) -> HttpResponse:
    """A room link past its days: it opens the room for a browser that is someone, and
    offers a browser that is no one to sign in (and then open the room), never signing it
    in by itself."""
    code = read_room_link(token, max_age=None)[1]
    room_url = reverse("games:room", args=[code])
    if request.user.is_authenticated or current_player(request.session) is not None:
        return HttpResponseRedirect(room_url)
    return render(
        request,
        "notices/room_link_expired.html",
        {
            "room_url": room_url,
            "days": ROOM_LINK_AGE // (24 * 3600),
            "sign_in_url": f"{reverse('games:login')}?{urlencode({'next': room_url})}",
        },
    )


@require_http_methods(["GET", "POST"])
def room_link(request: HttpRequest, token: str) -> HttpResponse:
    """A room link from an email. The player's own browser goes straight to the room; a
    browser that is no one yet is asked, and a post signs it in to the account the email
    went to (once per link, never a staff account's); anyone else opens the room as
    themselves (or signs in first)."""
    try:
        player_id, code, stamp = read_room_link(token)
    except signing.SignatureExpired:
        return _expired_room_link(request, token)
    except signing.BadSignature:
        messages.warning(
            request,
            gettext("That link is too old or damaged: sign in, and find the game in Your games."),
        )
        return HttpResponseRedirect(reverse("games:your_games"))
    room_url = reverse("games:room", args=[code])
    player = player_by_id(player_id, with_account=True)
    here = current_player(request.session, request.user)
    if player is None or (here is not None and here.pk == player.pk):
        return HttpResponseRedirect(room_url)
    user = player.user
    if here is not None or request.user.is_authenticated:
        return HttpResponseRedirect(room_url)  # someone else's browser: as themselves
    if (
        user is None
        or not user.is_active
        or user.is_staff
        or user.is_superuser
        or not constant_time_compare(stamp, sign_in_stamp(user))
    ):
        return HttpResponseRedirect(f"{reverse('games:login')}?{urlencode({'next': room_url})}")
    if request.method == "POST":
        with transaction.atomic():
            login(request, user, backend=MODEL_BACKEND)
            publish_on_commit(account_sign_in(session=request.session, user=user, guest=None).news)
        return HttpResponseRedirect(room_url)
    return render(request, "notices/room_link.html", {"player": player, "room_url": room_url})


@csrf_exempt  # the signed link is the proof; mail programs post it without a page (RFC 8058)
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """An email's unsubscribe link: asks, then (or at once, posted by a mail program's
    one-click unsubscribe) stops every email about turns to its player."""
    try:
        player = player_by_id(read_unsubscribe(token))
    except signing.BadSignature:
        player = None
    if player is None:
        return render(request, "notices/unsubscribe.html", {"bad": True}, status=404)
    if request.method == "POST":
        email_off(player)
        return render(request, "notices/unsubscribe.html", {"done": True, "player": player})
    return render(request, "notices/unsubscribe.html", {"player": player})
