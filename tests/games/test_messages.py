"""Every message key the engines use has a sentence in every language."""

import re
from pathlib import Path

import pytest

import companion.games
from companion.games.errors import RuleViolation
from companion.games.messages import _CATALOGUE, LANGUAGES, render

SOURCE = Path(companion.games.__file__).parent
KEY = re.compile(r'"((?:move|join|gaia|kazaam)\.[a-z_]+\.?[a-z_]*)"')


def used_keys() -> set[str]:
    keys = set()
    for path in SOURCE.rglob("*.py"):
        if path.name != "messages.py":
            keys.update(KEY.findall(path.read_text()))
    return keys


@pytest.mark.parametrize("key", sorted(used_keys()))
def test_key_has_every_language(key):
    assert key in _CATALOGUE, key
    assert set(_CATALOGUE[key]) >= set(LANGUAGES), key


def test_event_types_have_narrations():
    from companion.games.gaia.playout import Table
    seen = set()
    for seed in range(30):
        table = Table.deal(seed, 3)
        for _, events in table.play():
            seen.update(e["type"] for e in events)
    assert {"tile_placed", "city_built", "turn_passed", "game_over"} <= seen
    for kind in seen:
        assert f"gaia.event.{kind}" in _CATALOGUE, kind


def test_sentences_render_in_each_language():
    err = RuleViolation("G6.2", "gaia.city.too_few_needs", at=[2, 0], have=1)
    assert err.sentence("en") == "The city at [2,0] needs 2 satisfied needs, it has 1."
    assert "[2,0]" in err.sentence("it") and "richiede" in err.sentence("it")
    assert "[2,0]" in err.sentence("de") and "braucht" in err.sentence("de")
    assert render("gaia.city.too_few_needs", {"at": [2, 0], "have": 1}, "fr") == err.sentence()
