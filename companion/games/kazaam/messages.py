"""Kazaam's sentences: rule rejections and event narrations, in en, it and de."""

from __future__ import annotations

from typing import Any

from companion.games.kazaam import words as _words  # noqa: F401  (registers the game's words)
from companion.games.messages import register, register_things, render

register({
    "kazaam.game.finished": {"en": "The game is not being played (it is over).",
                             "it": "La partita non è in corso (è finita).",
                             "de": "Das Spiel läuft nicht (es ist vorbei)."},
    "kazaam.turn.not_yours": {"en": "It is {who}'s turn, not yours.",
      "it": "È il turno di {who}, non il tuo.",
      "de": "{who} ist am Zug, nicht du."},
    "kazaam.turn.no_actions_left": {"en": "You have used your 3 actions; end the turn.",
                                    "it": "Hai usato le tue 3 azioni; termina il turno.",
                                    "de": "Deine 3 Aktionen sind verbraucht; beende den Zug."},
    "kazaam.reaction.not_yours": {"en": "Only {who} may answer now.",
      "it": "Ora può rispondere solo {who}.",
      "de": "Jetzt darf nur {who} antworten."},
    "kazaam.phase.reaction": {"en": "A tail waits for an answer (cancel or accept) first.",
                              "it": "Prima si attende una risposta alla coda (annulla o accetta).",
                              "de": "Erst muss auf den Schwanz geantwortet werden."},
    "kazaam.phase.no_reaction": {"en": "Nothing is waiting for an answer.",
                                 "it": "Non c'è niente a cui rispondere.",
                                 "de": "Es wartet nichts auf eine Antwort."},
    "kazaam.tile.bad": {"en": "The field {field} is not a homunculus tile.",
                        "it": "Il campo {field} non è una tessera homunculus.",
                        "de": "Die Angabe {field} ist kein Homunkulus-Plättchen."},
    "kazaam.tile.bad_cost": {"en": "A tile costs {min} to {max} of: {ingredients}.",
                             "it": "Una tessera costa da {min} a {max} tra: {ingredients}.",
                             "de": "Ein Plättchen kostet {min} bis {max} aus: {ingredients}."},
    "kazaam.tile.cost_count": {"en": "A tile shows {min} to {max} ingredients.",
                               "it": "Una tessera mostra da {min} a {max} ingredienti.",
                               "de": "Ein Plättchen zeigt {min} bis {max} Zutaten."},
    "kazaam.tile.too_many_alike": {"en": "A tile shows at most {most} of the same ingredient.",
                                   "it": "Una tessera mostra al massimo {most} ingredienti uguali.",
                                   "de": "Ein Plättchen zeigt höchstens {most} gleiche Zutaten."},
    "kazaam.tile.not_in_set": {"en": "This game has no tile {tile}.",
                               "it": "Questa partita non ha la tessera {tile}.",
                               "de": "Dieses Spiel hat kein Plättchen {tile}."},
    "kazaam.tile.not_in_catalog": {"en": "No tile {tile} is in this game's catalogue.",
                                   "it": "La tessera {tile} non è nel catalogo.",
                                   "de": "Plättchen {tile} ist nicht im Katalog."},
    "kazaam.tile.other_cost": {"en": "That tile was entered with another cost before ({known}).",
      "it": "Quella tessera è già stata inserita con un altro costo ({known}).",
      "de": "Dieses Plättchen wurde schon mit anderen Kosten eingegeben ({known})."},
    "kazaam.tile.too_many": {"en": "Tiles {kind} in this game: {limit}, and all are accounted for.",
      "it": "Tessere {kind} in questa partita: {limit}, e sono già tutte in gioco.",
      "de": "Plättchen {kind} in diesem Spiel: {limit}, und alle sind schon im Spiel."},
    "kazaam.tile.not_in_hand": {"en": "You hold no tile that could be {tile}.",
                                "it": "Non hai una tessera che possa essere {tile}.",
                                "de": "Du hast kein Plättchen, das {tile} sein könnte."},
    "kazaam.hand.full": {"en": "You already hold {limit} tiles.",
                         "it": "Hai già {limit} tessere.",
                         "de": "Du hast schon {limit} Plättchen."},
    "kazaam.hand.too_many_declared": {"en": "Tiles in your hand: only {have}.",
      "it": "Tessere nella tua mano: solo {have}.",
      "de": "Plättchen auf deiner Hand: nur {have}."},
    "kazaam.hand.known_tile": {
      "en": "The whole table saw you take {tile} from the discard pile: it stays in your hand as it is until you build or discard it.",
      "it": "Tutto il tavolo ti ha visto prendere {tile} dagli scarti: resta nella tua mano così finché non la costruisci o la scarti.",
      "de": "Alle am Tisch haben gesehen, wie du {tile} vom Ablagestapel genommen hast: es bleibt so auf deiner Hand, bis du es baust oder abwirfst."},
    "kazaam.draw.empty": {"en": "There is no tile left to draw.",
                          "it": "Non ci sono più tessere da pescare.",
                          "de": "Es gibt kein Plättchen mehr zu ziehen."},
    "kazaam.build.wrong_slot": {"en": "A {part} cannot go in the place of the {slot}.",
      "it": "Un pezzo {part} non va al posto {slot}.",
      "de": "Ein Teil {part} passt nicht an den Platz {slot}."},
    "kazaam.build.slot_taken": {"en": "The {slot} is already built.",
      "it": "Il posto {slot} è già costruito.",
      "de": "Der Platz {slot} ist schon gebaut."},
    "kazaam.build.cannot_pay": {"en": "The tile costs exactly {cost}; you have {pool}.",
                                "it": "La tessera costa esattamente {cost}; hai {pool}.",
                                "de": "Das Plättchen kostet genau {cost}; du hast {pool}."},
    "kazaam.refresh.nothing": {"en": "None of your parts is face down.",
                               "it": "Nessuno dei tuoi pezzi è coperto.",
                               "de": "Keines deiner Teile liegt verdeckt."},
    "kazaam.power.empty_slot": {"en": "Nothing is built at your {slot}.",
      "it": "Al tuo posto {slot} non c'è niente.",
      "de": "An deinem Platz {slot} ist nichts gebaut."},
    "kazaam.power.face_down": {"en": "Your {slot} is face down; turn your parts face up first.",
      "it": "Il tuo pezzo {slot} è coperto; prima scopri i tuoi pezzi.",
      "de": "Dein Teil {slot} liegt verdeckt; decke erst deine Teile auf."},
    "kazaam.power.head_is_reaction": {"en": "The head's power is only a reaction to a tail.",
                                      "it": "Il potere della testa è solo una reazione alla coda.",
                                      "de": "Der Kopf wirkt nur als Reaktion auf einen Schwanz."},
    "kazaam.power.not_self": {"en": "Choose another player.", "it": "Scegli un altro giocatore.",
                              "de": "Wähle eine andere Person."},
    "kazaam.arm.empty_hand": {"en": "{who} holds no tile.",
      "it": "{who} non ha tessere in mano.",
      "de": "{who} hat kein Plättchen auf der Hand."},
    "kazaam.arm.not_there": {"en": "That player cannot be holding {tile}.",
                             "it": "Quel giocatore non può avere {tile}.",
                             "de": "Diese Person kann {tile} nicht haben."},
    "kazaam.tail.empty_slot": {"en": "{who} has nothing built at the {slot}.",
      "it": "{who} non ha niente al posto {slot}.",
      "de": "{who} hat am Platz {slot} nichts gebaut."},
    "kazaam.leg.not_in_discard": {"en": "{tile} is not in the discard pile.",
                                  "it": "{tile} non è negli scarti.",
                                  "de": "{tile} liegt nicht im Ablagestapel."},
    "kazaam.torso.count": {"en": "Choose exactly {count} ingredients.",
                           "it": "Scegli esattamente {count} ingredienti.",
                           "de": "Wähle genau {count} Zutaten."},
    "kazaam.torso.three": {"en": "Choose exactly {count} ingredients from: {ingredients}.",
                           "it": "Scegli esattamente {count} ingredienti tra: {ingredients}.",
                           "de": "Wähle genau {count} Zutaten aus: {ingredients}."},
    "kazaam.join.prototype": {"en": "Choose a prototype: {types}.",
                              "it": "Scegli un prototipo: {types}.",
                              "de": "Wähle einen Prototyp: {types}."},
    "kazaam.join.prototype_taken": {"en": "Somebody already builds the {prototype} prototype.",
                                    "it": "Il prototipo {prototype} è già preso.",
                                    "de": "Der Prototyp {prototype} ist schon vergeben."},
    "kazaam.join.ingredient": {"en": "Choose your ingredient: {ingredients}.",
                               "it": "Scegli il tuo ingrediente: {ingredients}.",
                               "de": "Wähle deine Zutat: {ingredients}."},
    "kazaam.setup.players": {"en": "Kazaam is for {min} to {max} players, not {n}.",
                             "it": "Kazaam è per {min}-{max} giocatori, non {n}.",
                             "de": "Kazaam ist für {min} bis {max} Personen, nicht {n}."},
    "kazaam.setup.seating": {"en": "The seating must list each of the {n} seats once.",
                             "it": "L'ordine deve elencare ognuno dei {n} posti una volta.",
                             "de": "Die Sitzordnung nennt jeden der {n} Plätze einmal."},
    "kazaam.setup.first_player": {"en": "The first player must be one of the seats.",
                                  "it": "Il primo giocatore deve essere uno dei posti.",
                                  "de": "Startspieler muss einer der Plätze sein."},
    "kazaam.options.bad": {"en": "The option {option} is not valid.",
                           "it": "L'opzione {option} non è valida.",
                           "de": "Die Option {option} ist ungültig."},
    "kazaam.options.ingredient_names": {
        "en": "Each of the {count} ingredient names needs 1 to {max} visible characters, "
              "without control or writing-direction characters, and all must differ.",
        "it": "Ciascuno dei {count} nomi degli ingredienti deve avere da 1 a {max} caratteri "
              "visibili, senza caratteri di controllo o di direzione, e tutti diversi.",
        "de": "Jeder der {count} Zutatennamen braucht 1 bis {max} sichtbare Zeichen, ohne "
              "Steuer- oder Schreibrichtungszeichen, und alle müssen verschieden sein."},
    "kazaam.options.unknown": {"en": "There is no option {option}.",
                               "it": "L'opzione {option} non esiste.",
                               "de": "Die Option {option} gibt es nicht."},
})

