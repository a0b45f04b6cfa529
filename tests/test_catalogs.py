"""Every string a person reads exists in every language (docs/decisions/0019-languages.md).

``manage.py update_catalogs`` (Django's makemessages) runs on a copy of the project, so
the catalogs it writes are the committed ones plus whatever the code marks today: any
string of a template, of the JavaScript or of a Python message that the French or Swedish
catalog lacks, or has only as a fuzzy guess, fails here with its place in the code.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from tests.support.site_apps import APPS

ROOT = Path(__file__).resolve().parent.parent
# The site's templates: the project's, and each app's own.
TEMPLATES = sorted(
    p
    for top in ("templates", *(f"{app}/templates" for app in APPS))
    for p in (ROOT / top).rglob("*.html")
)
SOURCES = ["manage.py", "yahtzee_site", *APPS, "scoring", "templates", "static", "locale"]
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
DOMAINS = ["django", "djangojs"]


@pytest.fixture(scope="module")
def gathered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project whose catalogs ``update_catalogs`` has just brought up to date."""
    copy = tmp_path_factory.mktemp("project")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
            )
        else:
            shutil.copy2(source, copy / name)
    subprocess.run(
        [sys.executable, "-P", "manage.py", "update_catalogs", "-v", "0"],
        cwd=copy,
        check=True,
        capture_output=True,
        text=True,
    )
    return copy


def untranslated(po: polib.POFile) -> list[str]:
    return [
        f"{', '.join(p for p, _line in e.occurrences)}: "
        f"{(e.msgctxt + ' | ') if e.msgctxt else ''}{e.msgid!r}"
        for e in po
        if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)
    ]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_is_translated(gathered: Path, language: str, domain: str) -> None:
    path = gathered / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    po = polib.pofile(str(path))
    assert len(po) > 0, f"{path} gathered no string at all"
    missing = untranslated(po)
    assert not missing, (
        f"{len(missing)} strings missing or fuzzy in {language}/{domain}.po "
        "(make messages, then translate them):\n" + "\n".join(missing)
    )
    assert not po.metadata_is_fuzzy


def test_the_gathering_wrote_to_the_copy_only(gathered: Path) -> None:
    """The test's makemessages run leaves the committed catalogs as they are."""
    for language in LANGUAGES:
        for domain in DOMAINS:
            ours = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            copied = gathered / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            assert ours.is_file() and copied.is_file()
            assert "POT-Creation-Date" in copied.read_text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogs_compile_with_matching_placeholders(language: str) -> None:
    """msgfmt --check: every translation keeps its original's %(name)s placeholders."""
    for domain in DOMAINS:
        path = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
        done = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        for entry in polib.pofile(str(path)):
            wanted = sorted(set(re.findall(r"%\(\w+\)s|%s|%d", entry.msgid)))
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                if text and not entry.msgid_plural:
                    got = sorted(set(re.findall(r"%\(\w+\)s|%s|%d", text)))
                    assert got == wanted, f"{language}: {entry.msgid!r} -> {text!r}"


def test_french_calls_a_room_a_salon_everywhere() -> None:
    """One word for a room in French: "salon", never "salle" (not even "salle d'attente"),
    in the catalogs and in any French written into a template or a script."""
    found = [
        f"{domain}: {entry.msgid!r} -> {text!r}"
        for domain in DOMAINS
        for entry in polib.pofile(str(ROOT / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po"))
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if re.search(r"\bsalles?\b", text, re.I)
    ]
    sources = [
        *TEMPLATES,
        *(ROOT / "static" / "js").rglob("*.js"),
        *(p for app in APPS for p in (ROOT / app).rglob("*.py")),
    ]
    found += [
        str(path.relative_to(ROOT))
        for path in sources
        if re.search(r"\bsalles?\b", path.read_text(errors="replace"), re.I)
    ]
    assert found == []


# Words in a template outside {% translate %} / {% blocktranslate %}: text a visitor
# would read in English whatever their language.
TAGS = re.compile(
    r"{%\s*(blocktranslate|blocktrans)\b.*?{%\s*end\1\s*%}|{%.*?%}|{{.*?}}|{#.*?#}", re.S
)
SCRIPT_STYLE = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
READ_ATTRIBUTES = re.compile(r"""\b(?:title|alt|placeholder|aria-label)=("[^"]*"|'[^']*')""")
HTML_TAG = re.compile(r"<[^>]*>", re.S)
# Not words to translate: the brand, entities, and names of things.
NOT_WORDS = re.compile(r"&#?\w+;|\bFive Dice\b|\bYahtzee\b|\bYatzy\b|\bYam's\b|[^\w&]+")


def unmarked_text(source: str) -> list[str]:
    """The readable words of a template left outside translation tags."""
    text = TAGS.sub(" ", SCRIPT_STYLE.sub(" ", source))
    found = []
    for value in READ_ATTRIBUTES.findall(text):
        words = NOT_WORDS.sub(" ", value[1:-1]).strip()
        if re.search(r"[A-Za-z]{2}", words):
            found.append(value)
    for chunk in HTML_TAG.sub("\n", text).splitlines():
        words = NOT_WORDS.sub(" ", chunk).strip()
        if re.search(r"[A-Za-z]{2}", words):
            found.append(chunk.strip())
    return found


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_mark_every_word_for_translation(template: Path) -> None:
    assert unmarked_text(template.read_text()) == []


def test_the_unmarked_text_finder_finds_text() -> None:
    assert unmarked_text("<p>Roll the dice</p>") == ["Roll the dice"]
    assert unmarked_text('<button title="Leave">{% translate "Go" %}</button>') == ['"Leave"']
    assert unmarked_text('<p>{% translate "Roll" %} {{ name }} &middot;</p>') == []
    assert unmarked_text("{% blocktranslate %}Hi {{ n }}{% endblocktranslate %}") == []
