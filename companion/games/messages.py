"""Message catalogue: stable keys with their sentences in en, it and de.

Games register their templates with :func:`register`; templates use
``str.format`` fields named after the parameters. A parameter is shown as
people at the table see it: a game word (``forest``, ``left_arm``) in the
sentence's language through the catalogue's ``<game>.term.<value>`` keys, a
card or tile by its words, a player by name. Squares are never shown: the
engines send the names of what is there (terrain, owner) instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

LANGUAGES = ("en", "it", "de")
_CATALOGUE: dict[str, dict[str, str]] = {}
TIMES = "\u00d7"  # the multiplication sign of "forest x2", as printed on the objectives
#: parameters holding what people typed (names, codes): never translated
_VERBATIM = frozenset({"who", "owner", "name", "code", "max", "min", "n", "have", "want", "sid",
                       "game", "format", "retry", "version", "start", "end", "seat",
                       "limit", "most", "count", "number", "slot_number", "index"})


#: value -> every "<game>.term.<value>" key, so shared sentences find any game's word
_TERMS: dict[str, list[str]] = {}
#: how each game puts a thing it knows (a card, a tile) in words: None if not its own
ThingWords = Callable[[dict[str, Any], str], "str | None"]
_THINGS: list[ThingWords] = []


def register(templates: dict[str, dict[str, str]]) -> None:
    """Add templates: ``{key: {"en": ..., "it": ..., "de": ...}}``."""
    _CATALOGUE.update(templates)
    for key in templates:
        game, part, value = key.partition(".term.")
        if part and "." not in game and key not in _TERMS.get(value, ()):
            _TERMS.setdefault(value, []).append(key)


def register_things(words: ThingWords) -> None:
    """A game's way of naming its cards or tiles in sentences (``{"kind": ...}``)."""
    _THINGS.append(words)


def catalogue() -> dict[str, dict[str, str]]:
    """Every key with its sentences (read-only use: pages, tests, the games API)."""
    return _CATALOGUE


def text(key: str, lang: str) -> str | None:
    """The raw template of ``key`` in ``lang`` (English when not translated)."""
    templates = _CATALOGUE.get(key)
    return None if templates is None else templates.get(lang) or templates["en"]


def term(game: str | None, value: str, lang: str) -> str:
    """A game word in ``lang``; values that are no word of the game stay as they are.
    Sentences shared by the games (``move.*``) find the word in any game."""
    for key in (f"{game}.term.{value}", f"term.{value}", *_TERMS.get(value, ())):
        found = text(key, lang)
        if found is not None:
            return found
    return value


def _fmt(value: Any, lang: str = "en", game: str | None = None) -> str:
    if isinstance(value, bool):
        return term(game, str(value).lower(), lang)
    if isinstance(value, str):
        return term(game, value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt(v, lang, game) for v in value) if value else "-"
    if isinstance(value, dict):
        return _fmt_thing(value, lang, game)
    if isinstance(value, (int, float)) and value < 0:
        return f"\u2212{-value}"  # a minus sign, as the tables print it, not a hyphen
    return str(value)


def _fmt_thing(value: dict[str, Any], lang: str, game: str | None) -> str:
    """A card, a tile (as its game names it) or counts ({"forest": 2}) in words."""
    for words in _THINGS:
        said = words(value, lang)
        if said is not None:
            return said
    return ", ".join(f"{_fmt(k, lang, game)} {TIMES}{_fmt(v, lang, game)}"
                     for k, v in value.items())


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The sentence for ``key`` in ``lang`` (English when not translated)."""
    template = text(key, lang)
    if template is None:
        return key
    game = key.split(".")[0]
    shown = {k: _param(k, v, lang, game) for k, v in params.items()}
    return _elided(template, shown, lang).format_map(_Missing(shown))


#: Italian "a" before a field ("tocca a {who}"), as the pages' common.js elides it
_BEFORE_FIELD = re.compile(r"\b([Aa]) \{(\w+)\}")


def _elided(template: str, shown: dict[str, str], lang: str) -> str:
    """Italian "a" before a vowel is "ad" ("tocca ad Ada", "tocca a Bo"): the name
    decides, so the template is mended once the values are known."""
    if lang != "it":
        return template

    def mend(match: re.Match[str]) -> str:
        starts = shown.get(match[2], "")[:1].lower()
        return f"{match[1]}d {{{match[2]}}}" if starts and starts in _VOWELS else match[0]
    return _BEFORE_FIELD.sub(mend, template)


_VOWELS = frozenset("aeiouàèéìòù")


def _param(name: str, value: Any, lang: str, game: str) -> str:
    if name in _VERBATIM:
        return str(value)
    if name == "option" and isinstance(value, str):
        return text(f"{game}.option.{value}", lang) or value
    return _fmt(value, lang, game)


class _Missing(dict[str, str]):
    """A template field the parameters lack renders empty rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


