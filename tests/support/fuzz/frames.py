"""Hypothesis strategies for hostile frames: messages of every type with mutated
fields and junk naming other rooms and players, broken ids, frames that are no
message at all, and frames that cost the socket; each judged by ``oracle.judge``."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

from scoring import rulesets
from tests.support.fuzz.oracle import FIELDS, SURROGATES, Frame, judge, takes, valid_id
from tests.support.fuzz.targets import REACTIONS, REPORT_REASONS, Strangers, Target

MAX_INT = 2**63 - 1
RULESETS = tuple(rulesets.names())
BAD_FIELD = frozenset({"bad_field"})
NASTY = (
    "",
    " ",
    "\x07",
    "\x1b[31m",
    "\u202e",
    "\ufeff",
    "\u200b",
    "\U0001f3b2",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%00",
    "\\",
    '"',
    "\r\n\t",
    "\U0001d550\U0001d552",
    "\ufdfa" * 8,
    "x" * 65,
    "NaN",
    "null",
    "__proto__",
    "../../etc/passwd",
    "{{7*7}}",
    "{% debug %}",
)
UNSTORABLE_TEXT = ("\x00", "\ud800", "\udfff", "\ud83d", "nul\x00", "a\udfffb")


# Any character but NUL: unstorable text comes in on purpose, once in a while, not in
# nearly every message (hypothesis loves "\x00").
CHARS = st.characters(exclude_characters="\x00")


def texts(max_size: int = 24) -> st.SearchStrategy[str]:
    """Text, unicode garbage and known troublemakers (markup, escapes, RTL marks)."""
    return st.one_of(
        st.text(CHARS, max_size=max_size),
        st.sampled_from(NASTY),
        st.lists(st.sampled_from(NASTY) | st.text(CHARS, max_size=3), max_size=4).map("".join),
    )


TEXTS, SHORT_TEXTS = texts(), texts(8)
INTS = st.one_of(
    st.integers(-3, 10),
    st.integers(),
    st.sampled_from((-1, 2**31, MAX_INT, MAX_INT + 1, -MAX_INT - 2, 10**30)),
)
SCALARS = st.one_of(st.none(), st.booleans(), INTS, st.floats(), TEXTS)
JSON = st.recursive(
    SCALARS,
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(SHORT_TEXTS, kids, max_size=4),
    max_leaves=8,
)
LISTS, OBJECTS = st.lists(SCALARS, max_size=3), st.dictionaries(SHORT_TEXTS, SCALARS, max_size=3)
# Values each kind of field refuses (``None`` too, unless the field is optional).
WRONG: dict[str, st.SearchStrategy[Any]] = {
    "str": st.one_of(st.booleans(), INTS, st.floats(), LISTS, OBJECTS),
    "int": st.one_of(st.booleans(), st.floats(), TEXTS, LISTS, OBJECTS),
    "bool": st.one_of(INTS, st.floats(), TEXTS, LISTS, OBJECTS),
    "dict": st.one_of(st.booleans(), INTS, st.floats(), TEXTS, LISTS),
    "hold": st.one_of(
        st.none(),
        st.booleans(),
        INTS,
        st.floats(),
        TEXTS,
        OBJECTS,
        st.lists(INTS, min_size=6, max_size=8),
        st.tuples(
            st.lists(st.integers(0, 4), max_size=3),
            st.one_of(st.none(), st.booleans(), st.floats(), TEXTS),
        ).map(lambda pair: [*pair[0], pair[1]]),
    ),
}
IDS = st.one_of(
    st.uuids().map(lambda u: u.hex[:16]), st.text(CHARS, min_size=1, max_size=64).filter(valid_id)
)
BAD_IDS = st.one_of(
    st.sampled_from(("", "x" * 65, "\x00", "\ud800", "a\udfffb")),
    st.integers(65, 200).map(lambda n: "i" * n),
    JSON.filter(lambda v: not isinstance(v, str)),
)
KINDS = st.sampled_from(sorted(FIELDS))
MUTATIONS = st.sampled_from(("none", "wrong_type", "left_out"))
MISSING = object()


@cache
def plausible(name: str, target: Target, strangers: Strangers) -> st.SearchStrategy[Any]:
    """Values of the right type for field ``name``: mostly wrong, sometimes right."""
    strategies: dict[str, st.SearchStrategy[Any]] = {
        "hold": st.lists(st.integers(-2, 6) | INTS, max_size=6),
        "box": st.sampled_from((*target.boxes, "sevens", "Sixes", "sixes ", "upper_bonus", ""))
        | TEXTS,
        "column": st.sampled_from((*target.columns, "free", "down", "up", "announced", "x2", ""))
        | TEXTS,
        "text": st.one_of(
            st.text(" \t\r\n\x0b\x0c\x07\x1b\x7f\x85", max_size=12),
            st.tuples(st.characters(), st.integers(501, 700)).map(lambda pair: pair[0] * pair[1]),
            TEXTS,
        ),
        "ruleset": st.sampled_from((*RULESETS, "Yahtzee", "poker", "")) | TEXTS,
        "options": st.dictionaries(
            st.sampled_from(("joker", "exact_counts", "coach")) | SHORT_TEXTS, JSON, max_size=3
        ),
        "seats": INTS,
        "turn_seconds": INTS,
        "coach": st.booleans(),
        "level": st.sampled_from(("beginner", "expert", "grandmaster", "")) | TEXTS,
        "seat": INTS | st.sampled_from((0, 1, 2, 7, 8)),
        "player": st.sampled_from(strangers.players) | INTS,
        # The six (never sent: valid here), and near misses: skin tones, a variation
        # selector, two at once, a name.
        "emoji": st.sampled_from(
            (
                *REACTIONS,
                "\U0001f44d\U0001f3fd",
                "\U0001f44d\ufe0f",
                "\U0001f44d\U0001f44d",
                "thumbs_up",
                "\U0001f3b2",
                "",
            )
        )
        | TEXTS,
        "muted": st.booleans(),
        "message": INTS | st.sampled_from((0, 1, 2, 3)),
        "reason": st.sampled_from((*REPORT_REASONS, "Abuse", "rude", "")) | TEXTS,
    }
    return strategies[name]


@cache
def junk(strangers: Strangers) -> st.SearchStrategy[dict[str, Any]]:
    """Extra fields, many naming the victims' room and other players."""
    return st.dictionaries(
        st.sampled_from(
            (
                "code",
                "room",
                "room_code",
                "player_id",
                "as",
                "seat",
                "player",
                "version",
                "host",
                "sessionid",
                "__proto__",
            )
        )
        | SHORT_TEXTS,
        st.sampled_from((strangers.code, *strangers.players)) | JSON,
        max_size=3,
    )


