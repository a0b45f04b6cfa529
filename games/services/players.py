"""Who is acting: a display name bound to the browser session (and to a user account)."""

from __future__ import annotations

import itertools
import threading
import unicodedata
from collections.abc import Iterable

import icu
import regex
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from games.errors import ServiceError
from games.models import Membership, Player, Room

SESSION_KEY = "player_id"
# Set while this browser's player is an account's: a player that has lost its account
# since (deleted elsewhere) is then no one's, not this browser's guest.
ACCOUNT_KEY = "player_account"
NAME_MAX = 24  # characters as people count them: "👩‍💻" is one
NAME_MAX_CODE_POINTS = 96  # what the column holds (an emoji can take seven)

# Unicode categories that cannot be shown: control characters, surrogates, private use,
# unassigned.
_UNSHOWABLE = {"Cc", "Cs", "Co", "Cn"}
# What a name loses: format characters (Unicode's category Cf: direction controls,
# zero-width spaces and joiners, tags...) and the other invisible code points Unicode calls
# default-ignorable (Hangul fillers, variation selectors...), plus the blank braille cell.
# They can make one name look like another ("b" + RIGHT-TO-LEFT OVERRIDE + "oB" shows as
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


def _shows_here(ch: str, before: str, after: str) -> bool:
    """Whether the invisible ``ch`` changes how its neighbours ``before`` (what is kept so
    far, its last character) and ``after`` (the next character, or "") look."""
    if ch == _ZWJ and _EMOJI.match(before) and regex.match(r"\p{Extended_Pictographic}", after):
        return True
    if ch in (_ZWJ, _ZWNJ):
        return bool(_SHAPED_LETTER.match(before) and _SHAPED_LETTER.match(after))
    if _SELECTOR.match(ch):
        return bool(before) and not _INVISIBLE.match(before)
    if _TAG.match(ch) or ch == "\U000E007F":
        return before == "\U0001F3F4" or bool(_TAG.match(before))
    return False


def visible_only(name: str) -> str:
    r"""``name`` without its invisible characters, except where they change how the name
    looks.

    >>> visible_only("b\u202eoB"), visible_only("Ann\u200d"), visible_only("👩\u200d💻")
    ('boB', 'Ann', '👩\u200d💻')
    >>> persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # the joiner shapes it
    >>> visible_only(persian) == persian
    True
    """
    kept: list[str] = []
    for i, ch in enumerate(name):
        if not _INVISIBLE.match(ch) or _shows_here(ch, kept[-1] if kept else "",
                                                   name[i + 1:i + 2]):
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
        checker = _checkers.checker = icu.SpoofChecker()
    text = " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).split())
    skeleton = checker.getSkeleton(0, text)
    folded: str = checker.getSkeleton(0, unicodedata.normalize("NFKC", skeleton).casefold())
    return folded


def characters(text: str) -> int:
    """How many characters a person sees in ``text`` (extended grapheme clusters).

    >>> characters("Ann"), characters("👩‍💻 Ann"), characters("🏳️‍🌈")
    (3, 5, 1)
    """
    return len(regex.findall(r"\X", text))


def clean_name(raw: object) -> str:
    """A display name: any name a person could type, trimmed, its runs of spaces made
    one, in Unicode's composed form, without invisible characters (``visible_only``);
    1 to ``NAME_MAX`` characters as people count them.  Refused: characters that cannot
    be shown (controls, unassigned) and a name with nothing visible.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("b\\u202eoB\\u200b")  # a direction override, a zero-width space
    'boB'
    >>> clean_name("A\\tda")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.errors.ServiceError: a name cannot contain control characters (such as tabs ...)
    """
    if not isinstance(raw, str):
        raise ServiceError("bad_name", gettext("a name must be text"))
    name = visible_only(unicodedata.normalize("NFC", raw))
    name = regex.sub(r" {2,}", " ", name.strip())
    if any(unicodedata.category(ch) in _UNSHOWABLE for ch in name):
        raise ServiceError("bad_name", gettext("a name cannot contain control characters (such as "
                                               "tabs or line breaks)"))
    if not name or not any(unicodedata.category(ch)[0] in "LMNPS" for ch in name):
        raise ServiceError("bad_name", gettext("a name needs at least one visible character"))
    if characters(name) > NAME_MAX or len(name) > NAME_MAX_CODE_POINTS:
        raise ServiceError("bad_name", gettext("a name has at most %(max)s characters")
                           % {"max": NAME_MAX})
    return name


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or else ``name 2``, ``name 3``...: the first that looks like none of
    ``taken`` (``looks``: ignoring case, invisible characters and look-alike letters such
    as a Cyrillic o for a Latin one), shortened if need be to stay within ``NAME_MAX``
    characters.

    >>> unique_name("Alice", ["Bob"]), unique_name("Alice", ["alice", "Alice 2"])
    ('Alice', 'Alice 3')
    >>> unique_name("\\u0412\\u043eb", ["Bob"]) == "\\u0412\\u043eb 2"  # Cyrillic Ve and o
    True
    """
    used = {looks(t) for t in taken}
    if looks(name) not in used:
        return name
    letters = regex.findall(r"\X", name)
    for n in itertools.count(2):
        suffix = f" {n}"
        candidate = "".join(letters[:NAME_MAX - len(suffix)]).rstrip() + suffix
        if looks(candidate) not in used:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


def names_beside(player: Player, room: Room | None = None) -> set[str]:
    """The names of everyone who shares a room with ``player``: every open room they are
    active in, and ``room`` (which they may be joining)."""
    rooms = Q(room__in=Membership.objects.filter(
        player=player, state=Membership.State.ACTIVE).exclude(
        room__status=Room.Status.CLOSED).values("room"))
    if room is not None:
        rooms |= Q(room=room)
    return set(Membership.objects.filter(rooms).exclude(player=player)
               .values_list("player__name", flat=True))


def _signed_in(user: User | AnonymousUser | None) -> User | None:
    return user if isinstance(user, User) else None


def current_player(
    session: SessionBase, user: User | AnonymousUser | None = None
) -> Player | None:
    """The player of this browser session (or of the signed-in user), if they have one."""
    account = _signed_in(user)
    if account is not None:
        player = Player.objects.filter(user=account).first()
        if player is not None:
            session[SESSION_KEY], session[ACCOUNT_KEY] = player.pk, account.pk
            return player
    player_id = session.get(SESSION_KEY)
    if player_id is None:
        return None
    player = Player.objects.filter(pk=player_id, bot_level="").first()
    if player is not None and player.user_id is None and session.get(ACCOUNT_KEY):
        return None  # its account was deleted
    if player is not None and account is not None and player.user_id not in (None, account.pk):
        return None  # this browser's player belongs to another account
    if player is not None and account is not None and player.user_id is None:
        player.user = account
        player.save(update_fields=["user"])
        session[ACCOUNT_KEY] = account.pk
    return player


def player_register(
    *, session: SessionBase, name: object, user: User | AnonymousUser | None = None
) -> Player:
    """Become (or rename) the player of this session; links a signed-in user."""
    cleaned = clean_name(name)
    with transaction.atomic():
        player = current_player(session, user)
        if player is None:
            player = Player.objects.create(name=cleaned, user=_signed_in(user))
        elif player.name != cleaned:
            player.name = unique_name(cleaned, names_beside(player))
            player.save(update_fields=["name"])
    session[SESSION_KEY] = player.pk
    return player
