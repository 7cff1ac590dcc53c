"""Gaia's own words in en, it and de, as printed on the German and Italian editions
(Wiese, Wald, Natur-Karten; pianura, foresta, carte natura ...): catalogue keys
``gaia.term.<value>`` for every value the game uses, ``gaia.score.<key>`` for the
score breakdown and ``gaia.thing.*`` for cards named in a sentence."""

from __future__ import annotations

from companion.games.messages import register

W = tuple[str, str, str]

TERMS: dict[str, W] = {
    # terrains (G1) and the star symbol (G5.2)
    "plains": ("plains", "pianura", "Wiese"),
    "desert": ("desert", "deserto", "Wüste"),
    "forest": ("forest", "foresta", "Wald"),
    "sea": ("sea", "mare", "Wasser"),
    "swamp": ("swamp", "palude", "Sumpf"),
    "mountain": ("mountain", "montagna", "Gebirge"),
    "star": ("star", "stella", "Stern"),
    # piles and card kinds
    "nature": ("nature", "natura", "Natur"),
    "life": ("life", "vita", "Leben"),
    "power": ("power", "potere", "Macht"),
    "city": ("city", "città", "Stadt"),
    "animals": ("animals", "animali", "Tiere"),
    "deck": ("deck", "mazzo", "Nachziehstapel"),
    "display": ("face-up cards", "carte scoperte", "Auslage"),
    "discard": ("discard pile", "scarti", "Ablagestapel"),
    "tile": ("tile", "tessera", "Landschaftsplättchen"),
    "pawn": ("pawn", "segnalino", "Spielfigur"),
    "objective": ("objective", "obiettivo", "Ziel"),
    "needs": ("needs", "bisogni", "Bedürfnisse"),
    "unknown": ("unknown", "sconosciuta", "unbekannt"),
    # power cards (G10.2, G10.4)
    "sun": ("Sun", "Sole", "Sonne"),
    "rain": ("Rain", "Pioggia", "Regen"),
    "earthquake": ("Earthquake", "Terremoto", "Erdbeben"),
    "tornado": ("Tornado", "Tornado", "Tornado"),
    "defense": ("Defense", "Difesa", "Abwehr"),
    "volcano": ("Volcano", "Vulcano", "Vulkanausbruch"),
    "lightning": ("Lightning", "Fulmine", "Blitzschlag"),
    # objective kinds (G2.1, G10.2)
    "pairs": ("two pairs of terrains", "due coppie di terreni", "zwei Landschaftspaare"),
    "rainbow": ("all six terrains", "tutti e sei i terreni", "alle sechs Landschaften"),
    # turn phases (G3, G7, G10.3)
    "actions": ("actions", "azioni", "Aktionen"),
    "feeding": ("feeding the cities", "sfamare le città", "Städte füttern"),
    "reaction": ("answers to a power card", "risposte alla carta potere",
                 "Antworten auf eine Macht-Karte"),
    # how the game ended (G9)
    "no_pawns_left": ("all pawns placed", "tutti i segnalini piazzati", "alle Figuren gesetzt"),
    "nature_cards_out": ("the nature cards ran out", "le carte natura sono finite",
                         "die Natur-Karten sind aufgebraucht"),
    "life_cards_out": ("the life cards ran out", "le carte vita sono finite",
                       "die Leben-Karten sind aufgebraucht"),
    "power_cards_out": ("the power cards ran out", "le carte potere sono finite",
                        "die Macht-Karten sind aufgebraucht"),
    "stopped": ("the table stopped the game", "il tavolo ha chiuso la partita",
                "der Tisch hat das Spiel beendet"),
    # option values (G11); the options themselves are in gaia.options
    "base": ("base game", "gioco base", "Grundspiel"),
    "expert": ("expert game", "gioco esperto", "Expertenspiel"),
    "builder": ("the player's own cities", "le proprie città", "die eigenen Städte"),
    "holder": ("the cities the player's pawns hold", "le città con i propri segnalini",
               "die Städte mit den eigenen Figuren"),
    "all": ("every city", "tutte le città", "alle Städte"),
    "pile_and_display_empty": ("a deck and its face-up cards are gone",
                               "un mazzo e le sue carte scoperte sono finiti",
                               "ein Stapel und seine Auslage sind leer"),
    "deck_empty": ("a deck is empty", "un mazzo è vuoto", "ein Stapel ist leer"),
    "each_icon": ("one neighbour meets equal needs", "un vicino soddisfa bisogni uguali",
                  "ein Nachbar erfüllt gleiche Bedürfnisse"),
    "distinct_neighbours": ("each need its own neighbour", "un vicino per ogni bisogno",
                            "je Bedürfnis ein eigener Nachbar"),
}

SCORE: dict[str, W] = {
    "cities": ("pawns on cities", "segnalini sulle città", "Figuren auf Städten"),
    "objectives": ("pawns on objectives", "segnalini sugli obiettivi", "Figuren auf Zielen"),
    # shown beside the total, which does not count them (G9.3)
    "pawns_in_hand": ("pawns still in hand (not scored)", "segnalini ancora in mano (non contano)",
                      "Figuren noch in der Hand (zählen nicht)"),
    "total": ("pawns placed", "segnalini piazzati", "gesetzte Figuren"),
}

THINGS: dict[str, W] = {
    "gaia.thing.city": ("city card on {symbol} (needs: {needs})",
                        "carta città su {symbol} (bisogni: {needs})",
                        "Stadtkarte auf {symbol} (Bedürfnisse: {needs})"),
    "gaia.thing.animals": ("animals card on {symbol}", "carta animali su {symbol}",
                           "Tierkarte auf {symbol}"),
    # a square named by what is on it (pages describe squares with these)
    "gaia.place.city": ("{owner}'s {terrain} city", "la città di {owner} ({terrain})",
                        "die Stadt von {owner} ({terrain})"),
    "gaia.place.animals": ("the animals on the {terrain} tile",
                           "gli animali sulla tessera {terrain}",
                           "die Tiere auf dem Plättchen mit {terrain}"),
    "gaia.place.tile": ("the {terrain} tile", "la tessera {terrain}",
                        "das Plättchen mit {terrain}"),
    "gaia.place.empty": ("an empty square", "una casella vuota", "ein leeres Feld"),
}


def _entries(prefix: str, words: dict[str, W]) -> dict[str, dict[str, str]]:
    return {f"{prefix}{k}": {"en": en, "it": it, "de": de} for k, (en, it, de) in words.items()}


register(_entries("gaia.term.", TERMS))
register(_entries("gaia.score.", SCORE))
register(_entries("", THINGS))
