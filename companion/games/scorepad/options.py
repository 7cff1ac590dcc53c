"""The score pad's options (S1.1) as the start page offers them.

Besides ``choice`` and ``boolean`` the pad needs three kinds of input the other
games do not: ``text`` (free text), ``texts`` (a list of free texts) and ``number``
(a whole number; a ``None`` default means "none", e.g. no fixed number of rounds).
Their ``values`` stay empty (there is no list of values to name); their bounds
(``LIMITS``) travel in ``Option.limits``.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.base import Option, Texts
from companion.games.messages import register
from companion.games.scorepad.state import (
    CATEGORIES_MAX,
    CATEGORY_MAX,
    COLORS,
    DEFAULTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS_MAX,
    SCORING,
    TITLE_MAX,
)

#: the bounds of the free inputs: (low, high) of a number; (most items, most
#: characters) of texts; (0, most characters) of a text
LIMITS: dict[str, tuple[int, int]] = {
    "title": (0, TITLE_MAX), "categories": (CATEGORIES_MAX, CATEGORY_MAX),
    "rounds": (1, ROUNDS_MAX), "min_players": (MIN_PLAYERS, MAX_PLAYERS),
    "max_players": (MIN_PLAYERS, MAX_PLAYERS)}


def _texts(en: str, it: str, de: str) -> Texts:
    return {"en": en, "it": it, "de": de}


_OPTIONS: tuple[Option, ...] = (
    Option("title", "text", (), DEFAULTS["title"],
           _texts("Game", "Gioco", "Spiel"),
           _texts("The name of the game you play, up to 40 characters.",
                  "Il nome del gioco che giocate, fino a 40 caratteri.",
                  "Der Name des Spiels, das ihr spielt, bis zu 40 Zeichen.")),
    Option("categories", "texts", (), (),
           _texts("Categories", "Categorie", "Kategorien"),
           _texts(f"Up to {CATEGORIES_MAX} named score rows, e.g. Cards; none: one total "
                  "per entry.",
                  f"Fino a {CATEGORIES_MAX} righe di punteggio con nome, es. Carte; nessuna: "
                  "un totale per volta.",
                  f"Bis zu {CATEGORIES_MAX} benannte Wertungszeilen, z. B. Karten; keine: "
                  "eine Summe je Eintrag.")),
    Option("rounds", "number", (), DEFAULTS["rounds"],
           _texts("Rounds", "Giri", "Runden"),
           _texts("The game ends after this round; none: the host ends it.",
                  "La partita finisce dopo questo giro; nessuno: la chiude l'host.",
                  "Das Spiel endet nach dieser Runde; keine: der Host beendet es.")),
    Option("scoring", "choice", SCORING, DEFAULTS["scoring"],
           _texts("Who enters points", "Chi inserisce i punti", "Wer Punkte einträgt"),
           _texts("Each player at the end of their turn, or anyone for everyone after a round.",
                  "Ognuno alla fine del suo turno, o chiunque per tutti dopo un giro.",
                  "Jede Person am Ende ihres Zugs, oder alle für alle nach einer Runde.")),
    Option("low_wins", "boolean", (False, True), DEFAULTS["low_wins"],
           _texts("Lowest total wins", "Vince il totale più basso", "Niedrigste Summe gewinnt"),
           _texts("As in golf or Hearts.", "Come nel golf o a Cuori.",
                  "Wie beim Golf oder bei Hearts.")),
    Option("min_players", "number", (), DEFAULTS["min_players"],
           _texts("Fewest players", "Giocatori minimi", "Mindestens Personen"),
           _texts("The game starts with at least this many.",
                  "La partita inizia con almeno questi giocatori.",
                  "Das Spiel beginnt mit mindestens so vielen.")),
    Option("max_players", "number", (), DEFAULTS["max_players"],
           _texts("Most players", "Giocatori massimi", "Höchstens Personen"),
           _texts("No more can join.", "Non possono entrare altri.",
                  "Mehr können nicht beitreten.")),
)

OPTIONS: tuple[Option, ...] = tuple(replace(o, limits=LIMITS.get(o.name)) for o in _OPTIONS)

SUMMARY: Texts = _texts("Turn order and scores for any game on the shelf.",
                        "Turni e punteggi per qualsiasi gioco dello scaffale.",
                        "Zugreihenfolge und Punkte für jedes Spiel im Regal.")

#: what the pages offer to pick: the scoring modes and the twelve seat colours
WORDS: dict[str, tuple[str, ...]] = {"scoring": SCORING, "colors": COLORS}

register({f"scorepad.option.{o.name}": o.label for o in OPTIONS})
register({f"scorepad.option.{o.name}.help": o.help for o in OPTIONS})
