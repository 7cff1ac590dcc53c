"""The score pad's own words in en, it and de: ``scorepad.term.<value>`` for every
value it uses (and the six colours beyond the shared six), ``scorepad.score.<key>``
for the score table."""

from __future__ import annotations

from companion.games.messages import catalogue, register
from companion.games.scorepad.state import COLORS

W = tuple[str, str, str]

TERMS: dict[str, W] = {
    # S1.1: how points are entered
    "per_turn": ("each player at the end of their turn", "ognuno alla fine del suo turno",
                 "jede Person am Ende ihres Zugs"),
    "per_round": ("anyone, for everyone, after each round", "chiunque, per tutti, a fine giro",
                  "alle für alle, nach jeder Runde"),
    # the moves
    "score": ("enter points", "inserisci punti", "Punkte eintragen"),
    "end_turn": ("end the turn", "fine turno", "Zug beenden"),
    # the pad
    "round": ("round", "giro", "Runde"),
    "total": ("total", "totale", "Summe"),
    "open_ended": ("no fixed number of rounds", "giri senza limite", "offene Rundenzahl"),
    # S3.1: how the game ended
    "last_round": ("the last round was played", "l'ultimo giro è finito",
                   "die letzte Runde ist gespielt"),
    "stopped": ("the table stopped the game", "il tavolo ha chiuso la partita",
                "der Tisch hat das Spiel beendet"),
    # colours seven to twelve (the first six are every game's ``term.*``)
    "pink": ("pink", "rosa", "Rosa"),
    "teal": ("teal", "verde acqua", "Petrol"),
    "brown": ("brown", "marrone", "Braun"),
    "grey": ("grey", "grigio", "Grau"),
    "lime": ("lime", "verde chiaro", "Hellgrün"),
    "navy": ("navy", "blu scuro", "Dunkelblau"),
}

SCORE: dict[str, W] = {
    "total": ("total", "totale", "Summe"),
    "categories": ("by category", "per categoria", "nach Kategorie"),
    "rounds": ("by round", "per giro", "nach Runde"),
    "round": ("round {number}", "giro {number}", "Runde {number}"),
    "rank": ("rank", "posizione", "Platz"),
    "no_entry": ("no entry yet", "nessun punteggio", "noch kein Eintrag"),
}


def _entries(prefix: str, words: dict[str, W]) -> dict[str, dict[str, str]]:
    return {f"{prefix}{k}": {"en": en, "it": it, "de": de} for k, (en, it, de) in words.items()}


register(_entries("scorepad.term.", TERMS))
register(_entries("scorepad.score.", SCORE))
# every colour a seat may have is a word of the pad, the shared six included
register({f"scorepad.term.{c}": catalogue()[f"term.{c}"] for c in COLORS
          if f"term.{c}" in catalogue()})