_EVENTS = {
    "tile_drawn": ("{who} drew a tile", "{who} pesca una tessera", "{who} zieht ein Plättchen"),
    "part_built": ("{who} built the {slot}: {tile}", "{who} costruisce il pezzo {slot}: {tile}",
                   "{who} baut den Platz {slot}: {tile}"),
    "tile_discarded": ("{who} discarded a tile and took {gained}",
                       "{who} scarta una tessera e prende {gained}",
                       "{who} wirft ein Plättchen ab und nimmt {gained}"),
    "parts_refreshed": ("{who} turned their parts face up", "{who} scopre di nuovo i suoi pezzi",
                        "{who} deckt die eigenen Teile wieder auf"),
    "power_used": ("{who} used the power of the {slot}", "{who} usa il potere del pezzo {slot}",
                   "{who} nutzt die Fähigkeit des Teils {slot}"),
    "hand_looked_at": ("{who} looked at {target}'s hand", "{who} guarda la mano di {target}",
                       "{who} schaut sich die Hand von {target} an"),
    "tile_taken": ("{who} took a tile from {target}", "{who} prende una tessera da {target}",
                   "{who} nimmt {target} ein Plättchen weg"),
    "reaction_requested": ("{by} aims the tail at {who}'s {slot}: {who} may answer with the head",
                           "{by} punta la coda sul pezzo {slot} di {who}: {who} può rispondere "
                           "con la testa",
                           "{by} zielt mit dem Schwanz auf das Teil {slot} von {who}: {who} kann "
                           "mit dem Kopf antworten"),
    "part_turned_down": ("{who}'s {slot} was turned face down",
                         "il pezzo {slot} di {who} viene coperto",
                         "das Teil {slot} von {who} wird verdeckt"),
    "part_discarded": ("{who}'s {slot} was discarded", "il pezzo {slot} di {who} viene scartato",
                       "das Teil {slot} von {who} wird abgeworfen"),
    "tile_from_discard": ("{who} took {tile} from the discard pile",
                          "{who} prende {tile} dagli scarti",
                          "{who} nimmt {tile} vom Ablagestapel"),
    "ingredients_taken": ("{who} took {ingredients}", "{who} prende {ingredients}",
                          "{who} nimmt {ingredients}"),
    "power_cancelled": ("{who} cancelled {by}'s tail with the head",
                        "{who} annulla la coda di {by} con la testa",
                        "{who} wehrt den Schwanz von {by} mit dem Kopf ab"),
    "power_accepted": ("{who} lets {by}'s tail act", "{who} lascia agire la coda di {by}",
                       "{who} lässt den Schwanz von {by} wirken"),
    "pile_reshuffled": ("the discards were shuffled into a new pile ({count})",
                        "gli scarti vengono rimescolati in un nuovo mucchio ({count})",
                        "die Ablage wird zu einem neuen Stapel gemischt ({count})"),
    "homunculus_completed": ("{who} completed the homunculus", "{who} completa l'homunculus",
                             "{who} vollendet den Homunkulus"),
    "final_round": ("final round", "ultimo giro", "letzte Runde"),
    "turn_passed": ("{who}'s turn", "tocca a {who}", "{who} ist am Zug"),
    "game_over": ("game over", "partita finita", "Spielende"),
}
register({f"kazaam.event.{k}": {"en": en, "it": it, "de": de}
          for k, (en, it, de) in _EVENTS.items()})


