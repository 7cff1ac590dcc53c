"""Every message key has a sentence in every language; sentences name what the table
sees (game words in the reader's language, players by name), never coordinates."""

import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

import companion
from companion.games import GAMES
from companion.games.errors import RuleError
from companion.games.messages import catalogue, render
from companion.i18n import languages
from tests.games.facts import fact, playout

SOURCE = Path(companion.__file__).parent
# every module registers its sentences when imported: import them all
for _module in pkgutil.walk_packages(companion.__path__, "companion."):
    importlib.import_module(_module.name)
GAME = "|".join(GAMES)
KEY = re.compile(rf'"((?:move|join|session|{GAME})\.[a-z_]+(?:\.[a-z_]+)*)"')
COORDINATE = re.compile(r"\[\s*-?\d+\s*,\s*-?\d+\s*\]")


def used_keys() -> set[str]:
    """Message keys written in the code (outside the catalogues themselves)."""
    keys = set()
    for path in SOURCE.rglob("*.py"):
        if path.name not in ("messages.py", "words.py", "options.py"):
            keys.update(KEY.findall(path.read_text()))
    # keys a game builds rather than writes (Gaia's WrongPhase: one per phase)
    for game in GAMES:
        keys |= set(fact(game, "BUILT_KEYS", set()))
    return {k for k in keys if not k.startswith(tuple(f"{g}.event." for g in GAMES))
            and not re.fullmatch(rf"({GAME})\.(options|setup|game)", k)}


@pytest.mark.parametrize("key", sorted(used_keys()))
def test_key_used_in_code_has_every_language(key):
    assert key in catalogue(), f"{key} is used but has no sentence"
    assert all(catalogue()[key].get(lang) for lang in languages()), key


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_entry_is_complete_and_uses_the_same_fields():
    for key, texts in catalogue().items():
        missing = [lang for lang in languages() if not texts.get(lang, "").strip()]
        assert not missing, f"{key} lacks {missing}"
        for lang in ("it", "de"):
            assert _fields(texts[lang]) == _fields(texts["en"]), (key, lang)
            words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", texts["en"]))
            if len(words) >= 2:  # a sentence, not a name like "Tornado": really translated
                assert texts[lang] != texts["en"], (key, lang)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_word_and_option_value_is_a_term(game):
    """Its declared words, option values and the words its sentences use besides
    (``SENTENCE_WORDS`` in the game's test package) each have a term."""
    declared = (GAMES[game].words or {}).values()
    words = set(fact(game, "SENTENCE_WORDS", ())) | {w for ws in declared for w in ws}
    for option in GAMES[game].options:
        words |= {option.value_key(v) for v in option.values}
        assert f"{game}.option.{option.name}" in catalogue()
        assert f"{game}.option.{option.name}.help" in catalogue()
    missing = [w for w in sorted(words)
               if f"{game}.term.{w}" not in catalogue() and f"term.{w}" not in catalogue()]
    assert not missing


def test_session_refusals_are_sentences_not_keys():
    for lang in languages():
        text = render("session.too_few_players", {"min": 2}, lang)
        assert "2" in text and "session." not in text and "{" not in text


def _english_words(game: str) -> set[str]:
    """English game words that differ from their Italian and German (e.g. forest)."""
    out = set()
    for key, texts in catalogue().items():
        if key.startswith(f"{game}.term.") and texts["en"] not in (texts["it"], texts["de"]):
            out.add(texts["en"])
    return out


def _narrations(game: str, events: list[dict], names: list[str]):
    for event in events:
        key = f"{game}.event.{event['type']}"
        assert key in catalogue(), f"no narration for {event['type']}"
        params = {k: (names[v] if k in ("seat", "owner", "by", "target") and type(v) is int
                      else v) for k, v in event.items()}
        params["who"] = params.get("seat", "")
        for lang in languages():
            yield lang, event["type"], render(key, params, lang)


def _check_narrations(game, all_events, names):
    seen = set()
    english = _english_words(game)
    for lang, kind, text in _narrations(game, all_events, names):
        seen.add(kind)
        assert not COORDINATE.search(text), (kind, text)
        assert "None" not in text and "{" not in text and f"{game}." not in text, text
        if lang != "en":
            found = [w for w in english if re.search(rf"\b{re.escape(w)}\b", text)]
            assert not found, (lang, kind, text, found)
    return seen


def _always(game: str) -> set[str]:
    """The events every game of its kind has: the end, and passing the turn."""
    return {"game_over"} | ({"turn_passed"} if "turns" in GAMES[game].plays else set())