register({
    "join.bad_name": {"en": "Enter a name of 1 to {max} characters.",
                      "it": "Inserisci un nome da 1 a {max} caratteri.",
                      "de": "Gib einen Namen mit 1 bis {max} Zeichen ein."},
    "join.name_control": {"en": "A name cannot contain control characters (such as line "
                                "breaks).",
                          "it": "Un nome non può contenere caratteri di controllo (come gli "
                                "a capo).",
                          "de": "Ein Name darf keine Steuerzeichen (etwa Zeilenumbrüche) "
                                "enthalten."},
    "join.name_bidi": {"en": "A name cannot contain characters that change the writing "
                             "direction.",
                       "it": "Un nome non può contenere caratteri che cambiano la direzione "
                             "di scrittura.",
                       "de": "Ein Name darf keine Zeichen enthalten, die die Schreibrichtung "
                             "ändern."},
    "join.name_invisible": {"en": "Enter a name with at least one visible letter or sign.",
                            "it": "Inserisci un nome con almeno una lettera o un segno "
                                  "visibile.",
                            "de": "Gib einen Namen mit mindestens einem sichtbaren Buchstaben "
                                  "oder Zeichen ein."},
    "join.name_taken": {"en": "Somebody at the table is already called {name}; choose another "
                              "name.",
                        "it": "Al tavolo c'è già qualcuno che si chiama {name}: scegli un altro "
                              "nome.",
                        "de": "Am Tisch heißt schon jemand {name}; wähle einen anderen Namen."},
    "join.bad_color": {"en": "Choose one of the colours: {colors}.",
                       "it": "Scegli uno dei colori: {colors}.",
                       "de": "Wähle eine der Farben: {colors}."},
    "join.color_taken": {"en": "Somebody already plays {color}.",
                         "it": "Qualcuno gioca già con il colore {color}.",
                         "de": "{color} ist schon vergeben."},
    "join.full": {"en": "The table is full ({max} players).",
                  "it": "Il tavolo è pieno ({max} giocatori).",
                  "de": "Der Tisch ist voll ({max} Personen)."},
    "join.started": {"en": "This game has already started: new players cannot join. "
                           "Ask the host for a seat link.",
                     "it": "La partita è già iniziata: non si può più entrare. "
                           "Chiedi all'host il link di un posto.",
                     "de": "Das Spiel läuft schon: Beitreten geht nicht mehr. "
                           "Bitte den Host um einen Platz-Link."},
})

#: Refusals of the session itself (not of a game's rules).
register({
    "session.not_started": {"en": "The game has not started yet: the host starts it.",
                            "it": "La partita non è ancora iniziata: la avvia l'host.",
                            "de": "Das Spiel hat noch nicht begonnen: "
                                  "der Host startet es."},
    "session.not_playing": {"en": "The game is over: no more moves.",
                            "it": "La partita è finita: niente più mosse.",
                            "de": "Das Spiel ist vorbei: keine Züge mehr."},
    "session.already_started": {"en": "The game has already started.",
                                "it": "La partita è già iniziata.",
                                "de": "Das Spiel hat schon begonnen."},
    "session.too_few_players": {"en": "At least {min} players must join before the game starts.",
                                "it": "Servono almeno {min} giocatori per iniziare.",
                                "de": "Zum Start braucht es mindestens {min} Personen."},
})

#: Words every game shares: the pawn colours and yes/no option values.
register({
    "term.red": {"en": "red", "it": "rosso", "de": "Rot"},
    "term.blue": {"en": "blue", "it": "blu", "de": "Blau"},
    "term.green": {"en": "green", "it": "verde", "de": "Grün"},
    "term.yellow": {"en": "yellow", "it": "giallo", "de": "Gelb"},
    "term.purple": {"en": "purple", "it": "viola", "de": "Lila"},
    "term.orange": {"en": "orange", "it": "arancione", "de": "Orange"},
    "term.true": {"en": "yes", "it": "sì", "de": "ja"},
    "term.false": {"en": "no", "it": "no", "de": "nein"},
})

