"""Message catalogue: stable keys with their sentences in en, it and de.

Games register their templates with :func:`register`; templates use
``str.format`` fields named after the parameters. A parameter is shown as
people at the table see it: a game word (``forest``, ``left_arm``) in the
sentence's language through the catalogue's ``<game>.term.<value>`` keys, a
card or tile by its words, a player by name. Squares are never shown: the
engines send the names of what is there (terrain, owner) instead.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "it", "de")
_CATALOGUE: dict[str, dict[str, str]] = {}
TIMES = "\u00d7"  # the multiplication sign of "forest x2", as printed on the objectives
#: parameters holding what people typed (names, codes): never translated
_VERBATIM = frozenset({"who", "owner", "name", "code", "max", "min", "n", "have", "want",
                       "limit", "most", "count", "number", "slot_number", "index"})


def register(templates: dict[str, dict[str, str]]) -> None:
    """Add templates: ``{key: {"en": ..., "it": ..., "de": ...}}``."""
    _CATALOGUE.update(templates)


def catalogue() -> dict[str, dict[str, str]]:
    """Every key with its sentences (read-only use: pages, tests, the games API)."""
    return _CATALOGUE


def text(key: str, lang: str) -> str | None:
    """The raw template of ``key`` in ``lang`` (English when not translated)."""
    templates = _CATALOGUE.get(key)
    return None if templates is None else templates.get(lang) or templates["en"]


def term(game: str | None, value: str, lang: str) -> str:
    """A game word in ``lang``; values that are no word of the game stay as they are."""
    for key in (f"{game}.term.{value}", f"term.{value}"):
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
    return str(value)


def _fmt_thing(value: dict[str, Any], lang: str, game: str | None) -> str:
    """A card, a tile or counts ({"forest": 2}) in words."""
    if "homunculus" in value and "part" in value:
        key = "kazaam.thing.tile" if value.get("ingredients") else "kazaam.thing.kind"
        return render(key, {"part": value["part"], "homunculus": value["homunculus"],
                            "ingredients": value.get("ingredients") or []}, lang)
    if "kind" in value and "symbol" in value:
        key = "gaia.thing.city" if value["kind"] == "city" else "gaia.thing.animals"
        return render(key, {"symbol": value["symbol"], "needs": value.get("needs") or []}, lang)
    return ", ".join(f"{_fmt(k, lang, game)} {TIMES}{_fmt(v, lang, game)}"
                     for k, v in value.items())


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The sentence for ``key`` in ``lang`` (English when not translated)."""
    template = text(key, lang)
    if template is None:
        return key
    game = key.split(".")[0]
    shown = {k: _param(k, v, lang, game) for k, v in params.items()}
    return template.format_map(_Missing(shown))


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
                         "it": "Qualcuno gioca già con il {color}.",
                         "de": "{color} ist schon vergeben."},
    "join.full": {"en": "The table is full ({max} players).",
                  "it": "Il tavolo è pieno ({max} giocatori).",
                  "de": "Der Tisch ist voll ({max} Personen)."},
    "join.started": {"en": "This game has already started: new players cannot join. "
                           "Ask the host for a seat link.",
                     "it": "La partita è già iniziata: non si può più entrare. "
                           "Chiedi a chi ospita il link di un posto.",
                     "de": "Das Spiel läuft schon: Beitreten geht nicht mehr. "
                           "Bitte die Spielleitung um einen Platz-Link."},
})

#: Refusals of the session itself (not of a game's rules).
register({
    "session.not_started": {"en": "The game has not started yet: the host starts it.",
                            "it": "La partita non è ancora iniziata: la avvia chi ospita.",
                            "de": "Das Spiel hat noch nicht begonnen: "
                                  "die Spielleitung startet es."},
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

#: Events of the session itself (not of a game's rules), narrated on the pages.
register({
    "session.event.player_joined": {"en": "{name} joined", "it": "{name} si è seduto al tavolo",
                                    "de": "{name} ist dabei"},
    "session.event.game_started": {"en": "the game starts", "it": "la partita inizia",
                                   "de": "das Spiel beginnt"},
    "session.event.undone": {"en": "the last move was undone", "it": "l'ultima mossa è annullata",
                             "de": "der letzte Zug wurde zurückgenommen"},
    "session.event.token_reissued": {"en": "a seat moved to another phone",
                                     "it": "un posto è passato a un altro telefono",
                                     "de": "ein Platz ist auf ein anderes Telefon gewechselt"},
    "session.event.rematch": {"en": "a rematch is open: code {code}",
                              "it": "rivincita aperta: codice {code}",
                              "de": "Revanche offen: Code {code}"},
    "session.event.seat_taken_over": {"en": "the host now plays for {who}",
                                      "it": "ora chi ospita gioca per {who}",
                                      "de": "die Spielleitung spielt jetzt für {who}"},
})
