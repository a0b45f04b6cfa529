"""The one error every service raises: a stable code and a message for people."""

from __future__ import annotations


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
