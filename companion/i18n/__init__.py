"""The catalogue: every word people read, one JSON file per language in this folder.

``<lang>.json`` holds ``{"language": {...}, "messages": {...}, "pages": {...}}``:
``messages`` are the server's sentences and terms (refusals, narrations, option labels,
the rules pages), ``pages`` the page modules' words (served with the messages at
``/i18n/<lang>.json``). A value is a template with ``{name}`` fields, or, where a number
decides the wording, an object keyed by CLDR plural category (``one``, ``other``, and
``few``/``many``/``two``/``zero`` for languages that have them).

Adding a language is adding one file: the languages are the files found here (the
folder is ``CATALOGUE_DIR`` when set, this package's folder otherwise).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

DIR = Path(__file__).parent  #: the catalogue shipped with the package (the default folder)
SOURCE = "en"  #: the language every other file is checked against, and falls back to

Template = str | dict[str, str]
F = TypeVar("F", bound=Callable[..., Any])
_folder = Path(os.environ.get("CATALOGUE_DIR") or DIR)
_caches: list[Any] = []


def cached(function: F) -> F:
    """``functools.cache``, emptied when another folder is used (:func:`use`)."""
    kept = cache(function)
    _caches.append(kept)
    return kept  # type: ignore[return-value]


def folder() -> Path:
    """The folder the catalogue files are read from."""
    return _folder


def use(path: str | Path) -> None:
    """Read the catalogue from ``path`` from now on (the ``CATALOGUE_DIR`` setting)."""
    global _folder
    if Path(path) != _folder:
        _folder = Path(path)
        for kept in _caches:
            kept.cache_clear()


def check_folder(path: str | Path) -> Path:
    """``path`` if it holds a readable catalogue (the source language's file and only
    files of the right shape), else ValueError saying what is wrong."""
    where = Path(path)
    if not (where / f"{SOURCE}.json").is_file():
        raise ValueError(f"{where} has no {SOURCE}.json")
    for file in where.glob("*.json"):
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise ValueError(f"{file.name}: {err}") from None
        if not isinstance(data, dict) or not isinstance(data.get("messages"), dict):
            raise ValueError(f"{file.name} has no \"messages\" object")
    return where


@cached
def languages() -> tuple[str, ...]:
    """Every language with a file here, the source language first."""
    found = sorted(path.stem for path in _folder.glob("*.json"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


@cached
def load(lang: str) -> dict[str, Any]:
    """The whole file of ``lang`` (read once per process)."""
    with (_folder / f"{lang}.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def messages(lang: str) -> dict[str, Template]:
    """The server's words in ``lang`` (key -> template), empty for no such language."""
    if lang not in languages():
        return {}
    found: dict[str, Template] = load(lang).get("messages", {})
    return found


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
