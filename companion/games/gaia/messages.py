"""How Gaia names a life card in a sentence (its words are in the catalogue,
``companion/i18n/<lang>.json``: ``gaia.*`` keys)."""

from __future__ import annotations

from typing import Any

from companion.games.messages import register_things, render


def _card_words(value: dict[str, Any], lang: str) -> str | None:
    """A life card in sentences: its kind, symbol and needs."""
    if "kind" not in value or "symbol" not in value:
        return None
    key = "gaia.thing.city" if value["kind"] == "city" else "gaia.thing.animals"
    return render(key, {"symbol": value["symbol"], "needs": value.get("needs") or []}, lang)


register_things(_card_words)
