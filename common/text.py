"""Text as people see it: what is invisible, what looks alike, how much a letter may carry.

Names, chat lines, reports and moderators' reasons are cleaned by the same functions here
(docs/decisions/0026 and 0050); ``accounts.services.players`` adds the rules only names have.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterator

import regex

# What text loses: format characters (Unicode's category Cf: direction controls,
# zero-width spaces and joiners, tags...) and the other invisible code points Unicode calls
# default-ignorable (Hangul fillers, variation selectors...), plus the blank braille cell.
# They can make one text look like another ("b" + RIGHT-TO-LEFT OVERRIDE + "oB" shows as
# "Bob"): docs/decisions/0026.
_INVISIBLE = regex.compile(r"[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]")
_ZWJ, _ZWNJ = "\u200d", "\u200c"
# The invisibles kept where they do show: a joiner inside an emoji (👩‍💻), a joiner or
# non-joiner between two letters of a script that shapes with them (Persian, the Indic
# scripts), a variation selector after a character (❤️), tags after a black flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
_EMOJI = regex.compile(r"[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]")
_SHAPED_LETTER = regex.compile(r"(?![\p{Latin}\p{Greek}\p{Cyrillic}\p{Common}])[\p{L}\p{M}]")
_SELECTOR = regex.compile(r"[\uFE00-\uFE0F\U000E0100-\U000E01EF]")
_TAG = regex.compile(r"[\U000E0020-\U000E007F]")

# Marks drawn over or under the letter before them (nonspacing and enclosing), which
# stack; spacing marks and joiners between them do not start a new letter.
_STACKING = {"Mn", "Me"}
_IN_A_LETTER = {"Mn", "Me", "Mc", "Cf"}
# A word of a name: letters with their marks, or a number; a capital after a small letter
# starts a word too ("BobTheMod").
_WORD = regex.compile(r"[\p{L}\p{M}]+|\p{N}+")
_CAMEL = regex.compile(r"(?<=\p{Ll}\p{M}*)(?=\p{Lu})")


def _shows_here(ch: str, before: str, after: str) -> bool:
    """Whether the invisible ``ch`` changes how its neighbours ``before`` (what is kept so
    far, its last character) and ``after`` (the next character, or "") look."""
    if ch == _ZWJ and _EMOJI.match(before) and regex.match(r"\p{Extended_Pictographic}", after):
        return True
    if ch in (_ZWJ, _ZWNJ):
        return bool(_SHAPED_LETTER.match(before) and _SHAPED_LETTER.match(after))
    if _SELECTOR.match(ch):
        return bool(before) and not _INVISIBLE.match(before)
    if _TAG.match(ch) or ch == "\U000e007f":
        return before == "\U0001f3f4" or bool(_TAG.match(before))
    return False


def visible_only(text: str) -> str:
    r"""``text`` without its invisible characters, except where they change how the text
    looks.

    >>> visible_only("b\u202eoB"), visible_only("Ann\u200d"), visible_only("👩\u200d💻")
    ('boB', 'Ann', '👩\u200d💻')
    >>> persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # the joiner shapes it
    >>> visible_only(persian) == persian
    True
    """
    kept: list[str] = []
    for i, ch in enumerate(text):
        if not _INVISIBLE.match(ch) or _shows_here(
            ch, kept[-1] if kept else "", text[i + 1 : i + 2]
        ):
            kept.append(ch)
    return "".join(kept)


_checkers = threading.local()


def looks(name: str) -> str:
    r"""What ``name`` looks like: two names that look alike have the same answer.  Unicode's
    confusable skeleton (UTS #39, through ICU) of the name in compatibility form, without
    its invisible characters and its case.

    >>> looks("Bob") == looks("\u0412\u043eb") == looks("b\u202eoB") == looks("\uff22ob")
    True
    >>> looks("Bob") == looks("Rob")
    False
    """
    checker = getattr(_checkers, "checker", None)
    if checker is None:
        # Imported when first needed: Django's set-up (migrations, mypy's plugin, the
        # solver's tables) then runs while a clean machine still builds PyICU (Makefile).
        import icu

        checker = _checkers.checker = icu.SpoofChecker()
    text = " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).split())
    skeleton = checker.getSkeleton(0, text)
    folded: str = checker.getSkeleton(0, unicodedata.normalize("NFKC", skeleton).casefold())
    return folded


def likenesses(name: str) -> frozenset[str]:
    """Every way ``name`` looks (``looks``), in its own case and in small letters: two
    names look alike when they share one.  Both are needed because a capital I looks like
    a small l, and a small i does not.

    >>> likenesses("ALICE") & likenesses("Alice") == {looks("alice")}
    True
    """
    return frozenset({looks(name), looks(name.casefold())})


def most_marks(text: str) -> int:
    """The most marks drawn over or under one letter of ``text`` (nonspacing and enclosing
    marks in a row, in decomposed form; spacing marks and joiners among them count as
    the same letter's).

    >>> most_marks("Nguyễn"), most_marks("a" + "\\u0301" * 60), most_marks("Ada")
    (2, 60, 0)
    """
    most = run = 0
    for ch in unicodedata.normalize("NFD", text):
        category = unicodedata.category(ch)
        run = run + 1 if category in _STACKING else run if category in _IN_A_LETTER else 0
        most = max(most, run)
    return most


def characters(text: str) -> int:
    """How many characters a person sees in ``text`` (extended grapheme clusters).

    >>> characters("Ann"), characters("👩‍💻 Ann"), characters("🏳️‍🌈")
    (3, 5, 1)
    """
    return len(regex.findall(r"\X", text))


def _bare(text: str) -> str:
    """``text`` in compatibility form without its accents (nonspacing marks)."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if unicodedata.category(ch) != "Mn"
    )


def words_of(text: str) -> list[str]:
    """The words of ``text`` as a reader splits them: at spaces, punctuation and symbols,
    between letters and digits, and before a capital that follows a small letter.

    >>> words_of("Bob the_Mod2"), words_of("BobTheMod"), words_of("A.d.m.i.n")
    (['Bob', 'the', 'Mod', '2'], ['Bob', 'The', 'Mod'], ['A', 'd', 'm', 'i', 'n'])
    """
    return _WORD.findall(_CAMEL.sub(" ", unicodedata.normalize("NFKC", visible_only(text))))


def word_likenesses(text: str) -> frozenset[str]:
    """The likenesses of ``text`` read as one word: without accents, spaces and
    punctuation (``Ädmin``, ``A.d.m.i.n`` and ``admin`` share one)."""
    return likenesses(_bare("".join(words_of(text))))


def runs_of_words(text: str) -> Iterator[str]:
    """Every run of consecutive words of ``text``, written without what separates them:
    ``"Bob the Mod"`` gives Bob, Bobthe, BobtheMod, the, theMod and Mod."""
    words = words_of(text)
    for start in range(len(words)):
        for end in range(start + 1, len(words) + 1):
            yield "".join(words[start:end])
