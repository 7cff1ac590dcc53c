"""Rule summaries by id, for ``GET /rules/{game}`` and links from rejections."""

from __future__ import annotations

from typing import Any

from companion.games.gaia.rules_text import RULES as GAIA_RULES
from companion.games.kazaam.rules_text import RULES as KAZAAM_RULES

Rules = dict[str, dict[str, str]]
CATALOGUE: dict[str, Rules] = {"gaia": GAIA_RULES, "kazaam": KAZAAM_RULES}


def rules_for(game: str, lang: str) -> list[dict[str, Any]] | None:
    """The rules of ``game`` in ``lang`` (English where a text is missing)."""
    rules = CATALOGUE.get(game)
    if rules is None:
        return None
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
