"""The catalogue (companion/i18n/<lang>.json): every language has every key of the source
language, with the same fields and the plural forms it needs; no key is unused; no string
table is left in a Python module. Every check runs over the languages found, so a new
language file is checked the moment it is added."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel import Locale

from companion import i18n
from companion.games import GAMES
from companion.games.base import rule_key
from companion.games.rules import CHROME
from companion.sessions import rules as session_rules
from tests.i18n import sources

SOURCE = i18n.SOURCE
OTHERS = [lang for lang in i18n.languages() if lang != SOURCE]


def _fields(template: i18n.Template) -> set[str]:
    texts = [template] if isinstance(template, str) else list(template.values())
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def categories(lang: str) -> set[str]:
    """The CLDR plural categories ``lang`` needs (Babel's rules, ``other`` included)."""
    return set(Locale.parse(lang).plural_form.tags) | {"other"}


def mismatches(source: dict[str, i18n.Template], lang: str,
               messages: dict[str, i18n.Template]) -> list[str]:
    """What ``messages`` (of ``lang``) lacks or gets wrong against the source's."""
    wrong = [f"{key}: missing" for key in source if key not in messages]
    wrong += [f"{key}: not in {SOURCE}" for key in messages if key not in source]
    for key, template in source.items():
        theirs = messages.get(key)
        if theirs is None:
            continue
        if _fields(theirs) != _fields(template):
            wrong.append(f"{key}: fields {sorted(_fields(theirs))}, "
                         f"{SOURCE} has {sorted(_fields(template))}")
        if isinstance(template, dict) != isinstance(theirs, dict):
            wrong.append(f"{key}: counted in one language and not in the other")
        elif isinstance(theirs, dict) and set(theirs) != categories(lang):
            wrong.append(f"{key}: forms {sorted(theirs)}, {lang} needs "
                         f"{sorted(categories(lang))}")
        texts = [theirs] if isinstance(theirs, str) else list(theirs.values())
        if not all(isinstance(t, str) and t.strip() for t in texts):
            wrong.append(f"{key}: empty")
    return wrong


@pytest.mark.parametrize("lang", i18n.languages())
def test_each_file_names_its_language_and_has_the_sections(lang):
    data = i18n.load(lang)
    assert data["language"]["code"] == lang and data["language"]["name"].strip()
    assert isinstance(data["messages"], dict) and isinstance(data["pages"], dict)
    path = i18n.folder() / f"{lang}.json"
    assert path.read_text(encoding="utf-8") == i18n.dump(data), \
        f"{path.name} is not in the catalogue's form (i18n.dump: sorted keys, indent 2)"


def test_the_source_language_is_complete():
    assert len(i18n.messages(SOURCE)) > 500
    assert mismatches(i18n.messages(SOURCE), SOURCE, i18n.messages(SOURCE)) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_is_in_every_language_with_its_fields_and_plural_forms(lang):
    assert mismatches(i18n.messages(SOURCE), lang, i18n.messages(lang)) == []


def test_a_missing_key_a_wrong_field_or_a_missing_plural_form_is_found():
    source = {"a": "{who} drew", "b": {"one": "{n} card", "other": "{n} cards"}, "c": "x"}
    told = mismatches(source, "pl", {"a": "{name} drew", "b": {"one": "{n} karta",
                                                              "other": "{n} kart"}})
    assert told == ["c: missing", "a: fields ['name'], en has ['who']",
                    "b: forms ['one', 'other'], pl needs ['few', 'many', 'one', 'other']"]


def test_babel_gives_each_language_its_plural_categories():
    assert categories("en") == {"one", "other"}
    assert categories("pl") == {"one", "few", "many", "other"}
    assert [i18n.plural("pl", n) for n in (1, 2, 5, 22)] == ["one", "few", "many", "few"]
    assert i18n.choose({"one": "{n} card", "other": "{n} cards"}, "en", 1) == "{n} card"
    assert i18n.choose({"one": "{n} card", "other": "{n} cards"}, "en", 0) == "{n} cards"


# -- no key unused ------------------------------------------------------------------------

def _enumerated() -> set[str]:
    """The keys the code builds from data rather than names: each game's title, summary,
    options and rules (ids and the cases an option changes), the rules page's words,
    the session rules' statements."""
    keys = {f"rules.page.{word}" for word in CHROME}
    keys |= {session_rules.statement_key(rule) for rule in session_rules.RULES}
    for name, game in GAMES.items():
        keys |= {f"{name}.title", f"{name}.summary"}
        for option in game.options:
            keys |= {f"{name}.option.{option.name}", f"{name}.option.{option.name}.help"}
        assert game.rules is not None
        keys |= {rule_key(name, rule) for rule in game.rules.rules}
        keys |= {rule_key(name, case[0], case) for case in game.rules.by_option}
    return keys


def unused(keys: set[str], code: sources.Sources) -> list[str]:
    """Keys no code asks for: neither written out, nor built from data (options, rules…),
    nor made by a pattern of the code (``f"{game}.term.{value}"``, ``${game}.event.${type}``)
    from strings the code holds (a value it emits, a word it offers)."""
    enumerated = _enumerated()
    return sorted(key for key in keys
                  if key not in code.literals and key not in enumerated
                  and not code.builds(key, set(GAMES)))


def test_no_key_is_unused():
    assert unused(set(i18n.messages(SOURCE)), sources.read()) == []


def test_a_key_nobody_asks_for_is_found():
    code = sources.read()
    assert unused({"gaia.term.forest", "gaia.event.card_drawn.display", "gaia.rule.G7.1"},
                  code) == []
    assert unused({"gaia.term.marshmallow", "gaia.event.never_emitted", "gaia.rule.G99",
                   "nobody.asks"}, code) == ["gaia.event.never_emitted", "gaia.rule.G99",
                                            "gaia.term.marshmallow", "nobody.asks"]


# -- no string table in a Python module ---------------------------------------------------

def _translations() -> dict[str, str]:
    """Each other language's words that differ from the source's (longer than 3
    characters, to pass over "no", "Arm"…), as where they come from."""
    source = i18n.messages(SOURCE)
    words = {}
    for lang in OTHERS:
        for key, template in i18n.messages(lang).items():
            for form, text in ({"": template} if isinstance(template, str)
                               else template).items():
                ours = source.get(key)
                ours = ours if isinstance(ours, str) else (ours or {}).get(form)
                if len(text) > 3 and text != ours:
                    words[text] = f"{lang} {key}"
    return words


def test_no_string_table_remains_in_a_python_module():
    found = sources.tables(i18n.languages(), _translations())
    assert [str(t) for t in found] == []


def test_a_string_table_is_found(tmp_path: Path):
    module = tmp_path / "pkg" / "mod" / "words.py"
    module.parent.mkdir(parents=True)
    module.write_text('W = {"forest": {"en": "forest", "it": "foresta"}}\n'
                      'LANGS = ("en", "de")\n'
                      'T = ("plains", "pianura", "Wiese")\n', encoding="utf-8")
    found = sources.tables(("en", "it", "de"), {"pianura": "it gaia.term.plains",
                                                "Wiese": "de gaia.term.plains"}, tmp_path)
    assert [(t.line, t.why) for t in found] == [
        (1, "a dict keyed by ['en', 'it']"), (2, "a list of ['de', 'en']"),
        (3, "'Wiese' is de gaia.term.plains"), (3, "'pianura' is it gaia.term.plains")]
