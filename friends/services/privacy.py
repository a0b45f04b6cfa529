"""A person's privacy choices: appearing offline, and who may invite them."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from friends.models import Privacy
from friends.services.requests import require_account


def privacy_set(*, player: Player, appear_offline: bool, invites: str) -> Privacy:
    """Keep ``player``'s choices: ``appear_offline``, and ``invites`` (one of
    ``Privacy.Invites``); an unknown choice changes nothing."""
    require_account(player)
    if invites not in Privacy.Invites.values:
        raise ServiceError("bad_choice", gettext("choose who may invite you from the list"))
    with transaction.atomic():
        privacy, _ = Privacy.objects.update_or_create(
            player=player, defaults={"appear_offline": appear_offline, "invites": invites}
        )
    return privacy
