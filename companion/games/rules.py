"""Rule summaries by id, for ``GET /rules/{game}`` and links from rejections."""

from __future__ import annotations

from typing import Any

from companion.games.gaia import rules_text as gaia_text
from companion.games.kazaam import rules_text as kazaam_text

Rules = dict[str, dict[str, str]]
CATALOGUE: dict[str, Rules] = {"gaia": gaia_text.RULES, "kazaam": kazaam_text.RULES}
#: per game: (rule id, option, value) -> texts, and the ids of expert-only rules
BY_OPTION: dict[str, dict[tuple[str, str, object], dict[str, str]]] = {
    "gaia": gaia_text.BY_OPTION, "kazaam": kazaam_text.BY_OPTION}
EXPERT_ONLY: dict[str, tuple[str, ...]] = {
    "gaia": gaia_text.EXPERT_ONLY, "kazaam": kazaam_text.EXPERT_ONLY}


def _for_options(game: str, options: dict[str, Any]) -> Rules:
    """The rules as a session with these (normalized) options plays them: texts that
    depend on an option say what this game does; expert-only rules leave a base game."""
    from companion.games import GAMES

    options = GAMES[game].normalize_options(options)
    base = options.get("variant", "expert") != "expert"
    chosen: Rules = {}
    for rid, texts in CATALOGUE[game].items():
        if base and rid.split(".")[0] in EXPERT_ONLY[game]:
            continue
        for (rule, option, value), alt in BY_OPTION[game].items():
            if rule == rid and options.get(option) == value and \
                    type(options.get(option)) is type(value):
                texts = alt
        chosen[rid] = texts
    return chosen


def rules_for(game: str, lang: str, options: dict[str, Any] | None = None
              ) -> list[dict[str, Any]] | None:
    """The rules of ``game`` in ``lang`` (English where a text is missing); with a
    session's ``options``, the texts follow them (G7.1 under ``feeding: all`` …)."""
    rules = CATALOGUE.get(game)
    if rules is None:
        return None
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
    name = game.capitalize()
    return {k: (texts.get(lang) or texts["en"]).replace("{game}", name)
            for k, texts in CHROME.items()}