@st.composite
def messages(
    draw: st.DrawFn, target: Target, strangers: Strangers
) -> tuple[dict[str, Any], frozenset[str]]:
    """A message of any type with plausible fields, maybe one of a wrong type or one
    left out (then ``bad_field`` is the only answer), and junk naming other rooms and
    players; returns it with the error codes it may get."""
    kind = draw(KINDS)
    fields = FIELDS[kind]
    msg: dict[str, Any] = {"type": kind, "id": draw(IDS)}
    for name, _how, optional in fields:
        if not optional or draw(st.booleans()):
            msg[name] = draw(plausible(name, target, strangers))
    codes: frozenset[str] = frozenset()
    mutation = draw(MUTATIONS)
    if mutation != "none" and fields:
        name, how, optional = draw(st.sampled_from(fields))
        if mutation == "wrong_type":
            msg[name] = draw(WRONG[how] if optional else WRONG[how] | st.none())
            assert not takes(how, optional, msg[name])
            codes = BAD_FIELD
        elif not optional:
            msg.pop(name, None)
            codes = BAD_FIELD
    taken = {"type", "id", *(name for name, _how, _optional in fields)}
    msg.update({k: v for k, v in draw(junk(strangers)).items() if k not in taken})
    return msg, codes


def render(pairs: list[tuple[str, Any]], ascii_only: bool) -> str:
    """A JSON object from key-value pairs (keys may repeat); non-ASCII text stays raw
    unless ``ascii_only`` or it holds a lone surrogate (which UTF-8 cannot carry)."""
    text = (
        "{"
        + ", ".join(
            f"{json.dumps(k, ensure_ascii=ascii_only)}: {json.dumps(v, ensure_ascii=ascii_only)}"
            for k, v in pairs
        )
        + "}"
    )
    return render(pairs, True) if SURROGATES.search(text) else text


def once_in(draw: st.DrawFn, times: int) -> bool:
    """True about once in ``times`` draws (hypothesis favours the ends of a range, so the
    middle value is the rare one)."""
    return draw(st.integers(0, times)) == times // 2


