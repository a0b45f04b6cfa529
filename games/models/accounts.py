"""An account's email address waiting for its owner to confirm it.

The user's own ``email`` (Django's ``User.email``) holds only a confirmed address: the
one password resets go to.  A new or changed address waits here until the link sent to
it is followed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PendingEmail(models.Model):
    """The address an account asked to use, not yet confirmed (one per account)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="pending_email")
    address = models.EmailField()
    requested_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.address
