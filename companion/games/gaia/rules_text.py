"""Gaia's rules as the companion enforces them, summarised per rule id."""

from __future__ import annotations

RULES: list[tuple[str, str, dict[str, str]]] = [
    ("G1", "Components", {"en": "48 terrain tiles, 20 animal tokens, 40 nature and 31 life "
                                "cards; 5 pawns each (6 with two players); 2 to 5 players."}),
    ("G1.1", "Life cards", {"en": "Each life card shows a symbol: a terrain, or a star for any "
                                  "terrain but sea. A city card also shows 4 needs (terrains "
                                  "or animals)."}),
    ("G1.2", "Card accounting", {"en": "A card entered (drawn, revealed, played, discarded) is "
                                       "refused if the public cards plus your own declared hand "
                                       "would hold more of that kind than the game has."}),
    ("G1.3", "Hidden cards", {"en": "Face-down cards stay unknown until you declare or play "
                                    "them. Playing uses a declared card of that identity, else "
                                    "an unknown card of its pile."}),
    ("G2.1", "Objectives", {"en": "Players + 2 objectives: two pairs of different terrains, or "
                                  "one of each of the six terrains."}),
    ("G2.2", "Deal and display", {"en": "Each player gets 2 nature and 1 life card; 3 nature and "
                                        "2 life cards lie face up."}),
    ("G2.3", "Decks", {"en": "Nature deck: 40 - 2 x players - 3; life deck: 31 - players - 2."}),
    ("G2.4", "Seating", {"en": "The host sets the seating order and the first player."}),
    ("G3.1", "Turn", {"en": "Feed your cities, then take up to 2 actions (draw or play a "
                            "card, the same twice if you like); you may end early."}),
    ("G3.2", "Free claim", {"en": "Claiming an objective is free, and only in your own turn."}),
    ("G3.3", "Draw", {"en": "Draw from a deck or take a face-up card; a taken face-up card is "
                            "replaced from its deck (enter the revealed card)."}),
    ("G3.4", "Hand limit", {"en": "At most 6 cards: a draw that would make 7 discards one at "
                                  "once."}),
    ("G3.5", "Turn end", {"en": "The turn passes after the second action, unless you could "
                                "still claim an objective; then on claim or end of turn."}),
    ("G4.1", "Tile from supply", {"en": "A nature card places a tile of its terrain; without "
                                        "one in the supply it cannot be played."}),
    ("G4.2", "Placement", {"en": "The tile goes on an empty square touching the map by a side "
                                 "(the first tile anywhere)."}),
    ("G4.3", "Tableau", {"en": "The played nature card stays in front of you for objectives."}),
    ("G5.1", "Animal tokens", {"en": "An animals card needs 4 tokens in the supply."}),
    ("G5.2", "Animals target", {"en": "4 tokens go on a tile of the card's terrain with no "
                                      "animals and no city; the card is discarded."}),
    ("G6.1", "City target", {"en": "A city goes on a tile of its symbol's terrain with no "
                                   "animals and no city."}),
    ("G6.2", "Two needs", {"en": "At least 2 of the city's 4 needs must be met where it is "
                                 "built, counted before it is laid."}),
    ("G6.3", "Builder's pawn", {"en": "The builder may put a pawn on the new city; the square "
                                      "then counts as a city, not as its terrain."}),
    ("G6.4", "Needs met", {"en": "A need is met by a side neighbour of that terrain without a "
                                 "city, or with animal tokens; each icon is checked on its "
                                 "own (option: equal icons need different neighbours)."}),
    ("G6.5", "Raising a city", {"en": "Whoever raises a city's met needs, ending at 2 or more, "
                                      "may put a pawn there (one per player per city)."}),
    ("G6.6", "Lowering a city", {"en": "At 1 met need all pawns go home; at 0 the city is "
                                       "removed and its square is terrain again."}),
    ("G6.7", "Cascade", {"en": "Effects repeat until nothing changes; rises are counted step "
                               "by step and credited to the mover."}),
    ("G7.1", "Feeding", {"en": "Before your actions, each of your cities with an animals need "
                               "eats one token from a neighbouring tile."}),
    ("G7.2", "Feeding choices", {"en": "You choose sources and order; with no choice the "
                                       "companion feeds automatically (or use auto: most "
                                       "tokens first, then smallest [y, x])."}),
    ("G7.3", "Hunger cascade", {"en": "An emptied tile can cost cities their animals need; "
                                      "the feeding player is the mover of the cascade."}),
    ("G7.4", "Feeding timing", {"en": "Automatic feeding belongs to the move that passed the "
                                      "turn."}),
    ("G8.1", "Objectives", {"en": "Discard the nature cards an objective shows from your "
                                  "tableau and put a pawn on it; nobody else can claim it."}),
    ("G9.1", "Last pawn", {"en": "A player with no pawn left in hand wins at once."}),
    ("G9.2", "Cards run out", {"en": "The game ends when a deck and its display are empty "
                                     "(option: as soon as a deck is empty)."}),
    ("G9.3", "Winner", {"en": "Most pawns placed; a tie goes to whoever sits closest after the "
                              "player who ended the game."}),
    ("G10", "Expert game", {"en": "Power cards, reactions and catastrophes (coming soon)."}),
    ("G11", "Options", {"en": "variant, feeding, end_on, auto_end_turn, catastrophes, "
                              "duplicate_needs, city_catalog, power_deck."}),
]