#: Issue 11: the open cases a real table meets (K5.3, K6.2)
register({
    "kazaam.tail.not_itself": {
        "en": "The tail cannot target itself: choose another part.",
        "it": "La coda non può colpire se stessa: scegli un altro pezzo.",
        "de": "Der Schwanz kann sich nicht selbst treffen: wähle ein anderes Teil."},
    "kazaam.stalled.no_tiles": {
        "en": "No tile is left to draw and a whole round passed without a build: "
              "the host may finish the game and score it as it stands.",
        "it": "Non restano tessere da pescare ed è passato un giro intero senza costruire: "
              "l'host può chiudere la partita e contare i punti così come sono.",
        "de": "Es gibt kein Plättchen mehr zu ziehen und eine ganze Runde verging ohne Bau: "
              "der Host kann das Spiel beenden und den Stand werten."},
    "kazaam.event.game_stalled": {
        "en": "the game cannot end: the host may finish it",
        "it": "la partita non può finire: l'host può chiuderla",
        "de": "das Spiel kann nicht enden: der Host kann es beenden"},
    "kazaam.hand.declare_again": {
        "en": "A tile left your hand unseen: declare your hand again.",
        "it": "Una tessera ha lasciato la tua mano: dichiara di nuovo la mano.",
        "de": "Ein Plättchen hat deine Hand verlassen: erkläre deine Hand neu."},
})

