"""Every sentence, word and rule text of the score pad in en, it and de; its shapes;
its picture of the table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion.games import shapes
from companion.games.base import rule_key
from companion.games.errors import BadMove
from companion.games.messages import catalogue, render
from companion.games.scorepad import SCOREPAD
from companion.games.scorepad.playout import Table
from companion.games.scorepad.rules_text import BY_OPTION, RULES
from companion.games.scorepad.state import normalize_options
from companion.i18n import languages

from .helpers import game, play, score

SOURCE = Path(__file__).resolve().parents[3] / "companion" / "games" / "scorepad"


def _source() -> str:
    return "\n".join(p.read_text() for p in SOURCE.glob("*.py"))


def test_every_key_the_engine_raises_has_a_sentence_in_every_language():
    keys = set(re.findall(r'"(scorepad\.(?:options|setup|game|turn|score|hand)\.[a-z_]+)"',
                          _source()))
    assert len(keys) >= 15
    for key in sorted(keys):
        for lang in languages():
            assert catalogue()[key][lang], (key, lang)


def test_every_rule_id_the_engine_names_has_a_text():
    named = set(re.findall(r'"(S\d\.\d)"', _source()))
    assert {"S1.1", "S1.2", "S2.1", "S2.2", "S3.1"} <= named
    assert named <= set(RULES)
    for key in [*(rule_key("scorepad", r) for r in RULES),
                *(rule_key("scorepad", case[0], case) for case in BY_OPTION)]:
        assert all(": " in catalogue()[key][lang] for lang in languages())
    for rule, option, value in BY_OPTION:
        assert rule in RULES and normalize_options({option: value})[option] == value


def _events() -> list[dict]:
    events = []
    for seed in range(6):
        for options in ({"scoring": "per_round"}, {"categories": ["Cards"]}):
            table = Table.deal(seed, 3, **options)
            for _, evs in table.play():
                events.extend(evs)
    return events


def test_every_event_is_narrated_in_three_languages():
    names = ["Ada", "Bo", "Cy"]
    seen = set()
    for event in _events():
        key = f"scorepad.event.{event['type']}"
        params = {**event, "who": names[event["seat"]] if "seat" in event else ""}
        for lang in languages():
            text = render(key, params, lang)
            assert text != key and "{" not in text and "None" not in text, (key, text)
        seen.add(event["type"])
    assert seen == {"scored", "score_corrected", "round_ended", "turn_passed", "game_over"}
    emitted = set(re.findall(r'"type": "([a-z_]+)"', _source()))
    assert emitted <= seen | {"score", "end_turn"}  # move types appear in templates
    assert render("scorepad.event.scored", {"who": "Ada", "total": -4, "round": 2}, "de") \
        == "Ada: \u22124 in Runde 2"  # a minus sign, as the score tables print it


def test_every_word_and_option_label_in_three_languages():
    for kind, values in (SCOREPAD.words or {}).items():
        for value in values:
            assert f"scorepad.term.{value}" in catalogue() or f"term.{value}" in catalogue(), \
                (kind, value)
    for option in SCOREPAD.options:
        for key in (f"scorepad.option.{option.name}", f"scorepad.option.{option.name}.help"):
            assert set(catalogue()[key]) == set(languages()), key
        assert normalize_options({})[option.name] == (
            list(option.default) if isinstance(option.default, tuple) else option.default)
    table = Table.deal(3, 3, categories=["Cards"])
    for _ in table.play():
        pass
    for row in SCOREPAD.score(table.state)["players"]:
        for key in [*row["breakdown"], "total", "rank", "round"]:
            assert all(catalogue()[f"scorepad.score.{key}"][lang] for lang in languages()), key


def test_the_shapes_are_strict():
    declared = SCOREPAD.shapes
    assert declared is not None
    shapes.check_move(declared, score({"Longest road": 3}, seat=2, round=4))
    for move, field in ((score(3, note="x"), "note"),
                        (score({"x" * 25: 3}), "points." + "x" * 25),
                        (score(10_001), "points.total"),
                        (score(3, seat=12), "seat"),
                        ({"type": "end_turn", "points": {}}, "points")):
        with pytest.raises(BadMove) as info:
            shapes.check_move(declared, move)
        assert info.value.params["field"] == field
    shapes.check(declared.setup, {"seating": [1, 0], "first_player": 0})
    for hand in ({"cards": []}, {"tiles": []}):
        with pytest.raises(BadMove):
            shapes.check(declared.hand, hand)


def test_the_picture_is_a_score_table_in_the_tables_language():
    s = game(3, categories=["Cards"], rounds=3, title="Catan <&>")
    s["players"][1]["name"] = "B<o>"
    s, _ = play(s, 0, score({"Cards": 12}))
    s, _ = play(s, 1, score({"Cards": -3}))
    svg = SCOREPAD.board_svg(SCOREPAD.view_for(s, None), "it")
    root = ET.fromstring(svg)  # well-formed XML whatever the names hold
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert texts[:2] == ["Catan <&>", "giro 1 di 3"]
    assert {"Ada", "B<o>", "Cy", "Giro 1", "Cards", "Totale", "Posizione"} <= set(texts)
    assert texts.count("12") == 3  # round 1, Cards and the total of Ada
    assert texts.count("\u22123") == 3  # Bo's, with a real minus sign
    assert texts.count("\u2013") == 1  # Cy has entered nothing yet
    assert "round" not in svg and "None" not in svg
    assert 'data-turn="true"' in svg  # the player on turn is marked
    done, _ = SCOREPAD.finish(s)
    final = SCOREPAD.board_svg(SCOREPAD.view_for(done, None), "de")
    assert "Endstand" in final and 'data-turn="true"' not in final


def test_the_picture_before_the_game_starts():
    lobby = {"game": "scorepad", "status": "lobby", "players": [{"name": "Ada"}],
             "options": normalize_options({}), "turn": None}
    for lang, words in (("en", "Waiting"), ("it", "attesa"), ("de", "Warten")):
        assert words in SCOREPAD.board_svg(lobby, lang)
