"""How Kazaam names a tile in a sentence (its words are in the catalogue,
``companion/i18n/<lang>.json``: ``kazaam.*`` keys)."""

from __future__ import annotations

from typing import Any

from companion.games.messages import register_things, render


def _tile_words(value: dict[str, Any], lang: str) -> str | None:
    """A tile in sentences: its part and homunculus, with its cost when known."""
    if "homunculus" not in value or "part" not in value:
        return None
    key = "kazaam.thing.tile" if value.get("ingredients") else "kazaam.thing.kind"
    return render(key, {"part": value["part"], "homunculus": value["homunculus"],
                        "ingredients": value.get("ingredients") or []}, lang)


register_things(_tile_words)
