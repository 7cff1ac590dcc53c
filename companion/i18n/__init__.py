"""The catalogue: every word people read, one JSON file per language in this folder.

``<lang>.json`` holds ``{"language": {...}, "messages": {...}, "pages": {...}}``:
``messages`` are the server's sentences and terms (refusals, narrations, option labels,
the rules pages), ``pages`` the page modules' words (served with the messages at
``/i18n/<lang>.json``). A value is a template with ``{name}`` fields, or, where a number
decides the wording, an object keyed by CLDR plural category (``one``, ``other``, and
``few``/``many``/``two``/``zero`` for languages that have them).

Adding a language is adding one file: the languages are the files found here.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DIR = Path(__file__).parent
SOURCE = "en"  #: the language every other file is checked against, and falls back to

Template = str | dict[str, str]


@cache
def languages() -> tuple[str, ...]:
    """Every language with a file here, the source language first."""
    found = sorted(path.stem for path in DIR.glob("*.json"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


@cache
def load(lang: str) -> dict[str, Any]:
    """The whole file of ``lang`` (read once per process)."""
    with (DIR / f"{lang}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def dump(data: dict[str, Any]) -> str:
    """How a catalogue file is written (tools that edit one keep this form)."""
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


@cache
def _locale(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang)


def plural(lang: str, n: int | float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (``one``, ``few``, ``other``…)."""
    category: str = _locale(lang).plural_form(abs(n))
    return category


def choose(template: Template, lang: str, n: int | float) -> str:
    """A template's wording for ``n``: its plural form, else ``other``."""
    if isinstance(template, str):
        return template
    return template.get(plural(lang, n)) or template["other"]