#: What every game says of a malformed move (``games.shapes``, ``base.handler_for``).
register({
    "move.not_object": {"en": "A move must be a JSON object.",
                        "it": "Una mossa deve essere un oggetto JSON.",
                        "de": "Ein Zug muss ein JSON-Objekt sein."},
    "move.unknown_type": {"en": "There is no move of type {type}.",
                          "it": "Non esiste una mossa di tipo {type}.",
                          "de": "Es gibt keinen Zug vom Typ {type}."},
    "move.bad_field": {"en": "The field {field} is missing or not valid.",
                       "it": "Il campo {field} manca o non è valido.",
                       "de": "Die Angabe {field} fehlt oder ist ungültig."},
    "move.bad_square": {"en": "The field {field} must be a square [x, y] of whole numbers.",
                        "it": "Il campo {field} deve essere una casella [x, y] di numeri interi.",
                        "de": "Die Angabe {field} muss ein Feld [x, y] aus ganzen Zahlen sein."},
})

#: Events of the session itself (not of a game's rules), narrated on the pages.
register({
    "session.event.player_joined": {"en": "{name} joined", "it": "{name} si unisce al tavolo",
                                    "de": "{name} ist dabei"},
    "session.event.game_started": {"en": "the game starts", "it": "la partita inizia",
                                   "de": "das Spiel beginnt"},
    "session.event.undone": {"en": "the last move was undone",
                             "it": "l'ultima mossa è stata annullata",
                             "de": "der letzte Zug wurde zurückgenommen"},
    "session.event.token_reissued": {"en": "a seat moved to another phone",
                                     "it": "un posto è passato a un altro telefono",
                                     "de": "ein Platz ist auf ein anderes Telefon gewechselt"},
    "session.event.rematch": {"en": "a rematch is open: code {code}",
                              "it": "rivincita aperta: codice {code}",
                              "de": "Revanche offen: Code {code}"},
    "session.event.seat_taken_over": {"en": "the host now plays for {who}",
                                      "it": "ora l'host gioca per {who}",
                                      "de": "der Host spielt jetzt für {who}"},
})