@st.composite
def message_frames(draw: st.DrawFn, target: Target, strangers: Strangers) -> Frame:
    """A message as text: keys in any order, maybe repeated with another value (the last
    one counts), maybe with unstorable text, maybe split into fragments."""
    msg, codes = draw(messages(target, strangers))
    pairs = draw(st.permutations(list(msg.items())))
    if once_in(draw, 5):
        key = draw(st.sampled_from([k for k, _v in pairs]))
        pairs.insert(draw(st.integers(0, len(pairs))), (key, draw(JSON)))
        codes = frozenset()  # the repeated key may change the message's meaning
    if once_in(draw, 12):  # text no database stores, as a key or a value
        poison = draw(st.sampled_from(UNSTORABLE_TEXT))
        pairs.append(draw(st.sampled_from(((poison, 1), (draw(SHORT_TEXTS), poison)))))
    text = render(pairs, draw(st.booleans()))
    if once_in(draw, 6) and len(text) > 2:
        cut = sorted(draw(st.sets(st.integers(1, len(text) - 1), min_size=1, max_size=2)))
        pieces = [text[a:b] for a, b in zip([0, *cut], [*cut, len(text)], strict=True)]
        return judge(tuple(pieces), codes=codes)
    return judge(text, codes=codes)


@st.composite
def broken_envelopes(draw: st.DrawFn, target: Target, strangers: Strangers) -> Frame:
    """A message whose id is missing, empty, too long, not text or unstorable."""
    msg, _codes = draw(messages(target, strangers))
    bad = draw(st.sampled_from((MISSING, None)) | BAD_IDS)
    msg.pop("id")
    if bad is not MISSING:
        msg["id"] = bad
    return judge(render(list(msg.items()), draw(st.booleans())))


def nested(levels: int) -> str:
    """``levels`` empty lists inside each other."""
    return "[" * levels + "]" * levels


def deep_roll(levels: int) -> str:
    """A roll whose hold nests ``levels`` deep."""
    return f'{{"type": "roll", "id": "deep-{levels}", "hold": {nested(levels)}}}'


JUNK_TEXT = (
    "",
    " ",
    "{",
    "}",
    "[]",
    "{}",
    "null",
    "1",
    "true",
    '"ping"',
    "NaN",
    "Infinity",
    "-Infinity",
    '{"type": "ping", "id": NaN}',
    '{"type": "ping", "id": "x",}',
    "\ufeff" + '{"type": "ping", "id": "bom"}',
    "{'type': 'ping', 'id': 'x'}",
    '{"type": "ping" "id": "x"}',
    "\x00",
    '{"__proto__": {"admin": true}}',
    '{"type": "ping", "id": "x"}{"type": "ping", "id": "y"}',
)


def raw_frames() -> st.SearchStrategy[Frame]:
    """Frames that are no message at all: binary, not JSON, not an object, too big, too
    deep."""
    return st.one_of(
        st.binary(max_size=64).map(judge),
        st.sampled_from(JUNK_TEXT).map(judge),
        st.text(max_size=40).map(judge),
        JSON.filter(lambda v: not isinstance(v, dict)).map(json.dumps).map(judge),
        st.integers(4097, 9000).map(
            lambda n: judge(json.dumps({"type": "chat", "id": "big", "text": "a" * n}))
        ),
        st.integers(33, 300).map(lambda n: judge(nested(n))),
        st.integers(33, 300).map(lambda n: judge(deep_roll(n))),
        st.integers(1100, 2000).map(lambda n: judge(nested(n))),  # the parser gives up
        st.integers(2100, 100_000).map(lambda n: judge(nested(n))),  # over 4 KB
    )


# Invalid UTF-8 (0xFF never is) in a text frame: Daphne drops the socket (the probe then
# opens a new one).
CLOSERS = st.binary(max_size=8).map(lambda data: judge(data + b"\xff", text=True))


def frames(target: Target, strangers: Strangers) -> st.SearchStrategy[Frame]:
    """Any hostile frame for ``target`` that cannot be a valid action there: mostly
    messages with mutated fields, then broken ids, non-messages, and once in 40 a frame
    that costs the socket."""
    weighted = (
        [message_frames(target, strangers)] * 24
        + [broken_envelopes(target, strangers)] * 5
        + [raw_frames()] * 10
        + [CLOSERS]
    )
    return (
        st.sampled_from(weighted)
        .flatmap(lambda kind: kind)
        .filter(lambda f: f.message is None or not target.may_change(f.message))
    )
