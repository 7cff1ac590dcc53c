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
