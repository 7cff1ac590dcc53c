"""Gaia's options (G11) as the start page offers them: the values and defaults are
the rules' own (``components.OPTION_CHOICES``); this adds the words."""

from __future__ import annotations

from companion.games.base import Option, Texts, choice_option
from companion.games.gaia.components import (
    NEEDS,
    OPTION_CHOICES,
    POWER_CARDS,
    SYMBOLS,
    TERRAINS,
)
from companion.games.messages import register

_WORDS: dict[str, tuple[Texts, Texts]] = {
    "variant": (
        {"en": "Game", "it": "Gioco", "de": "Spiel"},
        {"en": "The expert game adds power cards and Defense; a city holds one player's pawns.",
         "it": "Il gioco esperto aggiunge le carte potere e la Difesa; su una città stanno "
               "i segnalini di un solo giocatore.",
         "de": "Das Expertenspiel bringt Macht-Karten und Abwehr; auf einer Stadt stehen nur "
               "die Figuren einer Person."}),
    "catastrophes": (
        {"en": "Natural catastrophes", "it": "Catastrofi naturali", "de": "Naturkatastrophen"},
        {"en": "Expert game only: Volcano and Lightning join the power deck.",
         "it": "Solo nel gioco esperto: Vulcano e Fulmine entrano nel mazzo potere.",
         "de": "Nur im Expertenspiel: Vulkanausbruch und Blitzschlag kommen in den "
               "Macht-Stapel."}),
    "feeding": (
        {"en": "Which cities eat", "it": "Quali città mangiano", "de": "Welche Städte fressen"},
        {"en": "Before a turn, the cities the player built eat, also those taken over (rules); "
               "or the cities the player's pawns hold (a city without pawns: its builder's); "
               "or every city on the map.",
         "it": "Prima di un turno mangiano le città costruite dal giocatore, anche se prese da "
               "altri (regole); o le città con i suoi segnalini (una città senza segnalini: di "
               "chi l'ha costruita); o tutte le città.",
         "de": "Vor einem Zug fressen die selbst gebauten Städte, auch übernommene (Regel); "
               "oder die Städte mit den eigenen Figuren (eine Stadt ohne Figuren: die der "
               "Person, die sie baute); oder alle Städte."}),
    "end_on": (
        {"en": "End of the game", "it": "Fine della partita", "de": "Spielende"},
        {"en": "The game ends when a deck and its face-up cards are gone (rules), or as soon "
               "as a deck is empty.",
         "it": "La partita finisce quando un mazzo e le sue carte scoperte sono finiti "
               "(regole), o appena un mazzo è vuoto.",
         "de": "Das Spiel endet, wenn ein Stapel und seine Auslage leer sind (Regel), oder "
               "sobald ein Stapel leer ist."}),
    "duplicate_needs": (
        {"en": "Equal needs", "it": "Bisogni uguali", "de": "Gleiche Bedürfnisse"},
        {"en": "A city with two equal need icons: one neighbour meets both, or each needs its "
               "own neighbour.",
         "it": "Una città con due bisogni uguali: un vicino li soddisfa entrambi, o serve un "
               "vicino per ciascuno.",
         "de": "Eine Stadt mit zwei gleichen Bedürfnissen: ein Nachbar erfüllt beide, oder "
               "jedes braucht einen eigenen."}),
    "auto_end_turn": (
        {"en": "End the turn by itself", "it": "Fine turno automatica",
         "de": "Zug automatisch beenden"},
        {"en": "Pass the turn after the second action when nothing is left to claim.",
         "it": "Passa il turno dopo la seconda azione quando non c'è altro da prendere.",
         "de": "Nach der zweiten Aktion weitergeben, wenn nichts mehr zu nehmen ist."}),
}

#: the order the start page shows them in
_ORDER = ("variant", "catastrophes", "feeding", "end_on", "duplicate_needs", "auto_end_turn")
_REQUIRES = {"catastrophes": {"variant": "expert"}}


OPTIONS: tuple[Option, ...] = tuple(
    choice_option(name, OPTION_CHOICES[name], _WORDS[name], _REQUIRES.get(name))
    for name in _ORDER)
SUMMARY: Texts = {"en": "Build a world of terrains, animals and cities.",
                  "it": "Costruisci un mondo di terreni, animali e città.",
                  "de": "Baue eine Welt aus Landschaften, Tieren und Städten."}

#: what the pages offer to pick, so that no page copies the game's lists
WORDS: dict[str, tuple[str, ...]] = {
    "terrains": TERRAINS, "symbols": SYMBOLS, "needs": NEEDS, "power_cards": POWER_CARDS,
    "piles": ("nature", "life", "power"), "life_kinds": ("city", "animals"),
    "objective_kinds": ("pairs", "rainbow", "power"),
}

register({f"gaia.option.{o.name}": o.label for o in OPTIONS})
register({f"gaia.option.{o.name}.help": o.help for o in OPTIONS})
