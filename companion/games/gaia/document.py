"""Gaia's state document as TypedDicts, so ``mypy --strict`` checks its keys (G2, G11).

A card stays ``Card`` (``Any``): a terrain or a power card's name, or a life card's
object (``cards.parse_card``). The piles stay a plain mapping: the decks by name, and
the discard pile, a list, beside them.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from companion.games.ranking import Result

Card = Any


class Options(TypedDict):
    """G11, normalized."""

    variant: str
    feeding: str
    end_on: str
    auto_end_turn: bool
    catastrophes: bool
    duplicate_needs: str
    city_catalog: list[Card] | None
    #: G10.2: copies of each power card (expert game only)
    power_deck: dict[str, int] | None
    #: city card faces the host's device saw in earlier games (suggestions only)
    box: NotRequired[list[Card]]


class HandPart(TypedDict):
    """One pile's cards in a hand: declared, still unknown, and (G1.2) the known ones
    the table saw go in."""

    known: list[Card]
    unknown: int
    held: NotRequired[list[Card]]


class Player(TypedDict):
    seat: int
    name: str
    color: str | None
    pawns: int
    pawns_total: int
    #: pile -> that pile's cards in hand
    hand: dict[str, HandPart]
    #: terrain -> nature cards in front of the player (G8.1)
    tableau: dict[str, int]
    #: G10.2: power card -> how many the player played (expert game)
    powers: NotRequired[dict[str, int]]
    #: G1.2: a card taken from this hand contradicted its declarations, now unknown again
    redeclare: NotRequired[bool]


class Reaction(TypedDict):
    """G10.3: a power card waiting for the other players' answers."""

    card: str
    actor: int
    target: dict[str, Any]
    passed: list[int]
    #: G6.5: the cities the card's player named with it (``claim_cities``), judged
    #: once the card acts; absent when the move named none
    claims: NotRequired[list[list[int]]]


class Turn(TypedDict):
    seat: int
    actions_left: int
    #: "actions", "feeding", "reaction" or "tornado"
    phase: str
    number: int
    reaction: NotRequired[Reaction | None]


class City(TypedDict):
    symbol: str
    needs: list[str]
    satisfied: int
    builder: int
    pawns: list[int]
    #: the order cities were built in (G6.7)
    seq: int


class Tile(TypedDict):
    terrain: str
    animals: int
    city: City | None


class Supply(TypedDict):
    tiles: dict[str, int]
    animals: int


class Objective(TypedDict):
    id: int
    #: terrain (or "power") -> how many
    requires: dict[str, int]
    claimed_by: int | None


class GaiaState(TypedDict):
    """Gaia's state document (G2)."""

    game: str
    options: Options
    status: str
    players: list[Player]
    turn: Turn
    order: list[int]
    first_player: int
    #: square "x,y" -> the tile there
    tiles: dict[str, Tile]
    next_city: int
    supply: Supply
    #: pile -> {"deck": cards left, "display": face-up cards}, and "discard": [cards]
    piles: dict[str, Any]
    objectives: list[Objective]
    result: Result | None
    #: city card faces named in public so far (known.remember)
    seen: NotRequired[list[Card]]


def window(turn: Turn) -> Reaction:
    """The open reaction window (G10.3): there is one whenever the phase is
    ``reaction``."""
    reaction = turn.get("reaction")
    assert reaction is not None, "a reaction phase always has its window"
    return reaction


def city_on(tile: Tile) -> City:
    """The city on a tile the rules already found one on."""
    city = tile["city"]
    assert city is not None, "a city stands on this tile"
    return city
