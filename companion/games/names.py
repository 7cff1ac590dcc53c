"""Names people type: players' names, and the names a game lets a table choose
(ingredients, score categories).

A name is shown on every phone, on the table screen and inside the board's SVG,
so it must be plain visible text: normalized (NFC, trimmed), without control
characters (a NUL makes the SVG invalid XML), without bidirectional overrides
(which reorder the text around them) and not made only of invisible characters.
"""

from __future__ import annotations

import unicodedata

#: Explicit bidirectional formatting: embeddings, overrides, isolates and marks.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters that draw nothing (Hangul fillers, the blank Braille pattern, ...).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
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
    if all(c in BLANK_LETTERS or unicodedata.category(c) in INVISIBLE for c in name):
        raise BadName("invisible")
    return name


def same_key(name: str) -> str:
    """What two names must differ in: case, width and invisible characters do not count
    ("Ada", "ADA", a full-width "Ada" and "Ada" with a zero-width space are one name)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if unicodedata.category(c) != "Cf")
