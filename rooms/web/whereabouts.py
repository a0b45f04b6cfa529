"""Where a player's friends are now, as JSON: the friends page refreshes it every 30 s
while it is visible (``static/js/pages/friends.js``)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.services.players import current_player
from friends.selectors.friends import friend_ids
from rooms.selectors.whereabouts import whereabouts_label, whereabouts_of


@require_GET
@never_cache
def friends_whereabouts(request: HttpRequest) -> JsonResponse:
    """``{"people": [{"player", "whereabouts", "label"}]}`` for the visitor's friends
    (none for a visitor without an account)."""
    viewer = current_player(request.session, request.user)
    ids = friend_ids(viewer) if viewer is not None and viewer.user_id is not None else set()
    found = whereabouts_of(ids, viewer)
    return JsonResponse(
        {
            "people": [
                {"player": pk, "whereabouts": here, "label": whereabouts_label(here)}
                for pk, here in sorted(found.items())
            ]
        }
    )
