"""Form posts for the fuzzer: hypothesis strategies for the create and join forms,
the rules that say which posts the site must take, and sending one from a fresh
visitor."""

from __future__ import annotations

import re
import unicodedata
import urllib.parse
import uuid
from dataclasses import dataclass
from http.cookiejar import Cookie

import regex
from hypothesis import assume
from hypothesis import strategies as st

from accounts.services.players import MAX_MARKS, holds_reserved_word
from common.text import most_marks, visible_only
from scoring import rulesets
from tests.support.fuzz.arena import Arena
from tests.support.fuzz.frames import RULESETS, texts
from tests.support.fuzz.live import Browser, Reply
from tests.support.fuzz.oracle import SURROGATES


def name_ok(name: str) -> bool:
    """A display name the site takes (docs/games.md, "Who is acting"): once composed,
    without its invisible characters (the site's ``visible_only``: which invisibles
    shape an emoji or a script is its rule, not this oracle's), trimmed and its runs of
    spaces made one, 1-24 grapheme clusters with something visible, nothing unshowable,
    at most ``MAX_MARKS`` marks on a letter and no reserved word (which words, and
    their look-alikes, are the site's list: decision 0050)."""
    name = visible_only(unicodedata.normalize("NFC", name))
    name = re.sub(" {2,}", " ", name.strip())
    categories = [unicodedata.category(ch) for ch in name]
    return (
        any(c[0] in "LMNPS" for c in categories)
        and not any(c in {"Cc", "Cs", "Co", "Cn"} for c in categories)
        and len(regex.findall(r"\X", name)) <= 24
        and len(name) <= 96
        and most_marks(name) <= MAX_MARKS
        and not holds_reserved_word(name)
    )


def form_number(raw: str) -> int | None:
    """A number field of the create form: up to 9 ASCII digits, else not a number."""
    raw = raw.strip()
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


def create_ok(form: dict[str, str]) -> bool:
    """Whether the create form opens a room: a good name, a known variant with valid
    options, 1-8 seats, no timer or 15-300 seconds."""
    ruleset = form.get("ruleset", "")
    if not name_ok(form.get("name", "")) or ruleset not in RULESETS:
        return False
    jokers = rulesets.option_choices(ruleset).get("joker")
    if jokers and form.get("joker") and form["joker"] not in jokers:
        return False
    seats, timer = form_number(form.get("seats", "")), form.get("turn_seconds", "").strip()
    if seats is None or not 1 <= seats <= 8:
        return False
    return not timer or (form_number(timer) or 0) in range(15, 301)


@dataclass
class FormPost:
    """A post of the create form (``room`` None) or of a room's join form."""

    room: str | None
    pairs: list[tuple[str, str | bytes]]
    csrf: str  # "ok", "missing", "wrong" or "no_cookie"

    @property
    def form(self) -> dict[str, str]:
        """The fields as the site reads them (the last of a repeated key counts)."""
        return {k: v.decode(errors="replace") if isinstance(v, bytes) else v for k, v in self.pairs}


FORM_TEXT = texts().filter(lambda s: not SURROGATES.search(s))
FORM_VALUE = st.one_of(FORM_TEXT, st.binary(max_size=24))
GOOD_NAMES = st.text(
    st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Z")), min_size=1, max_size=24
)
NAMES = st.one_of(
    GOOD_NAMES,
    st.sampled_from(
        (
            "",
            " ",
            "A\x00",
            "A\u200bB",
            "x" * 25,
            "  Ada  ",
            "<b>Ada</b>",
            "Ada\nLovelace",
            "\u202eadA",
            "\ufffd",
        )
    ),
    st.integers(1000, 20_000).map(lambda n: "N" * n),
    FORM_VALUE,
)
# The create form as a person fills it in.
GOOD_FORM: st.SearchStrategy[dict[str, str | bytes]] = st.fixed_dictionaries(
    {
        "name": GOOD_NAMES,
        "ruleset": st.sampled_from(RULESETS),
        "seats": st.integers(1, 8).map(str),
        "turn_seconds": st.sampled_from(("", "15", "60", "300")),
    },
    optional={
        "joker": st.sampled_from(("", "forced", "free")),
        "exact_counts": st.sampled_from(("", "on")),
    },
)


