"""The moderators' queue of players' reports, each with the context to judge it and the
actions to settle it."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Case, IntegerField, Value, When
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils.functional import lazy
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from accounts.models import Player
from common.errors import ServiceError
from common.publish import publish_on_commit
from moderation.admin.base import BanForm, ModerationMixin, ReadOnlyAdmin, moderator_of
from moderation.admin.display import admin_link, moment_label, moment_lines
from moderation.models import ModerationAction, Report
from moderation.services.reports import report_handle
from play.models import Event
from play.selectors.games import latest_game, room_events
from rooms.selectors.members import chat_of, is_active_member

CHAT_LINES = 20  # chat lines shown around a report
LOG_EVENTS = 30  # events of the room's game shown with a report
HIDDEN_EVENTS = ("presence", "react")


def event_line(event: Event) -> str:
    """One event of a room as a moderator reads it.

    >>> event_line(Event(seq=4, kind="roll", data={"seat": 0, "dice": [1, 2, 3, 4, 5]}))
    '#4 roll: seat 1 dice [1, 2, 3, 4, 5]'
    >>> event_line(Event(seq=9, kind="chat", data={"id": 3, "player": "Ada", "text": "gg"}))
    '#9 chat: Ada: gg'
    """
    data = event.data if isinstance(event.data, dict) else {}
    if event.kind == "chat":
        said = f"{data.get('player', '?')}: {data.get('text', '')}"
    elif event.kind == "place":
        said = gettext(
            "seat %(seat)s scored %(points)s in %(box)s (%(column)s), total %(total)s"
        ) % {
            "seat": int(data.get("seat", 0)) + 1,
            "points": data.get("points"),
            "box": data.get("box"),
            "column": data.get("column"),
            "total": data.get("total"),
        }
    elif event.kind == "roll":
        said = gettext("seat %(seat)s dice %(dice)s") % {
            "seat": int(data.get("seat", 0)) + 1,
            "dice": data.get("dice"),
        }
    else:
        said = ", ".join(
            f"{key} {value}" for key, value in data.items() if key not in ("ranking", "id")
        )
    return f"#{event.seq} {event.kind}: {said}".rstrip(": ")


def open_reports() -> int:
    """How many reports wait for a moderator."""
    return Report.objects.filter(status=Report.Status.OPEN).count()


def _record_of(player: Player) -> SafeString:
    """A player's link, ban and past moderation (the last ten actions, newest first)."""
    past = ModerationAction.objects.filter(player=player).select_related("moderator")[:10]
    received = Report.objects.filter(reported=player).count()
    lines = format_html_join(
        "",
        '<br><span class="history-line">{} {} by {}: {}</span>',
        ((moment_label(a.created_at), a.action, a.moderator or "-", a.reason) for a in past),
    )
    banned = (
        format_html(" <strong>banned</strong> ({})", player.ban_reason) if player.is_banned else ""
    )
    return format_html(
        "{}{}<br>reports against them: {}{}",
        admin_link(player),
        banned,
        received,
        lines or format_html("<br>{}", "no moderation so far"),
    )