#: Problems of the service itself (tokens, tables, undo, the store), told to people.
register({
    "session.no_session": {"en": "This table no longer exists (tables expire after a while).",
                           "it": "Questo tavolo non esiste più (i tavoli scadono dopo un po').",
                           "de": "Diesen Tisch gibt es nicht mehr (Tische laufen nach einer "
                                 "Weile ab)."},
    "session.no_game": {"en": "There is no game {game}.", "it": "Il gioco {game} non esiste.",
                        "de": "Das Spiel {game} gibt es nicht."},
    "session.code_unknown": {"en": "No table has the code {code}.",
                             "it": "Nessun tavolo ha il codice {code}.",
                             "de": "Kein Tisch hat den Code {code}."},
    "session.token_missing": {"en": "This device holds no seat here: join the table or open "
                                    "your seat link.",
                              "it": "Questo dispositivo non ha un posto qui: entra al tavolo o "
                                    "apri il link del tuo posto.",
                              "de": "Dieses Gerät hat hier keinen Platz: tritt dem Tisch bei "
                                    "oder öffne deinen Platz-Link."},
    "session.token_unknown": {"en": "This device no longer holds a seat at this table (the seat "
                                    "may have moved to another phone).",
                              "it": "Questo dispositivo non ha più un posto a questo tavolo (il "
                                    "posto può essere passato a un altro telefono).",
                              "de": "Dieses Gerät hat keinen Platz mehr an diesem Tisch (der "
                                    "Platz ist vielleicht auf ein anderes Telefon gewechselt)."},
    "session.host_only": {"en": "Only the host may do that.",
                          "it": "Solo l'host può farlo.",
                          "de": "Das darf nur der Host."},
    "session.own_seat_only": {"en": "You may act only for your own seat.",
                              "it": "Puoi agire solo per il tuo posto.",
                              "de": "Du kannst nur für deinen eigenen Platz handeln."},
    "session.host_move_seat": {"en": "A move entered by the host must say which seat it is "
                                     "for.",
                               "it": "Una mossa inserita dall'host deve dire per quale "
                                     "posto è.",
                               "de": "Ein Zug des Hosts muss sagen, für welchen Platz er "
                                     "ist."},
    "session.hand_player_only": {"en": "Only a player declares their own hand.",
                                 "it": "Solo un giocatore dichiara la propria mano.",
                                 "de": "Nur wer spielt, erklärt die eigene Hand."},
    "session.nothing_to_undo": {"en": "There is no move to undo.",
                                "it": "Non c'è nessuna mossa da annullare.",
                                "de": "Es gibt keinen Zug zum Zurücknehmen."},
    "session.undo_own_last": {"en": "You may undo only your own move, and only while it is "
                                    "the last one.",
                              "it": "Puoi annullare solo la tua mossa, e solo finché è "
                                    "l'ultima.",
                              "de": "Du kannst nur deinen eigenen Zug zurücknehmen, und nur "
                                    "solange er der letzte ist."},
    "session.rewind_host_only": {"en": "Only the host may go back further than the last move.",
                                 "it": "Solo l'host può tornare indietro oltre l'ultima "
                                       "mossa.",
                                 "de": "Nur der Host kann weiter zurückgehen als bis zum "
                                       "letzten Zug."},
    "session.rewind_range": {"en": "Go back to a version from {start} to {end}.",
                             "it": "Torna a una versione da {start} a {end}.",
                             "de": "Gehe zu einer Version von {start} bis {end} zurück."},
    "session.stale": {"en": "The game has moved on (version {version}): reload and try again.",
                      "it": "La partita è andata avanti (versione {version}): ricarica e "
                            "riprova.",
                      "de": "Das Spiel ist weitergegangen (Version {version}): lade neu und "
                            "versuche es noch einmal."},
    "session.busy": {"en": "Too many changes at once at this table; try again.",
                     "it": "Troppe modifiche insieme a questo tavolo; riprova.",
                     "de": "Zu viele gleichzeitige Änderungen an diesem Tisch; versuche es noch "
                           "einmal."},
    "session.store_down": {"en": "The game store cannot be reached; try again in a moment.",
                           "it": "L'archivio delle partite non risponde; riprova tra poco.",
                           "de": "Der Spielspeicher ist nicht erreichbar; versuche es gleich "
                                 "noch einmal."},
    "session.no_free_code": {"en": "No free table code was found; try again.",
                             "it": "Nessun codice libero trovato; riprova.",
                             "de": "Kein freier Tisch-Code gefunden; versuche es noch einmal."},
    "session.idempotency_reused": {"en": "This request was already sent with other contents.",
                                   "it": "Questa richiesta è già stata inviata con altri "
                                         "contenuti.",
                                   "de": "Diese Anfrage wurde schon mit anderem Inhalt "
                                         "gesendet."},
    "session.idempotency_pending": {"en": "The same request is still being handled; wait a "
                                          "moment.",
                                    "it": "La stessa richiesta è ancora in corso; attendi un "
                                          "momento.",
                                    "de": "Dieselbe Anfrage läuft noch; warte einen Moment."},
    "session.record_format": {"en": "This is not a game record of format {format}.",
                              "it": "Questa non è una registrazione di partita nel formato "
                                    "{format}.",
                              "de": "Das ist keine Spielaufzeichnung im Format {format}."},
    "session.record_moves": {"en": "The record's moves are not well formed.",
                             "it": "Le mosse della registrazione non sono ben formate.",
                             "de": "Die Züge der Aufzeichnung sind nicht wohlgeformt."},
    "session.bad_fields": {"en": "Some fields are missing or not valid.",
                           "it": "Alcuni campi mancano o non sono validi.",
                           "de": "Einige Felder fehlen oder sind ungültig."},
    "session.rate_limited": {"en": "Too many requests; try again in {retry} s.",
                             "it": "Troppe richieste; riprova tra {retry} s.",
                             "de": "Zu viele Anfragen; versuche es in {retry} s noch einmal."},
    # the worker's connection cap (companion/worker.py), said before any request is read
    "session.too_many_connections": {
        "en": "Too many open connections from this address; try again in {retry} s.",
        "it": "Troppe connessioni aperte da questo indirizzo; riprova tra {retry} s.",
        "de": "Zu viele offene Verbindungen von dieser Adresse; versuche es in {retry} s "
              "noch einmal."},
})
