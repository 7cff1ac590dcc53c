"""The session's own rules: what the table may do whatever the game.

A refusal of the sessions layer names one of these ids (never a game's rule id),
so a phone can tell "the game has already started" apart from a rule of the game.
Each id has a one-sentence statement under ``session.rule.<name>`` in en, it, de.
"""

from __future__ import annotations

from companion.games.messages import register

#: people join, and the host adds seats, only in the lobby
LOBBY = "SESSION.lobby"
#: the host starts the game once, with as many players as the game allows
PLAYERS = "SESSION.players"
#: moves and declared hands need a game that has started
STARTED = "SESSION.started"
#: a game that is over takes no more moves and is not finished again
OVER = "SESSION.over"
#: starting, finishing, adding seats, re-issuing links and rewinding are the host's
HOST = "SESSION.host"
#: a player acts and reads for their own seat only
SEAT = "SESSION.seat"
#: a player undoes only their own move, while it is the last, MAX_UNDOS_PER_SEAT times
UNDO = "SESSION.undo"

RULES = (LOBBY, PLAYERS, STARTED, OVER, HOST, SEAT, UNDO)


def statement_key(rule: str) -> str:
    """The catalogue key of a session rule's statement."""
    return "session.rule." + rule.split(".", 1)[1]


register({
    "session.rule.lobby": {
        "en": "People join the table, and the host adds seats, only before the game starts.",
        "it": "Ci si siede al tavolo, e l'host aggiunge posti, solo prima dell'inizio "
              "della partita.",
        "de": "Man setzt sich an den Tisch, und der Host fügt Plätze hinzu, nur vor dem "
              "Spielbeginn."},
    "session.rule.players": {
        "en": "The host starts the game once, with as many players as the game allows.",
        "it": "L'host avvia la partita una sola volta, con tanti giocatori quanti il gioco "
              "ne ammette.",
        "de": "Der Host startet das Spiel einmal, mit so vielen Personen, wie das Spiel "
              "erlaubt."},
    "session.rule.started": {
        "en": "Moves and hands are entered only once the game has started.",
        "it": "Mosse e mani si inseriscono solo dopo l'inizio della partita.",
        "de": "Züge und Handkarten werden erst nach dem Spielbeginn eingegeben."},
    "session.rule.over": {
        "en": "A game that is over takes no more moves and cannot be finished again.",
        "it": "Una partita finita non accetta altre mosse e non si chiude di nuovo.",
        "de": "Ein beendetes Spiel nimmt keine Züge mehr an und wird nicht noch einmal "
              "beendet."},
    "session.rule.host": {
        "en": "Starting, finishing, adding seats, new seat links and going back further are "
              "the host's.",
        "it": "Avviare, chiudere, aggiungere posti, nuovi link dei posti e tornare più "
              "indietro spettano all'host.",
        "de": "Starten, Beenden, Plätze hinzufügen, neue Platz-Links und weiter zurückgehen "
              "sind Sache des Hosts."},
    "session.rule.seat": {
        "en": "Each player acts, and reads their hand, for their own seat only.",
        "it": "Ogni giocatore agisce, e legge la sua mano, solo per il proprio posto.",
        "de": "Alle handeln und lesen ihre Hand nur für den eigenen Platz."},
    "session.rule.undo": {
        "en": "A player undoes only their own move, only while it is the last one, and "
              "a limited number of times a game.",
        "it": "Un giocatore annulla solo la propria mossa, solo finché è l'ultima, e un "
              "numero limitato di volte a partita.",
        "de": "Man nimmt nur den eigenen Zug zurück, nur solange er der letzte ist, und "
              "nur begrenzt oft pro Spiel."},
})
