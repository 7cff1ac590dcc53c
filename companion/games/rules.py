"""Rule summaries by id, for ``GET /rules/{game}`` and links from rejections."""

from __future__ import annotations

from typing import Any

from companion.games.gaia.rules_text import RULES as GAIA_RULES
from companion.games.kazaam.rules_text import RULES as KAZAAM_RULES

Rule = tuple[str, str, dict[str, str]]
CATALOGUE: dict[str, list[Rule]] = {"gaia": GAIA_RULES, "kazaam": KAZAAM_RULES}


def register(game: str, rules: list[Rule]) -> None:
    CATALOGUE[game] = rules


def rules_for(game: str, lang: str) -> list[dict[str, Any]] | None:
    rules = CATALOGUE.get(game)
    if rules is None:
        return None
    return [{"id": rid, "title": title, "text": texts.get(lang) or texts["en"],
             "language": lang if lang in texts else "en"} for rid, title, texts in rules]
