"""What a native-speaker pass over the Italian and German sentences pinned down:
rules a sentence can break whatever values it is filled with."""

import importlib
import re

import pytest

from companion.games import GAMES
from companion.games.messages import catalogue, render
from tests.games.test_messages import _narrations, _variants  # it imports every catalogue

PEOPLE = ("who", "name", "owner")


def _templates(lang: str):
    for key, texts in catalogue().items():
        if lang in texts:
            yield key, texts[lang]


@pytest.mark.parametrize("name, said", [("Ada", "ad Ada"), ("Emma", "ad Emma"),
                                        ("Ugo", "ad Ugo"), ("Bo", "a Bo")])
def test_italian_a_before_a_name_is_ad_when_the_name_starts_with_a_vowel(name, said):
    met = 0
    for key, template in _templates("it"):
        for field in PEOPLE:
            if re.search(rf"\b[Aa] \{{{field}\}}", template):
                met += 1
                assert said in render(key, {field: name}, "it"), (key, template)
    assert met  # "tocca a {who}" at least


def test_no_italian_sentence_says_a_before_a_vowel_initial_word():
    for key, template in _templates("it"):
        assert not re.search(r"\b[Aa] [AaÀà]", template), (key, template)


def test_german_tiles_are_named_without_broken_compounds():
    """ "Wiese-Plättchen" is no German word: a tile is "ein Plättchen mit Wiese"."""
    for key, template in _templates("de"):
        assert "}-Plättchen" not in template, (key, template)


def test_the_host_has_one_name_in_each_language():
    """The pages say "Host"/"l'host": the sentences do not switch to other words."""
    for lang, others in (("it", ("chi ospita", "ospite")), ("de", ("Spielleitung", "Gastgeber"))):
        for key, template in _templates(lang):
            assert not any(w in template for w in others), (key, template)


def _doubled(text: str) -> list[str]:
    """Words said twice in a row ("la carta carta città"); a list's commas separate."""
    return re.findall(r"\b([^\W\d]+)\s+\1\b", text, re.IGNORECASE)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_narrated_playouts_never_double_a_word(game):
    """A face-up life card is "carta città su ...": the sentence must not say "carta" again."""
    table_of = importlib.import_module(f"companion.games.{game}.playout").Table
    events = []
    for options in _variants(game):
        for _, evs in table_of.deal(1, 3, **options).play():
            events.extend(evs)
    # the pages narrate a face-up card taken with its own sentence (common.js variant)
    events += [{**e, "type": f"{e['type']}.display"} for e in events
               if e.get("from") == "display" and e.get("card") is not None]
    for lang, kind, text in _narrations(game, events, ["Ada", "Bo", "Emma"]):
        if lang != "en":  # English is not this pass's (its face-up sentence says "card" twice)
            assert not _doubled(text) and not re.search(r"\bcarta carta\b", text), (kind, text)