def _variants(game: str):
    """The options to play a game with: its defaults, then each other value of each
    choice (with the options it requires), so the expert game's events are met too."""
    yield {}
    for option in GAMES[game].options:
        if option.type in ("choice", "boolean"):
            for value in option.values:
                if value != option.default:
                    yield {**(option.requires or {}), option.name: value}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_narration_names_things_not_squares(game):
    """Every game's playouts end, and a game of turns passes them; a game's ``NARRATED``
    names the other events its playouts are known to reach."""
    table_of = playout(game)
    events = []
    for options in _variants(game):
        for seed in range(12 if not options else 3):
            for _, evs in table_of.deal(seed, 3, **options).play():
                events.extend(evs)
    seen = _check_narrations(game, events, ["Ada", "Bo", "Cy"])
    assert _always(game) | fact(game, "NARRATED", set()) <= seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_score_label_has_a_sentence(game):
    for row_key in ("total",):
        assert f"{game}.score.{row_key}" in catalogue()
    table = playout(game).deal(3, 3)
    for _ in table.play():
        pass
    for row in GAMES[game].score(table.state)["players"]:
        for key in row["breakdown"]:
            assert f"{game}.score.{key}" in catalogue(), key


def test_every_session_event_has_a_narration():
    kinds = set()
    for path in (SOURCE / "sessions").rglob("*.py"):
        kinds.update(re.findall(r'\{"type": "([a-z_]+)"', path.read_text()))
    assert {"player_joined", "game_started", "undone"} <= kinds
    for kind in kinds:
        for lang in languages():
            assert catalogue()[f"session.event.{kind}"][lang], kind


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_an_engine_emits_has_a_narration(game):
    kinds = set()
    for path in (SOURCE / "games" / game).rglob("*.py"):
        text = path.read_text()
        kinds.update(re.findall(r'emit\(\s*"([a-z_]+)"', text))
        kinds.update(re.findall(r'events\.append\(\{"type": "([a-z_]+)"', text))
    # every game ends, a game of turns passes them: the scan found the game's events
    # (small games have few, big ones dozens)
    assert _always(game) <= kinds, kinds
    for kind in sorted(kinds):
        texts = catalogue().get(f"{game}.event.{kind}")
        assert texts and all(texts.get(lang) for lang in languages()), kind


BROKEN = re.compile(r"(^|\s)'s\b|\(\s*\)|\s{2,}|\{|\bNone\b|\[\s*-?\d")


def _refusals(game: str, seeds: range):
    """Refusals met by moving each played move to other squares, places and seats."""
    engine = GAMES[game]
    options = fact(game, "RICHEST_OPTIONS", {})
    found = []
    for seed in seeds:
        table = playout(game).deal(seed, 3, **options)
        for _ in range(400):
            if table.state["status"] != "playing":
                break
            before = table.state
            move, _ = table.step()
            for bent in _bent(move):
                for who in range(3):
                    try:
                        engine.apply(before, who, bent)
                    except RuleError as err:
                        found.append(err)
    return found


def _bent(move: dict) -> list[dict]:
    out = []
    for field in ("at", "to"):
        square = move.get(field)
        if isinstance(square, list) and len(square) == 2 and all(type(v) is int for v in square):
            x, y = move[field]
            out += [{**move, field: [x + 1, y]}, {**move, field: [x, y + 7]}]
    if isinstance(move.get("slot"), str):
        out += [{**move, "slot": slot} for slot in ("head", "tail", "left_arm")]
    if isinstance(move.get("target"), dict):
        out += [{**move, "target": {**move["target"], "seat": seat}} for seat in (0, 1)]
    for field in ("terrain", "symbol", "card"):
        if isinstance(move.get(field), str):
            out += [{**move, field: other} for other in ("sea", "star", "sun")]
    if type(move.get("points")) is int:  # a number of points, bent out of any bounds
        out += [{**move, "points": -10_001}, {**move, "points": 10_001},
                # and within them, for the rules' own refusals: the shapes come first
                {**move, "points": 1}]
    if isinstance(move.get("points"), dict):  # points by category
        out += [{**move, "points": {"Nope": 1}}, {**move, "points": {}},
                {**move, "points": {k: 10_001 for k in move["points"]}},
                {**move, "seat": 2, "round": 9}]
    return out or [move]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_refusals_met_in_play_read_well_in_every_language(game):
    """A few played games meet eight distinct refusals (a game with few rules says
    how many in ``FEWEST_REFUSALS``), each a clean sentence in every language."""
    found = _refusals(game, range(3))
    fewest = fact(game, "FEWEST_REFUSALS", 8)
    assert len({e.key for e in found}) >= fewest, {e.key for e in found}
    for err in found:
        for lang in languages():
            sentence = err.sentence(lang)
            assert sentence and not BROKEN.search(sentence), (err.key, err.params, sentence)
            assert f"{game}." not in sentence and "session." not in sentence, sentence
