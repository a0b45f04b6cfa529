"""The coach: its advice on a position, the words it uses, and its advisors' tables.

A hint takes two steps so that neither holds up the sockets: the position is read from
the database (``coach.selectors.hints.hint_position``), then ``hint_answer`` computes
the advice from that plain data on a worker thread of its own (up to ~50 ms for Yam's).

The exact advisors (Yahtzee, Yatzy) build or load tables the first time a process
needs them, which takes seconds. Nothing that must answer quickly waits for that:
``warm(ruleset)`` starts the build in a thread of its own (once per rule set and
process) and callers ask again later (``coach_warming_up`` for hints,
``review_not_ready`` for a review page, the next clock pass for an expert bot).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, cast

from django.utils import formats
from django.utils.translation import gettext, ngettext

from common.figures import rounded
from common.protocol.messages import Advice
from common.protocol.messages import Choice as ChoiceView
from common.words import say_words
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard as Sheet
from scoring.strategy import explain
from scoring.strategy.advice import Choice

log = logging.getLogger(__name__)

# A build that failed is tried again after this many seconds, not on every call.
RETRY_AFTER = 30.0
# Levels whose moves need no advisor tables.
TABLELESS_LEVELS = frozenset({"beginner"})


# -- warming the advisors ---------------------------------------------------------


def _key(rs: RuleSet) -> str:
    return json.dumps([rs.name, dict(rs.options)], sort_keys=True)


_warm_lock = threading.Lock()
_warming: dict[str, threading.Thread] = {}
_failed_at: dict[str, float] = {}


def is_ready(rs: RuleSet) -> bool:
    """Whether the advisor of ``rs`` answers at once (never blocks)."""
    from scoring.strategy import advisors

    return advisors.is_ready(rs)


def _build(rs: RuleSet, key: str) -> None:
    from scoring.strategy import advisors

    started = time.monotonic()
    try:
        advisors.advisor_for(rs)
    except Exception:
        log.exception("building the coach for %s failed", key)
        with _warm_lock:
            _failed_at[key] = time.monotonic()
        return
    log.info("the coach for %s is ready (%.1f s)", key, time.monotonic() - started)


def warm(rs: RuleSet) -> bool:
    """Make sure the advisor of ``rs`` is built or being built in the background.

    Returns whether it is ready now.  At most one build per rule set runs at a time in
    this process; a failed build is retried after ``RETRY_AFTER`` seconds.
    """
    if is_ready(rs):
        return True
    key = _key(rs)
    with _warm_lock:
        running = _warming.get(key)
        if running is not None and running.is_alive():
            return False
        failed = _failed_at.get(key)
        if failed is not None and time.monotonic() - failed < RETRY_AFTER:
            return False
        thread = threading.Thread(
            target=_build, args=(rs, key), name=f"coach-warm-{rs.name}", daemon=True
        )
        _warming[key] = thread
        thread.start()
    return False


def level_ready(level: str, rs: RuleSet) -> bool:
    """Whether a bot of ``level`` can decide at once in ``rs`` (starts warming if not)."""
    return level in TABLELESS_LEVELS or warm(rs)


def advisor(rs: RuleSet) -> Any:
    """The advisor of ``rs`` (may block while its tables build: use from worker threads)."""
    from scoring.strategy import advisors

    return advisors.advisor_for(rs)


# -- words ------------------------------------------------------------------------


def label(choice: Choice, rs: RuleSet) -> str:
    """What a choice means for people, in the active language: "keep 6 6 6", "Fours",
    "announce Fours".

    >>> from scoring import rulesets
    >>> rs = rulesets.get("yams")
    >>> label(Choice("keep", 1.0, keep=(6, 6, 6)), rs)
    'keep 6 6 6'
    >>> label(Choice("keep", 1.0), rs)
    'reroll all five'
    >>> label(Choice("place", 1.0, box="fours", column="down"), rs)
    'Fours (Down)'
    >>> label(Choice("announce", 1.0, box="fours", column="announced"), rs)
    'announce Fours'
    """
    if choice.kind == "keep":
        if not choice.keep:
            return gettext("reroll all five")
        return gettext("keep %(dice)s") % {"dice": " ".join(map(str, choice.keep))}
    box = gettext(rs.box_title(choice.box or ""))
    if choice.kind == "announce":
        return gettext("announce %(box)s") % {"box": box}
    if len(rs.columns) > 1 and choice.column:
        return f"{box} ({gettext(rs.column_title(choice.column))})"
    return box


def relabel(data: Any, rs: RuleSet) -> Any:
    """``data`` (a review's or a replay's stored JSON) with the ``label`` of every choice
    in it made again in the active language: what is stored stays language-neutral
    in effect, whatever language it was built in."""
    if isinstance(data, list):
        return [relabel(item, rs) for item in data]
    if not isinstance(data, dict):
        return data
    found = {key: relabel(value, rs) for key, value in data.items()}
    if "label" in found and found.get("kind") in ("keep", "place", "announce"):
        found["label"] = label(
            Choice(
                found["kind"],
                0.0,
                keep=tuple(found.get("keep") or ()),
                box=found.get("box"),
                column=found.get("column"),
            ),
            rs,
        )
    return found


def choice_view(choice: Choice, rs: RuleSet, best: float) -> ChoiceView:
    """A choice as the protocol and the review store it: ``Choice.to_json`` with its
    exact value, a label and what it costs against the best (``loss``); pages round them
    once, when they print them (``common.figures``)."""
    data = choice.to_json()
    if choice.kind == "keep":
        data["keep"] = [int(v) for v in choice.keep]
    view = {
        **data,
        "value": float(choice.value),
        "label": label(choice, rs),
        "loss": max(0.0, float(best - choice.value)),
    }
    return cast(ChoiceView, view)  # ``Choice.to_json``: its kind and its keep or box


def same_choice(a: Choice, b: Choice) -> bool:
    """Whether two choices are the same move (their values aside)."""
    if a.kind != b.kind:
        return False
    if a.kind == "keep":
        return tuple(sorted(a.keep)) == tuple(sorted(b.keep))
    return a.box == b.box and (a.kind == "announce" or a.column == b.column)


# -- hints ------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Everything a hint is computed from, read from the database."""

    ruleset: RuleSet
    sheet: Sheet
    dice: tuple[int, ...]
    rolls_left: int
    announced: str | None
    turn: int
    game_version: int


