"""The rules summaries say what the engines do, and follow a session's options."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.base import rule_key
from companion.games.messages import catalogue
from companion.games.rules import rules_for
from companion.i18n import languages


def _by_id(game: str, lang: str, options: dict | None = None) -> dict[str, str]:
    found = rules_for(game, lang, options)
    assert found is not None
    return {r["id"]: r["text"] for r in found}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_in_every_language(game):
    text = GAMES[game].rules
    assert text is not None and text.rules, f"{game} declares no rules"
    keys = [*(rule_key(game, rid) for rid in text.rules),
            *(rule_key(game, case[0], case) for case in text.by_option)]
    for key in keys:
        texts = catalogue()[key]
        assert set(texts) >= set(languages())
        assert all(": " in texts[lang] for lang in languages())  # "Title: text"
    for (rule, _, _) in text.by_option:
        assert rule in text.rules
