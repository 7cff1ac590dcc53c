"""Rule summaries by id, for ``GET /rules/{game}`` and links from rejections."""

from __future__ import annotations

from typing import Any

from companion import i18n
from companion.games.base import rule_key
from companion.games.messages import text

#: rule id -> the catalogue key of its text
Rules = dict[str, str]


def _for_options(game: str, options: dict[str, Any] | None) -> Rules:
    """The rules, or with a session's (normalized) options the rules as it plays them:
    texts that depend on an option say what this game does; expert-only rules leave a
    base game."""
    from companion.games import GAMES

    definition = GAMES[game]
    kept = definition.rules
    assert kept is not None
    if options is None:
        return {rid: rule_key(game, rid) for rid in kept.rules}
    options = definition.normalize_options(options)
    base = options.get("variant", "expert") != "expert"
    chosen: Rules = {}
    for rid in kept.rules:
        if base and rid.split(".")[0] in kept.expert_only:
            continue
        chosen[rid] = rule_key(game, rid)
        for case in kept.by_option:
            rule, option, value = case
            if rule == rid and options.get(option) == value and \
                    type(options.get(option)) is type(value):
                chosen[rid] = rule_key(game, rid, case)
    return chosen


def rules_for(game: str, lang: str, options: dict[str, Any] | None = None
              ) -> list[dict[str, Any]] | None:
    """The rules of ``game`` in ``lang`` (English where a text is missing); with a
    session's ``options``, the texts follow them (G7.1 under ``feeding: all`` …)."""
    from companion.games import GAMES

    definition = GAMES.get(game)
    if definition is None or definition.rules is None:
        return None
    out = []
    for rid, key in _for_options(game, options).items():
        used = lang if key in i18n.messages(lang) else i18n.SOURCE
        title, _, said = (text(key, used) or "").partition(": ")
        out.append({"id": rid, "title": title, "text": said, "language": used})
    return out


#: The rules page's own words (its title, introduction and links): ``rules.page.<word>``.
CHROME = ("title", "intro", "other", "start")


def chrome(game: str, lang: str) -> dict[str, str]:
    """The rules page's words in ``lang``, with the game's name filled in."""
    from companion.games import GAMES

    label = GAMES[game].label if game in GAMES else {}
    name = label.get(lang) or label.get("en") or game.capitalize()
    return {k: (text(f"rules.page.{k}", lang) or "").replace("{game}", name) for k in CHROME}
