"""The one exception type of the rules engine."""

from __future__ import annotations


class RulesError(ValueError):
    """A rules question that has no answer: bad dice, an unknown box, an illegal move.

    ``code`` is a stable machine-readable reason (``box_taken``, ``illegal_box``,
    ``no_rolls_left``, ...); the message is for people.  A message people read is given
    as a template marked with ``scoring.words.gettext_noop`` and its named ``params``:
    ``message`` is the English filled in, while ``template`` and ``params`` let the
    ``games`` layer say it in the viewer's language (string params are words to
    translate too, such as box titles).

    >>> err = RulesError("box_taken", "the %(box)s box is already filled", box="Ones")
    >>> err.code, str(err), err.message
    ('box_taken', 'the Ones box is already filled', 'the Ones box is already filled')
    >>> err.template, err.params
    ('the %(box)s box is already filled', {'box': 'Ones'})
    >>> RulesError("bad_turn", "100% wrong").message
    '100% wrong'
    """

    def __init__(self, code: str, message: str, **params: str | int) -> None:
        text = message % params if params else message
        super().__init__(text)
        self.code = code
        self.message = text
        self.template = message
        self.params = params