def numbers(low: int, high: int) -> st.SearchStrategy[str | bytes]:
    """A number field: in range or near it, or garbage that merely looks numeric."""
    return st.one_of(
        st.integers(low - 2, high + 2).map(str),
        st.sampled_from(
            (
                "",
                " 4 ",
                "\u00b2",
                "\u0663",
                "4.0",
                "1e1",
                "0x4",
                "-0",
                "+4",
                "4\x00",
                "9" * 10,
                "9" * 5000,
                "\uff14",
            )
        ),
        FORM_VALUE,
    )


CREATE_FIELDS: dict[str, st.SearchStrategy[str | bytes]] = {
    "name": NAMES,
    "ruleset": st.sampled_from((*RULESETS, "", "Yahtzee")) | FORM_VALUE,
    "seats": numbers(1, 8),
    "turn_seconds": numbers(15, 300),
    "joker": st.sampled_from(("", "forced", "free", "FREE")) | FORM_VALUE,
    "exact_counts": st.sampled_from(("", "on", "off")) | FORM_VALUE,
}


@st.composite
def create_forms(draw: st.DrawFn) -> dict[str, str | bytes]:
    """The create form: as a person fills it in, with one field garbled, or garbage
    throughout (any field maybe left out)."""
    how = draw(st.sampled_from(("good", "one_garbled", "garbage")))
    if how == "garbage":
        return draw(st.fixed_dictionaries({}, optional=CREATE_FIELDS))
    form: dict[str, str | bytes] = draw(GOOD_FORM)
    if how == "one_garbled":
        name = draw(st.sampled_from(sorted(CREATE_FIELDS)))
        form[name] = draw(CREATE_FIELDS[name])
    return form


def form_fields(room: str | None) -> st.SearchStrategy[dict[str, str | bytes]]:
    """The form's own fields, each maybe left out."""
    if room is not None:
        return st.fixed_dictionaries({}, optional={"name": NAMES})
    return create_forms()


@st.composite
def form_posts(draw: st.DrawFn) -> FormPost:
    """A post of the create form or of the join form of the lobby, the victims' room or
    Mal's room A (only with a name they refuse: a good one would join them)."""
    room = draw(st.sampled_from((None, None, "L", "V", "A")))
    pairs = list(draw(form_fields(room)).items())
    extras = st.tuples(FORM_TEXT.filter(lambda k: k != "csrfmiddlewaretoken"), FORM_VALUE)
    pairs = draw(st.permutations(pairs + draw(st.lists(extras, max_size=3))))
    csrf = draw(st.sampled_from(("ok", "ok", "ok", "missing", "wrong", "no_cookie")))
    post = FormPost(room, pairs, csrf)
    if room in ("V", "A"):
        assume(not name_ok(post.form.get("name", "")))
    return post


def garbled(**fields: str) -> FormPost:
    """A create form filled in well but for ``fields``."""
    form = {"name": "Ada", "ruleset": "yahtzee", "seats": "2", "turn_seconds": "", **fields}
    return FormPost(None, list(form.items()), "ok")


def send_post(arena: Arena, post: FormPost, csrf: Cookie) -> Reply:
    """Post the form from a fresh visitor (who got the ``csrf`` cookie from the home
    page, unless ``post.csrf`` is "no_cookie"), with the token ``post.csrf`` says."""
    browser = Browser(arena.base_url)
    pairs = list(post.pairs)
    if post.csrf != "no_cookie":
        browser.jar.set_cookie(csrf)
        if post.csrf != "missing":
            assert csrf.value is not None  # the home page's cookie has its token
            pairs.append(("csrfmiddlewaretoken", csrf.value if post.csrf == "ok" else "a" * 32))
    else:
        pairs.append(("csrfmiddlewaretoken", uuid.uuid4().hex))
    path = "/rooms/new/" if post.room is None else f"/r/{arena.codes[post.room]}/join/"
    return browser.request(path, urllib.parse.urlencode(pairs).encode())


def expected_status(post: FormPost, free_seats: int) -> int:
    """The status a form post must get."""
    if post.csrf != "ok":
        return 403
    if post.room is None:
        return 302 if create_ok(post.form) else 400
    return 302 if name_ok(post.form.get("name", "")) and free_seats > 0 else 400
