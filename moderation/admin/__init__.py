"""The moderators' admin: find rooms, players, games and chat; act on them with a reason.

Nothing here edits rows directly.  Every list and change page is read-only
(``has_add/change/delete_permission`` return False), and the only way to change
anything is a moderation action: it asks for a reason on a confirmation page,
then calls the matching ``games.services.mod_*`` function per object, which
makes the change in one transaction and records a ``ModerationAction``.

Permissions: a staff user sees a model's pages with its *view* (or *change*)
permission, and may run its moderation actions with its *change* permission.
Inlines follow the page they sit on: whoever may view a game sees its move log.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy

from moderation.admin import (  # noqa: F401  (register the pages)
    friends,
    games,
    groups,
    lobby,
    players,
    ratings,
    records,
    reports,
    rooms,
)

admin.site.site_header = gettext_lazy("Dice games moderation")
admin.site.site_title = gettext_lazy("Dice games moderation")
admin.site.index_title = gettext_lazy("Rooms, players, games and chat")
