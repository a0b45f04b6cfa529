"""An account's email address: asked for, confirmed through a link, removed.

``User.email`` holds only a confirmed address, the one password resets go to
(Django's ``PasswordResetForm`` looks there).  A new or changed address waits in
``PendingEmail`` until its owner follows the signed link sent to it
(``accounts.web.emails``); until then the confirmed address, if any, stays in force.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import PendingEmail
from common.errors import ServiceError


def email_change(*, user: AbstractBaseUser, address: str) -> str | None:
    """Ask to use ``address`` for ``user``'s account.  Returns the address to send a
    confirmation link to, or ``None`` when there is nothing to confirm: an empty
    ``address`` removes the account's addresses (confirmed and waiting), and the
    confirmed address itself cancels a change that waits."""
    address = BaseUserManager.normalize_email(address.strip())
    if address:
        try:
            validate_email(address)
        except ValidationError:
            raise ServiceError("bad_email", gettext("Enter a valid email address.")) from None
    User = get_user_model()
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if not address:
            PendingEmail.objects.filter(user=locked).delete()
            User.objects.filter(pk=locked.pk).update(email="")
            return None
        if address.lower() == locked.email.lower():
            PendingEmail.objects.filter(user=locked).delete()
            return None
        PendingEmail.objects.update_or_create(user=locked, defaults={"address": address})
    return address


def email_confirm(*, user_id: int, address: str) -> AbstractBaseUser:
    """Confirm ``address`` for the account ``user_id``, as the link sent to it says: it
    becomes the account's address.  Refused when the account no longer waits for that
    address (the link was used, or replaced by a newer one, or the account is gone)."""
    User = get_user_model()
    with transaction.atomic():
        pending = (
            PendingEmail.objects.select_for_update()
            .select_related("user")
            .filter(user_id=user_id)
            .first()
        )
        if pending is None or pending.address.lower() != address.lower():
            raise ServiceError(
                "link_used", gettext("This link was already used, or a newer one replaced it.")
            )
        user = pending.user
        User.objects.filter(pk=user.pk).update(email=pending.address)
        pending.delete()
    user.refresh_from_db()
    return user
