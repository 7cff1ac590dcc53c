"""The score pad's sentences: refusals and event narrations, in en, it and de."""

from __future__ import annotations

from companion.games.messages import register
from companion.games.scorepad import words as _words  # noqa: F401  (registers the game's words)

register({
    "scorepad.options.bad": {"en": "The option {option} is not valid.",
                             "it": "L'opzione {option} non è valida.",
                             "de": "Die Option {option} ist ungültig."},
    "scorepad.options.unknown": {"en": "There is no option {option}.",
                                 "it": "L'opzione {option} non esiste.",
                                 "de": "Die Option {option} gibt es nicht."},
    "scorepad.options.number": {"en": "{option}: enter a whole number from {min} to {max}.",
                                "it": "{option}: inserisci un numero intero da {min} a {max}.",
                                "de": "{option}: gib eine ganze Zahl von {min} bis {max} ein."},
    "scorepad.options.title": {
        "en": "The game's name may have up to {max} visible characters, without control or "
              "writing-direction characters.",
        "it": "Il nome del gioco può avere fino a {max} caratteri visibili, senza caratteri "
              "di controllo o di direzione.",
        "de": "Der Name des Spiels darf bis zu {max} sichtbare Zeichen haben, ohne Steuer- "
              "oder Schreibrichtungszeichen."},
    "scorepad.options.categories": {
        "en": "Up to {count} categories, each named with 1 to {max} visible characters, "
              "all different.",
        "it": "Fino a {count} categorie, ognuna con un nome da 1 a {max} caratteri visibili, "
              "tutte diverse.",
        "de": "Bis zu {count} Kategorien, jede mit 1 bis {max} sichtbaren Zeichen benannt, "
              "alle verschieden."},
    "scorepad.options.players": {
        "en": "The fewest players cannot be more than the most players.",
        "it": "Il numero minimo di giocatori non può superare il massimo.",
        "de": "Die Mindestzahl an Personen darf nicht über der Höchstzahl liegen."},
    "scorepad.setup.players": {"en": "This score pad is for {min} to {max} players, not {n}.",
                               "it": "Questo segnapunti è per {min}-{max} giocatori, non {n}.",
                               "de": "Dieser Spielblock ist für {min} bis {max} Personen, "
                                     "nicht {n}."},
    "scorepad.setup.seating": {"en": "The seating must list each of the {n} seats once.",
                               "it": "L'ordine deve elencare ognuno dei {n} posti una volta.",
                               "de": "Die Sitzordnung nennt jeden der {n} Plätze einmal."},
    "scorepad.setup.first_player": {"en": "The first player must be one of the seats.",
                                    "it": "Il primo giocatore deve essere uno dei posti.",
                                    "de": "Startspieler muss einer der Plätze sein."},
    "scorepad.game.finished": {"en": "The game is not being played (it is over).",
                               "it": "La partita non è in corso (è finita).",
                               "de": "Das Spiel läuft nicht (es ist vorbei)."},
    "scorepad.turn.not_yours": {"en": "It is {who}'s turn, not yours.",
                                "it": "È il turno di {who}, non il tuo.",
                                "de": "{who} ist am Zug, nicht du."},
    "scorepad.turn.own_only": {"en": "You can end only your own turn.",
                               "it": "Puoi terminare solo il tuo turno.",
                               "de": "Du kannst nur deinen eigenen Zug beenden."},
    "scorepad.score.no_points": {"en": "Enter at least one number.",
                                 "it": "Inserisci almeno un numero.",
                                 "de": "Gib mindestens eine Zahl ein."},
    "scorepad.score.unknown_category": {"en": "This score pad has no row {name}; its rows: "
                                              "{want}.",
                                        "it": "Questo segnapunti non ha la riga {name}; le sue "
                                              "righe: {want}.",
                                        "de": "Dieser Spielblock hat keine Zeile {name}; seine "
                                              "Zeilen: {want}."},
    "scorepad.score.points_range": {"en": "{name}: points are whole numbers from {min} to "
                                          "{max}.",
                                    "it": "{name}: i punti sono numeri interi da {min} a "
                                          "{max}.",
                                    "de": "{name}: Punkte sind ganze Zahlen von {min} bis "
                                          "{max}."},
    "scorepad.score.own_turn_only": {
        "en": "In this game everyone enters only their own points, for the turn they are "
              "playing.",
        "it": "In questa partita ognuno inserisce solo i propri punti, nel proprio turno.",
        "de": "In diesem Spiel trägt jede Person nur die eigenen Punkte ein, im eigenen Zug."},
    "scorepad.score.seated_only": {"en": "Only a player at the table enters points.",
                                   "it": "Solo chi siede al tavolo inserisce punti.",
                                   "de": "Nur wer am Tisch sitzt, trägt Punkte ein."},
    "scorepad.score.round_number": {"en": "Rounds are whole numbers from {min} on.",
                                    "it": "I giri sono numeri interi da {min} in su.",
                                    "de": "Runden sind ganze Zahlen ab {min}."},
    "scorepad.score.seat_number": {"en": "Seats are whole numbers from {min} to {max}.",
                                   "it": "I posti sono numeri interi da {min} a {max}.",
                                   "de": "Plätze sind ganze Zahlen von {min} bis {max}."},
    "scorepad.score.no_seat": {"en": "Choose one of the {count} players.",
                               "it": "Scegli uno dei {count} giocatori.",
                               "de": "Wähle eine der {count} Personen."},
    "scorepad.score.round_range": {"en": "Enter points for round 1 to {number}.",
                                   "it": "Inserisci punti per un giro da 1 a {number}.",
                                   "de": "Trage Punkte für Runde 1 bis {number} ein."},
    "scorepad.hand.none": {"en": "A score pad keeps no hidden cards: there is nothing to "
                                 "declare.",
                           "it": "Un segnapunti non tiene carte nascoste: non c'è niente da "
                                 "dichiarare.",
                           "de": "Ein Spielblock kennt keine verdeckten Karten: es gibt "
                                 "nichts zu erklären."},
    "scorepad.picture.waiting": {"en": "Waiting for the game to start",
                                 "it": "In attesa che la partita inizi",
                                 "de": "Warten auf den Spielbeginn"},
    "scorepad.picture.name": {"en": "Score pad", "it": "Segnapunti", "de": "Spielblock"},
    "scorepad.picture.round_of": {"en": "round {number} of {count}",
                                  "it": "giro {number} di {count}",
                                  "de": "Runde {number} von {count}"},
    "scorepad.picture.round": {"en": "round {number}", "it": "giro {number}",
                               "de": "Runde {number}"},
    "scorepad.picture.over": {"en": "final score", "it": "punteggio finale",
                              "de": "Endstand"},
})

_EVENTS = {
    "scored": ("{who}: {total} in round {round}", "{who}: {total} nel giro {round}",
               "{who}: {total} in Runde {round}"),
    "score_corrected": ("{who}, round {round} corrected: {was} → {total}",
                        "{who}, giro {round} corretto: {was} → {total}",
                        "{who}, Runde {round} korrigiert: {was} → {total}"),
    "round_ended": ("round {number} is over", "il giro {number} è finito",
                    "Runde {number} ist vorbei"),
    "turn_passed": ("{who}'s turn", "tocca a {who}", "{who} ist am Zug"),
    "game_over": ("game over", "partita finita", "Spielende"),
}
register({f"scorepad.event.{k}": {"en": en, "it": it, "de": de}
          for k, (en, it, de) in _EVENTS.items()})