def hint_answer(position: Position) -> Advice:
    """The coach's advice on ``position`` (CPU work: call it from a worker thread).

    Before the turn's first roll there is nothing to choose: ``choices`` is empty and
    ``expected`` is the expected final score from here.  After a roll ``choices`` lists
    every distinct choice, best first, each valued as the expected final score.
    """
    adv = advisor(position.ruleset)
    sheet = position.sheet
    if not position.dice:
        expected, why, views = float(sheet.total + adv.state_value(sheet)), None, []
    else:
        choices = tuple(
            adv.advise(sheet, position.dice, position.rolls_left, announced=position.announced)
        )
        best = choices[0].value if choices else float(sheet.total)
        expected = float(best)
        why = why_sentence(position, choices) if choices else None
        views = [choice_view(c, position.ruleset, best) for c in choices]
    return {
        "exact": bool(adv.exact),
        "dice": list(position.dice),
        "rolls_left": position.rolls_left,
        "announced": position.announced,
        "turn": position.turn,
        "game_version": position.game_version,
        "total": sheet.total,
        "expected": expected,
        "why": why,
        "choices": views,
    }


def why_sentence(position: Position, choices: tuple[Choice, ...]) -> str:
    """Why the best of ``choices`` is best, and what the next best gives up."""
    sentence = say_words(
        explain.why(position.sheet, position.dice, choices[0], announced=position.announced)
    )
    if len(choices) > 1 and choices[0].value - choices[1].value >= 0.05:
        margin = choices[0].value - choices[1].value
        # The count picks the plural form: French says "1,5 point", English "1.5 points".
        sentence += " " + ngettext(
            "The next best, %(choice)s, is worth %(margin)s points less.",
            "The next best, %(choice)s, is worth %(margin)s points less.",
            int(margin),
        ) % {
            "choice": label(choices[1], position.ruleset),
            "margin": formats.number_format(rounded(margin), 1),
        }
    return sentence
