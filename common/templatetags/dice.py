"""Template tags that draw dice with CSS (no images, no JavaScript)."""

from __future__ import annotations

from django import template

register = template.Library()

# Where the pips of each face sit on a 3 x 3 grid (row-major: a..i).
PIPS: dict[int, tuple[str, ...]] = {
    1: ("e",),
    2: ("a", "i"),
    3: ("a", "e", "i"),
    4: ("a", "c", "g", "i"),
    5: ("a", "c", "e", "g", "i"),
    6: ("a", "c", "d", "f", "g", "i"),
}


@register.inclusion_tag("games/die.html")
def die(face: int, size: str = "", tone: str = "") -> dict[str, object]:
    """Render one decorative die showing ``face`` (1-6).

    ``size`` and ``tone`` add the modifier classes ``die--<size>`` and
    ``die--<tone>`` defined in static/css/site.css.

    >>> die(3, "large")
    {'face': 3, 'pips': ('a', 'e', 'i'), 'classes': 'die die--large'}
    """
    face = int(face)
    if face not in PIPS:
        raise template.TemplateSyntaxError(f"a die shows 1 to 6, not {face!r}")
    classes = ["die"] + [f"die--{mod}" for mod in (size, tone) if mod]
    return {"face": face, "pips": PIPS[face], "classes": " ".join(classes)}
