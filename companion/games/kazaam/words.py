"""Kazaam's own words in en, it and de (the Italian edition says homunculus, tessera,
mucchio, pezzo): catalogue keys ``kazaam.term.<value>`` for every value the game
uses, ``kazaam.score.<key>`` for the score breakdown, ``kazaam.thing.*`` for tiles."""

from __future__ import annotations

from companion.games.messages import register

W = tuple[str, str, str]

TERMS: dict[str, W] = {
    # the seven homunculi (K1.1)
    "fire": ("fire", "fuoco", "Feuer"),
    "bone": ("bone", "ossa", "Knochen"),
    "reptile": ("reptile", "rettile", "Reptil"),
    "wood": ("wood", "legno", "Holz"),
    "fur": ("fur", "pelo", "Fell"),
    "insect": ("insect", "insetto", "Insekt"),
    "stone": ("stone", "pietra", "Stein"),
    # parts (K1.2) and the nine places of a board (K2)
    "head": ("head", "testa", "Kopf"),
    "torso": ("torso", "torso", "Rumpf"),
    "ear": ("ear", "orecchio", "Ohr"),
    "arm": ("arm", "braccio", "Arm"),
    "leg": ("leg", "gamba", "Bein"),
    "tail": ("tail", "coda", "Schwanz"),
    "left_ear": ("left ear", "orecchio sinistro", "linkes Ohr"),
    "right_ear": ("right ear", "orecchio destro", "rechtes Ohr"),
    "left_arm": ("left arm", "braccio sinistro", "linker Arm"),
    "right_arm": ("right arm", "braccio destro", "rechter Arm"),
    "left_leg": ("left leg", "gamba sinistra", "linkes Bein"),
    "right_leg": ("right leg", "gamba destra", "rechtes Bein"),
    # ingredients (K1.3)
    "mercury": ("mercury", "mercurio", "Quecksilber"),
    "sulphur": ("sulphur", "zolfo", "Schwefel"),
    "mandrake": ("mandrake", "mandragora", "Alraune"),
    "unicorn_horn": ("unicorn horn", "corno di unicorno", "Einhorn-Horn"),
    "dragon_blood": ("dragon blood", "sangue di drago", "Drachenblut"),
    "phoenix_feather": ("phoenix feather", "piuma di fenice", "Phönixfeder"),
    # things on the table
    "homunculus": ("homunculus", "homunculus", "Homunkulus"),
    "prototype": ("prototype", "prototipo", "Prototyp"),
    "ingredient": ("ingredient", "ingrediente", "Zutat"),
    "tile": ("tile", "tessera", "Plättchen"),
    "pile": ("pile", "mucchio", "Stapel"),
    "discard": ("discard pile", "scarti", "Ablagestapel"),
    "face_up": ("face up", "scoperto", "offen"),
    "face_down": ("face down", "coperto", "verdeckt"),
    "unknown": ("unknown", "sconosciuta", "unbekannt"),
    # the powers of the parts (K5), by what they do
    "look": ("look at a hand", "guarda una mano", "eine Hand ansehen"),
    "take": ("take a tile from a hand", "prendi una tessera da una mano",
             "ein Plättchen aus einer Hand nehmen"),
    "turn_down": ("turn a part face down", "copri un pezzo", "ein Teil verdecken"),
    "from_discard": ("take a tile from the discards", "prendi una tessera dagli scarti",
                     "ein Plättchen aus der Ablage nehmen"),
    "three_ingredients": ("take 3 ingredients", "prendi 3 ingredienti", "3 Zutaten nehmen"),
    "cancel": ("cancel a tail", "annulla una coda", "einen Schwanz abwehren"),
    # turn phases (K4, K5.6)
    "actions": ("actions", "azioni", "Aktionen"),
    "reaction": ("answer to a tail", "risposta a una coda", "Antwort auf einen Schwanz"),
    # how the game ended (K6) and the end option's values (K9)
    "homunculus_completed": ("a homunculus was completed", "un homunculus è completo",
                             "ein Homunkulus ist vollendet"),
    "round_finished": ("the last round was played", "l'ultimo giro è finito",
                       "die letzte Runde ist gespielt"),
    "stopped": ("the table stopped the game", "il tavolo ha chiuso la partita",
                "der Tisch hat das Spiel beendet"),
    "immediate": ("at once", "subito", "sofort"),
    "finish_round": ("after the round", "a fine giro", "nach der Runde"),
}

#: what each part's power does (K5), for pages that explain a part
POWERS: dict[str, str] = {"ear": "look", "arm": "take", "tail": "turn_down",
                          "leg": "from_discard", "torso": "three_ingredients", "head": "cancel"}

#: points, said as points: each is a sum of K7, not a count of parts
SCORE: dict[str, W] = {
    "parts": ("points for parts", "punti per i pezzi", "Punkte für Teile"),
    "prototype": ("prototype bonus", "bonus prototipo", "Prototyp-Bonus"),
    "chains": ("chain bonus", "bonus catene", "Ketten-Bonus"),
    "first_complete": ("bonus for completing first", "bonus per chi completa per primo",
                       "Bonus: zuerst fertig"),
    "total": ("total", "totale", "Summe"),
}

THINGS: dict[str, W] = {
    "kazaam.thing.tile": ("{homunculus} {part} ({ingredients})",
                          "{part} di {homunculus} ({ingredients})",
                          "{homunculus}-{part} ({ingredients})"),
    "kazaam.thing.kind": ("{homunculus} {part}", "{part} di {homunculus}",
                          "{homunculus}-{part}"),
}


def _entries(prefix: str, words: dict[str, W]) -> dict[str, dict[str, str]]:
    return {f"{prefix}{k}": {"en": en, "it": it, "de": de} for k, (en, it, de) in words.items()}


register(_entries("kazaam.term.", TERMS))
register(_entries("kazaam.score.", SCORE))
register(_entries("", THINGS))