@admin.register(Report)
class ReportAdmin(ModerationMixin, ReadOnlyAdmin):
    """Players' reports, open ones first; each page shows the reported line among the
    room's chat, the game's recent moves and both players' past moderation, and settles
    the report with a recorded moderation action."""

    # Narrow columns (the date above the time), so the table fits beside the admin's
    # menu and filters on a 1366 px screen (static/css/admin_moderation.css).
    list_display = [
        "reported_at",
        "status",
        "reason",
        "reported_player",
        "what",
        "reporter",
        "room",
        "outcome",
    ]
    list_filter = ["status", "reason", "created_at"]
    search_fields = ["reported__name", "reporter__name", "room__code", "text", "message__text"]
    date_hierarchy = "created_at"
    list_select_related = ["reported", "reporter", "room", "message"]
    fields = (
        "status",
        "created_at",
        "reason",
        "text",
        "room_shown",
        "reported_shown",
        "reporter_shown",
        "message_shown",
        "chat_shown",
        "game_shown",
        "handled",
    )
    readonly_fields = fields
    change_form_template = "admin/moderation/report/change_form.html"

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The queue, its title saying how many reports are open."""
        count = open_reports()
        title = ngettext("Reports: %(n)s open", "Reports: %(n)s open", count) % {"n": count}
        return super().changelist_view(request, {"title": title, **(extra_context or {})})

    @admin.display(description=gettext_lazy("created at"), ordering="created_at")
    def reported_at(self, obj: Report) -> SafeString:
        """When the report came, the date above the time."""
        return moment_lines(obj.created_at)

    def get_ordering(self, request: HttpRequest) -> list[Any]:
        """Open reports first, newest first within each group."""
        open_first = Case(
            When(status=Report.Status.OPEN, then=Value(0)),
            default=Value(1),
            output_field=IntegerField(),
        )
        return [open_first.asc(), "-created_at"]

    @admin.display(description=gettext_lazy("what was reported"))
    def what(self, obj: Report) -> str:
        """The reported line (cut at 60 characters), the figures of a report the site
        made itself (cut at 90), or "the player"."""
        if obj.message is None:
            if obj.reporter_id is None and obj.text:
                return obj.text if len(obj.text) <= 90 else obj.text[:89] + "…"
            return gettext("the player")
        text = obj.message.text
        return f"“{text if len(text) <= 60 else text[:59] + '…'}”"

    @admin.display(description=gettext_lazy("reported player"), ordering="reported__name")
    def reported_player(self, obj: Report) -> str:
        """The reported player's name."""
        return obj.reported.name

    @admin.display(description=gettext_lazy("room"))
    def room_shown(self, obj: Report) -> SafeString | str:
        """The room's admin page."""
        return admin_link(obj.room)

    @admin.display(description=gettext_lazy("reported player"))
    def reported_shown(self, obj: Report) -> SafeString:
        """The reported player, with their past moderation."""
        return _record_of(obj.reported)

    @admin.display(description=gettext_lazy("reporter"))
    def reporter_shown(self, obj: Report) -> SafeString:
        """The reporter, with their past moderation (none: the site itself flagged the
        player)."""
        if obj.reporter is None:
            return format_html("{}", gettext("the site itself"))
        return _record_of(obj.reporter)

    @admin.display(description=gettext_lazy("reported message"))
    def message_shown(self, obj: Report) -> SafeString | str:
        """The reported line, and whether it was removed."""
        if obj.message is None:
            return gettext("none: the report is about the player")
        removed = (
            format_html(
                " <strong>({})</strong>",
                gettext("removed %(moment)s") % {"moment": moment_label(obj.message.removed_at)},
            )
            if obj.message.removed_at
            else ""
        )
        return format_html("<mark>{}</mark>{}", obj.message.text, removed)

    @admin.display(
        description=lazy(lambda: gettext("chat (up to %(n)s lines)") % {"n": CHAT_LINES}, str)()
    )
    def chat_shown(self, obj: Report) -> SafeString:
        """The room's last chat lines, or the lines around the reported one if it is
        older; the reported line highlighted, removed lines marked."""
        chat = chat_of(obj.room_id)
        lines = list(chat.order_by("-created_at", "-id")[:CHAT_LINES])[::-1]
        if obj.message is not None and obj.message not in lines:
            before = chat.filter(created_at__lte=obj.message.created_at).order_by(
                "-created_at", "-id"
            )[: CHAT_LINES // 2]
            after = chat.filter(created_at__gt=obj.message.created_at)[: CHAT_LINES // 2 - 1]
            lines = [*list(before)[::-1], *after]
        if not lines:
            return format_html("<em>{}</em>", "no chat in this room")
        rows = []
        for line in lines:
            text = (
                format_html("<mark>{}</mark>", line.text)
                if line.pk == obj.message_id
                else line.text
            )
            removed = " (removed)" if line.removed_at else ""
            rows.append(
                (
                    " reported" if line.pk == obj.message_id else "",
                    moment_label(line.created_at),
                    line.player.name,
                    text,
                    removed,
                )
            )
        return format_html(
            '<ol class="report-chat">{}</ol>',
            format_html_join("", '<li class="chat-line{}">{} <strong>{}</strong>: {}{}</li>', rows),
        )

    @admin.display(description=gettext_lazy("game"))
    def game_shown(self, obj: Report) -> SafeString:
        """The room's current or last game (its move log's page) and its latest events."""
        game = latest_game(obj.room_id)
        events = room_events(obj.room_id, game=game, hidden=HIDDEN_EVENTS)
        recent = list(events.order_by("-seq")[:LOG_EVENTS])[::-1]
        head = (
            format_html("{} ({})", admin_link(game), game.get_status_display())
            if game is not None
            else "no game yet"
        )
        items = format_html_join("", "<li>{}</li>", ((event_line(e),) for e in recent))
        return format_html('{}<ol class="report-log">{}</ol>', head, items)

    @admin.display(description=gettext_lazy("handled"))
    def handled(self, obj: Report) -> str:
        """Who settled the report, when and how."""
        if obj.status == Report.Status.OPEN:
            return gettext("not yet")
        return gettext("%(outcome)s by %(moderator)s at %(moment)s") % {
            "outcome": obj.outcome,
            "moderator": obj.handled_by or "-",
            "moment": moment_label(obj.handled_at),
        }

    def get_urls(self) -> list[URLPattern]:
        """The report pages, and the one that settles a report."""
        handle = self.admin_site.admin_view(require_POST(self.handle_view))
        return [
            path("<int:pk>/handle/", handle, name="moderation_report_handle"),
            *super().get_urls(),
        ]

    def handle_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Settle a report with the action the moderator chose and their reason."""
        if not self.has_moderate_permission(request):
            raise PermissionDenied
        report = get_object_or_404(Report, pk=pk)
        form = BanForm(request.POST)
        page = reverse("admin:moderation_report_change", args=[report.pk])
        outcome = request.POST.get("outcome", "")
        if not form.is_valid() and ("reason" in form.errors or outcome == "ban"):
            problem = (
                gettext("Say why: the reason is recorded with the action.")
                if "reason" in form.errors
                else gettext("Nothing was done: %(error)s") % {"error": form.errors["until"][0]}
            )
            self.message_user(request, problem, messages.ERROR)
            return HttpResponseRedirect(page)
        # The end a moderator may give counts for a ban only.
        until = form.cleaned_data.get("until") if outcome == "ban" else None
        try:
            handled = report_handle(
                moderator=moderator_of(request),
                report=report,
                outcome=outcome,
                reason=form.cleaned_data["reason"],
                until=until,
            )
        except ServiceError as exc:
            self.message_user(
                request,
                gettext("Nothing was done: %(error)s") % {"error": exc.message},
                messages.ERROR,
            )
            return HttpResponseRedirect(page)
        publish_on_commit(handled.news)
        settled = handled.value
        action = outcome.replace("_", " ")
        if settled > 1:
            done = ngettext(
                "Done: %(action)s. The report (and %(n)s other open report) is marked handled.",
                "Done: %(action)s. The report (and %(n)s other open reports) is marked handled.",
                settled - 1,
            ) % {"action": action, "n": settled - 1}
        else:
            done = gettext("Done: %(action)s. The report is marked handled.") % {"action": action}
        self.message_user(request, done, messages.SUCCESS)
        return HttpResponseRedirect(page)

    def render_change_form(
        self, request: HttpRequest, context: dict[str, Any], *args: Any, **kwargs: Any
    ) -> HttpResponse:
        """The page, with the actions this report allows."""
        report = context.get("original")
        if isinstance(report, Report):
            context.update(self._choices(request, report))
        return super().render_change_form(request, context, *args, **kwargs)

    def _choices(self, request: HttpRequest, report: Report) -> dict[str, Any]:
        name = report.reported.name
        choices = []
        if report.message is not None and report.message.removed_at is None:
            choices.append(("remove_chat", gettext("Remove this message")))
        if is_active_member(room_id=report.room_id, player_id=report.reported_id):
            choices.append(
                (
                    "kick",
                    gettext("Kick %(name)s from room %(code)s")
                    % {"name": name, "code": report.room.code},
                )
            )
        if not report.reported.is_banned:
            choices.append(("ban", gettext("Ban %(name)s from the site") % {"name": name}))
        choices.append(("dismiss", gettext("Dismiss this report")))
        return {
            "report_choices": choices,
            "can_handle": report.status == Report.Status.OPEN
            and self.has_moderate_permission(request),
            "reason_form": BanForm(),
            "can_ban": any(value == "ban" for value, _ in choices),
            "handle_url": reverse("admin:moderation_report_handle", args=[report.pk]),
        }
