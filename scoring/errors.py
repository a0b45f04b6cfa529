"""The one exception type of the rules engine."""


class RulesError(ValueError):
    """A rules question that has no answer: bad dice, an unknown box, an illegal move.

    ``code`` is a stable machine-readable reason (``box_taken``, ``illegal_box``,
    ``no_rolls_left``, ...); the message is for people.

    >>> err = RulesError("box_taken", "the Ones box is already filled")
    >>> err.code, str(err)
    ('box_taken', 'the Ones box is already filled')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