#: the join form's own fields (``view.join_info`` choices)
register({
    "kazaam.join.field.prototype": {"en": "Prototype", "it": "Prototipo", "de": "Prototyp"},
    # the seat's own ingredient: read by the player joining and by the host adding a seat
    "kazaam.join.field.ingredient": {"en": "Own ingredient", "it": "Ingrediente proprio",
                                     "de": "Eigene Zutat"},
})

#: Words drawn in the picture of the table (GET /sessions/{id}/board.svg).
register({
    "kazaam.picture.waiting": {"en": "Waiting for the game to start",
                               "it": "In attesa che la partita inizi",
                               "de": "Warten auf den Spielbeginn"},
    "kazaam.picture.points": {"en": "points: {n}", "it": "punti: {n}", "de": "Punkte: {n}"},
    "kazaam.picture.in_hand": {"en": "tiles in hand: {n}", "it": "tessere in mano: {n}",
                               "de": "Plättchen auf der Hand: {n}"},
    "kazaam.picture.no_ingredients": {"en": "no ingredients", "it": "nessun ingrediente",
                                      "de": "keine Zutaten"},
})


def _tile_words(value: dict[str, Any], lang: str) -> str | None:
    """A tile in sentences: its part and homunculus, with its cost when known."""
    if "homunculus" not in value or "part" not in value:
        return None
    key = "kazaam.thing.tile" if value.get("ingredients") else "kazaam.thing.kind"
    return render(key, {"part": value["part"], "homunculus": value["homunculus"],
                        "ingredients": value.get("ingredients") or []}, lang)


register_things(_tile_words)
