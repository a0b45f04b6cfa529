"""The list filters of the moderators' pages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from accounts.models import Player, banned_now
from rooms.models import ChatMessage, Room
from rooms.selectors.devices import DEVICE, NETWORK, sharing

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class BannedFilter(admin.SimpleListFilter):
    """Players who are banned, or not."""

    title = gettext_lazy("banned")
    parameter_name = "banned"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> list[tuple[str, StrPromise]]:
        """Yes or no."""
        return [("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Player]) -> QuerySet[Player] | None:
        """Filter on whether a ban is in force now (an ended one does not count)."""
        if self.value() == "yes":
            return queryset.filter(banned_now())
        if self.value() == "no":
            return queryset.exclude(banned_now())
        return None


class KindFilter(admin.SimpleListFilter):
    """People or bots."""

    title = gettext_lazy("kind")
    parameter_name = "kind"
    bot_level_field = "bot_level"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> list[tuple[str, StrPromise]]:
        """People or bots."""
        return [("person", gettext_lazy("People")), ("bot", gettext_lazy("Bots"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Model]) -> QuerySet[Model] | None:
        """Bots have a bot level; people do not."""
        people = Q(**{self.bot_level_field: ""})
        if self.value() == "person":
            return queryset.filter(people)
        if self.value() == "bot":
            return queryset.exclude(people)
        return None


class MemberKindFilter(KindFilter):
    """Memberships of people or of bots."""

    bot_level_field = "player__bot_level"


class RemovedFilter(admin.SimpleListFilter):
    """Chat messages a moderator removed, or not."""

    title = gettext_lazy("removed")
    parameter_name = "removed"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> list[tuple[str, StrPromise]]:
        """Yes or no."""
        return [("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No"))]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ChatMessage]
    ) -> QuerySet[ChatMessage] | None:
        """Filter on whether ``removed_at`` is set."""
        if self.value() in ("yes", "no"):
            return queryset.filter(removed_at__isnull=self.value() == "no")
        return None


class SharedDeviceFilter(admin.SimpleListFilter):
    """Rooms where two members joined or played from the same browser, or the same
    address (docs/decisions/0056-seats-that-share-a-device.md)."""

    title = gettext_lazy("seats sharing")
    parameter_name = "shared"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> list[tuple[str, StrPromise]]:
        """The same device (browser), or the same network (address)."""
        return [(DEVICE, gettext_lazy("a device")), (NETWORK, gettext_lazy("a network"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Room]) -> QuerySet[Room] | None:
        """Rooms with two members on the chosen browser or address."""
        if self.value() in (DEVICE, NETWORK):
            return queryset.filter(sharing(str(self.value())))
        return None
