"""Kazaam's rules as the companion enforces them, summarised per rule id."""

from __future__ import annotations

RULES: list[tuple[str, str, dict[str, str]]] = [
    ("K1.1", "Homunculus types", {"en": "fire, bone, reptile, wood, fur, insect, stone."}),
    ("K1.2", "Parts and slots", {"en": "Nine slots: head, torso, two ears, two arms, two legs, "
                                       "tail; an ear, arm or leg tile fits either slot of its "
                                       "kind."}),
    ("K1.3", "Ingredients", {"en": "Six ingredients (renamable by option)."}),
    ("K1.4", "Tile costs", {"en": "2 to 5 ingredients, at most 2 alike. A cost is bound when a "
                                  "tile is first shown; a catalog option fixes them all."}),
    ("K1.5", "The pile", {"en": "One tile per type and part (ears, arms and legs two each)."}),
    ("K1.6", "Alchemists", {"en": "A colour, an own ingredient and a prototype nobody else "
                                  "has; 2 to 5 players."}),
    ("K1.7", "Hidden tiles", {"en": "Tiles in hand stay unknown until declared or used; using "
                                    "takes a declared tile of that identity, else an unknown "
                                    "one."}),
    ("K2", "Board layout", {"en": "3 x 3: ears beside the head, arms beside the torso, legs "
                                  "beside the tail; adjacency by sides only."}),
    ("K3.1", "Setup", {"en": "Everyone draws 3 hidden tiles; pools start empty."}),
    ("K4.1", "Turn", {"en": "Up to 3 actions in any mix; the turn passes after the third once "
                            "no reaction is pending."}),
    ("K4.2", "Draw", {"en": "A tile from the pile; not with 6 tiles in hand."}),
    ("K4.3", "Build", {"en": "A tile into a free slot of its kind, paying exactly its "
                             "ingredients; built slots stay built."}),
    ("K4.4", "Discard", {"en": "Discard a tile for its ingredients plus one of your own."}),
    ("K4.5", "Power", {"en": "Use a face-up part of your board; it turns face down."}),
    ("K4.6", "Refresh", {"en": "Turn all your face-down parts face up."}),
    ("K4.7", "Order and reshuffle", {"en": "Play passes to the next seat; an empty pile takes "
                                             "the shuffled discard pile."}),
    ("K5.1", "Ear", {"en": "Look at another player's hand (their declared tiles)."}),
    ("K5.2", "Arm", {"en": "Take a tile from another player's hand (not with 6 in hand)."}),
    ("K5.3", "Tail", {"en": "Turn any built part face down; one already face down is "
                            "discarded."}),
    ("K5.4", "Leg", {"en": "Take a chosen tile from the discard pile."}),
    ("K5.5", "Torso", {"en": "Take 3 ingredients of your choice."}),
    ("K5.6", "Head", {"en": "Only a reaction: a face-up head may cancel a tail aimed at its "
                            "owner's homunculus (the head turns face down)."}),
    ("K6.1", "End", {"en": "A full board (9 slots) ends the game at once, or after the round "
                           "(option)."}),
    ("K7.1", "Small parts", {"en": "1 point for each face-up ear, arm, leg or tail."}),
    ("K7.2", "Head and torso", {"en": "2 points each, face up."}),
    ("K7.3", "Prototype", {"en": "+1 for each face-up part of your prototype's type."}),
    ("K7.4", "Chains", {"en": "+1 for each face-up part next to a built part of its type."}),
    ("K7.5", "First complete", {"en": "+4 for the first to complete a homunculus."}),
    ("K7.6", "Ties", {"en": "Ties share the rank."}),
    ("K9", "Options", {"en": "end, chain_counts_face_down, ingredients, start_ingredients, "
                             "tiles, tile_catalog."}),
]
