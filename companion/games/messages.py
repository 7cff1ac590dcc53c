"""Sentences from the catalogue (``companion.i18n``): stable keys, one template each
per language, in the ``messages`` of ``companion/i18n/<lang>.json``.

Templates use ``str.format`` fields named after the parameters; a counted wording is
an object keyed by CLDR plural category, chosen by the ``count`` parameter (else
``n``). A parameter is shown as people at the table see it: a game word (``forest``,
``left_arm``) in the sentence's language through the catalogue's ``<game>.term.<value>``
keys, a card or tile by its words, a player by name. Squares are never shown: the
engines send the names of what is there (terrain, owner) instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion import i18n

TIMES = "\u00d7"  # the multiplication sign of "forest x2", as printed on the objectives
#: parameters holding what people typed (names, codes): never translated
_VERBATIM = frozenset({"who", "owner", "name", "code", "max", "min", "n", "have", "want", "sid",
                       "game", "format", "retry", "version", "start", "end", "seat",
                       "limit", "most", "count", "number", "slot_number", "index"})


#: how each game puts a thing it knows (a card, a tile) in words: None if not its own
ThingWords = Callable[[dict[str, Any], str], "str | None"]
_THINGS: list[ThingWords] = []


#: the parameters a counted wording is chosen by, the first one given
COUNTED = ("count", "n")


def register_things(words: ThingWords) -> None:
    """A game's way of naming its cards or tiles in sentences (``{"kind": ...}``)."""
    _THINGS.append(words)


@i18n.cached
def catalogue() -> dict[str, dict[str, i18n.Template]]:
    """Every key of the source language with its templates by language (read-only use:
    tests, the games API); a language that lacks a key has no entry for it."""
    found: dict[str, dict[str, i18n.Template]] = {}
    for lang in i18n.languages():
        for key, template in i18n.messages(lang).items():
            found.setdefault(key, {})[lang] = template
    return {key: found[key] for key in i18n.messages(i18n.SOURCE)}


@i18n.cached
def _terms() -> dict[str, list[str]]:
    """value -> every ``<game>.term.<value>`` key, so shared sentences find any game's word."""
    terms: dict[str, list[str]] = {}
    for key in i18n.messages(i18n.SOURCE):
        game, part, value = key.partition(".term.")
        if part and "." not in game:
            terms.setdefault(value, []).append(key)
    return terms


def template(key: str, lang: str) -> i18n.Template | None:
    """The raw template of ``key`` in ``lang`` (the source language's when the language
    lacks it, which the catalogue's tests forbid), None for no such key."""
    found = i18n.messages(lang).get(key)
    return found if found is not None else i18n.messages(i18n.SOURCE).get(key)


def text(key: str, lang: str, count: int | float = 1) -> str | None:
    """The template of ``key`` in ``lang``, its wording for ``count`` if counted."""
    found = template(key, lang)
    return None if found is None else i18n.choose(found, lang, count)


def term(game: str | None, value: str, lang: str) -> str:
    """A game word in ``lang``; values that are no word of the game stay as they are.
    Sentences shared by the games (``move.*``) find the word in any game."""
    for key in (f"{game}.term.{value}", f"term.{value}", *_terms().get(value, ())):
        found = text(key, lang)
        if found is not None:
            return found
    return value


def _fmt(value: Any, lang: str = "en", game: str | None = None) -> str:
    if isinstance(value, bool):
        return term(game, str(value).lower(), lang)
    if isinstance(value, str):
        return term(game, value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt(v, lang, game) for v in value) if value else "-"
    if isinstance(value, dict):
        return _fmt_thing(value, lang, game)
    if isinstance(value, (int, float)) and value < 0:
        return f"\u2212{-value}"  # a minus sign, as the tables print it, not a hyphen
    return str(value)


def _fmt_thing(value: dict[str, Any], lang: str, game: str | None) -> str:
    """A card, a tile (as its game names it) or counts ({"forest": 2}) in words."""
    for words in _THINGS:
        said = words(value, lang)
        if said is not None:
            return said
    return ", ".join(f"{_fmt(k, lang, game)} {TIMES}{_fmt(v, lang, game)}"
                     for k, v in value.items())


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The sentence for ``key`` in ``lang`` (English when not translated)."""
    count = next((params[k] for k in COUNTED if isinstance(params.get(k), (int, float))
                  and not isinstance(params[k], bool)), 1)
    wording = text(key, lang, count)
    if wording is None:
        return key
    game = key.split(".")[0]
    shown = {k: _param(k, v, lang, game) for k, v in params.items()}
    return _elided(wording, shown, lang).format_map(_Missing(shown))


#: Italian "a" before a field ("tocca a {who}"), as the pages' common.js elides it
_BEFORE_FIELD = re.compile(r"\b([Aa]) \{(\w+)\}")


def _elided(template: str, shown: dict[str, str], lang: str) -> str:
    """Italian "a" before a vowel is "ad" ("tocca ad Ada", "tocca a Bo"): the name
    decides, so the template is mended once the values are known."""
    if lang != "it":
        return template

    def mend(match: re.Match[str]) -> str:
        starts = shown.get(match[2], "")[:1].lower()
        return f"{match[1]}d {{{match[2]}}}" if starts and starts in _VOWELS else match[0]
    return _BEFORE_FIELD.sub(mend, template)


_VOWELS = frozenset("aeiouàèéìòù")


def _param(name: str, value: Any, lang: str, game: str) -> str:
    if name in _VERBATIM:
        return str(value)
    if name == "option" and isinstance(value, str):
        return text(f"{game}.option.{value}", lang) or value
    return _fmt(value, lang, game)


class _Missing(dict[str, str]):
    """A template field the parameters lack renders empty rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""
