"""Rule summaries by id, for ``GET /rules/{game}`` and links from rejections."""

from __future__ import annotations

from typing import Any

Rules = dict[str, dict[str, str]]


def _for_options(game: str, options: dict[str, Any]) -> Rules:
    """The rules as a session with these (normalized) options plays them: texts that
    depend on an option say what this game does; expert-only rules leave a base game."""
    from companion.games import GAMES

    definition = GAMES[game]
    text = definition.rules
    assert text is not None
    options = definition.normalize_options(options)
    base = options.get("variant", "expert") != "expert"
    chosen: Rules = {}
    for rid, texts in text.rules.items():
        if base and rid.split(".")[0] in text.expert_only:
            continue
        for (rule, option, value), alt in text.by_option.items():
            if rule == rid and options.get(option) == value and \
                    type(options.get(option)) is type(value):
                texts = alt
        chosen[rid] = texts
    return chosen


def rules_for(game: str, lang: str, options: dict[str, Any] | None = None
              ) -> list[dict[str, Any]] | None:
    """The rules of ``game`` in ``lang`` (English where a text is missing); with a
    session's ``options``, the texts follow them (G7.1 under ``feeding: all`` …)."""
    from companion.games import GAMES

    definition = GAMES.get(game)
    if definition is None or definition.rules is None:
        return None
    rules = definition.rules.rules
    if options is not None:
        rules = _for_options(game, options)
    out = []
    for rid, texts in rules.items():
        used = lang if lang in texts else "en"
        title, _, text = texts[used].partition(": ")
        out.append({"id": rid, "title": title, "text": text, "language": used})
    return out


#: The rules page's own words (its title, introduction and links).
CHROME: dict[str, dict[str, str]] = {
    "title": {"en": "{game}: the rules", "it": "{game}: le regole", "de": "{game}: die Regeln"},
    "intro": {"en": "The rules as this companion keeps them, each with its id. A refused move "
                    "names its rule: its link leads here.",
              "it": "Le regole come le applica questo assistente, ognuna con il suo codice. "
                    "Una mossa rifiutata cita la sua regola: il link porta qui.",
              "de": "Die Regeln, wie dieser Begleiter sie anwendet, jede mit ihrer Kennung. "
                    "Ein abgelehnter Zug nennt seine Regel: der Link führt hierher."},
    "other": {"en": "Other games:", "it": "Altri giochi:", "de": "Andere Spiele:"},
    "start": {"en": "Start a table", "it": "Nuovo tavolo", "de": "Neuer Tisch"},
}


def chrome(game: str, lang: str) -> dict[str, str]:
    """The rules page's words in ``lang``, with the game's name filled in."""
    from companion.games import GAMES

    label = GAMES[game].label if game in GAMES else {}
    name = label.get(lang) or label.get("en") or game.capitalize()
    return {k: (texts.get(lang) or texts["en"]).replace("{game}", name)
            for k, texts in CHROME.items()}
