"""Names people type: players' names, and the names a game lets a table choose
(ingredients, score categories).

A name is shown on every phone, on the table screen and inside the board's SVG,
so it must be plain visible text: normalized (NFC, trimmed), without control
characters (a NUL makes the SVG invalid XML), without bidirectional overrides
(which reorder the text around them) and not made only of invisible characters.
Characters that draw nothing (zero-width spaces, Hangul fillers, the blank Braille
pattern...) are taken out wherever they are, and any run of spaces is one plain
space: "Anna" followed by a blank Braille cell is "Anna", and is refused as taken
where an "Anna" sits already.
"""

from __future__ import annotations

import re
import unicodedata

#: Explicit bidirectional formatting: embeddings, overrides, isolates and marks.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters that draw nothing (Hangul fillers, the blank Braille pattern, ...).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
#: Characters that draw nothing and change nothing around them, taken out of a name:
#: the blank letters, zero-width space and no-break, word joiner, soft hyphen, the
#: combining grapheme joiner, invisible operators, Khmer's inherent vowels, musical
#: formatting and tag characters. The zero-width (non-)joiner and the variation
#: selectors stay: emoji sequences and some scripts need them (``same_key`` ignores
#: them).
DROPPED = BLANK_LETTERS | frozenset(
    "\u200b\u2060\ufeff\u00ad\u034f\u2061\u2062\u2063\u2064\u17b4\u17b5"
    "\U0001d173\U0001d174\U0001d175\U0001d176\U0001d177\U0001d178\U0001d179"
    "\U0001d17a") | frozenset(map(chr, range(0xE0000, 0xE0080)))
#: Variation selectors: they pick a glyph's style (text or emoji), never another letter.
SELECTORS = frozenset(map(chr, [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]))
#: Categories that never draw anything by themselves: format, marks, separators.
INVISIBLE = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp"})


class BadName(ValueError):
    """Why a name is refused: ``reason`` is ``length``, ``control``, ``bidi`` or
    ``invisible``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def clean(raw: object, most: int) -> str:
    """The name as it is kept (NFC, trimmed), or :class:`BadName`."""
    if not isinstance(raw, str):
        raise BadName("length")
    name = unicodedata.normalize("NFC", raw).strip()
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Zl", "Zp") for c in name):
        raise BadName("control")
    if any(c in BIDI for c in name):
        raise BadName("bidi")
    if not 1 <= len(name) <= most:
        raise BadName("length")
    if all(c in DROPPED or unicodedata.category(c) in INVISIBLE for c in name):
        raise BadName("invisible")
    # something visible is left (checked above): the rest is taken out
    return _SPACES.sub(" ", "".join(c for c in name if c not in DROPPED)).strip()


#: runs of spaces of any width (no-break, ideographic, em...): one space in a name
_SPACES = re.compile(r"\s+")


def same_key(name: str) -> str:
    """What two names must differ in: case, width and invisible characters do not count
    ("Ada", "ADA", a full-width "Ada" and "Ada" with a zero-width space are one name)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    kept = "".join(c for c in folded if unicodedata.category(c) != "Cf"
                   and c not in DROPPED and c not in SELECTORS)
    return " ".join(kept.split())
