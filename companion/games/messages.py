"""Message catalogue: stable keys with their sentences in en, it and de.

Games register their templates with :func:`register`; templates use
``str.format`` fields named after the parameters. Coordinates and lists are
formatted by :func:`_fmt` so that every language shows them the same way.
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "it", "de")
_CATALOGUE: dict[str, dict[str, str]] = {}


def register(templates: dict[str, dict[str, str]]) -> None:
    """Add templates: ``{key: {"en": ..., "it": ..., "de": ...}}``."""
    _CATALOGUE.update(templates)


def _fmt(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) for v in value):
            return f"[{value[0]},{value[1]}]"
        return ", ".join(_fmt(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items())
    return str(value)


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The sentence for ``key`` in ``lang`` (English when not translated)."""
    templates = _CATALOGUE.get(key)
    if templates is None:
        return key + (" " + _fmt(params) if params else "")
    template = templates.get(lang) or templates["en"]
    return template.format(**{k: _fmt(v) for k, v in params.items()})



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
})


#: Events of the session itself (not of a game's rules), narrated on the pages.
register({
    "session.event.player_joined": {"en": "{name} joined", "it": "{name} si è seduto al tavolo",
                                    "de": "{name} ist dabei"},
    "session.event.game_started": {"en": "the game starts", "it": "la partita inizia",
                                   "de": "das Spiel beginnt"},
    "session.event.undone": {"en": "the last move was undone", "it": "l'ultima mossa è annullata",
                             "de": "der letzte Zug wurde zurückgenommen"},
    "session.event.token_reissued": {"en": "a seat got a new token",
                                     "it": "un posto ha un nuovo token",
                                     "de": "ein Platz hat ein neues Token"},
    "session.event.rematch": {"en": "a rematch is open: code {code}",
                              "it": "rivincita aperta: codice {code}",
                              "de": "Revanche offen: Code {code}"},
})
