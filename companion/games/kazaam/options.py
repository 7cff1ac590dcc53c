"""Kazaam's options (K9) as the start page offers them: the values and defaults are
the rules' own (``components.OPTION_CHOICES``); this adds the words."""

from __future__ import annotations

from companion.games.base import Option, Texts, choice_option
from companion.games.kazaam.components import INGREDIENTS, OPTION_CHOICES, PARTS, SLOTS, TYPES
from companion.games.messages import register

_WORDS: dict[str, tuple[Texts, Texts]] = {
    "end": (
        {"en": "End of the game", "it": "Fine della partita", "de": "Spielende"},
        {"en": "A complete homunculus ends the game at once, or after the round is played out.",
         "it": "Un homunculus completo chiude la partita subito, o a fine giro.",
         "de": "Ein vollständiger Homunkulus beendet das Spiel sofort oder nach der Runde."}),
    "chain_counts_face_down": (
        {"en": "Face-down parts in chains", "it": "Pezzi coperti nelle catene",
         "de": "Verdeckte Teile in Ketten"},
        {"en": "A face-down neighbour of the same homunculus still counts for a chain.",
         "it": "Un vicino coperto dello stesso homunculus conta comunque per la catena.",
         "de": "Ein verdeckter Nachbar desselben Homunkulus zählt trotzdem für eine Kette."}),
}


OPTIONS: tuple[Option, ...] = tuple(choice_option(name, OPTION_CHOICES[name], _WORDS[name])
                                    for name in OPTION_CHOICES)
SUMMARY: Texts = {"en": "Alchemists build a homunculus from ingredients.",
                  "it": "Gli alchimisti costruiscono un homunculus con gli ingredienti.",
                  "de": "Alchemisten bauen einen Homunkulus aus Zutaten."}

#: what the pages offer to pick, so that no page copies the game's lists
WORDS: dict[str, tuple[str, ...]] = {
    "homunculi": TYPES, "parts": PARTS, "places": tuple(SLOTS), "ingredients": INGREDIENTS,
}

register({f"kazaam.option.{o.name}": o.label for o in OPTIONS})
register({f"kazaam.option.{o.name}.help": o.help for o in OPTIONS})
