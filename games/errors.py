"""The one error every service raises: a stable code and a message for people."""

from __future__ import annotations

from play.modes import Refusal


class ServiceError(Exception):
    """A refused action.  Nothing was changed.

    >>> err = ServiceError("not_your_turn", "it is Ada's turn")
    >>> err.code, err.message
    ('not_your_turn', "it is Ada's turn")
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_json(self) -> dict[str, str]:
        """The error as the protocol sends it."""
        return {"code": self.code, "message": self.message}


def raise_refusal(refusal: Refusal | None) -> None:
    """Raise what a play mode refuses (``play.modes.Refusal``) as a ``ServiceError``
    with its code and message; nothing when it refuses nothing."""
    if refusal is not None:
        raise ServiceError(refusal.code, refusal.message)
