"""Every game in the registry, played only with what it offers: at each step a seat
that has a move (``legal_moves`` not empty) has every one of its offers, made whole by
the game's ``complete``, accepted by ``is_legal``, and plays one of them with ``apply``,
to the end of the game or a bounded number of moves. The tables come from each game's
``playout`` and the options are drawn among the choices each game declares, so no game
is named here."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.base import Game
from companion.games.errors import RuleError

SEEDS = range(4)
MOST_MOVES = 250


def _options(game: Game, rng: random.Random) -> dict[str, Any]:
    """A value for each choice or yes/no option, when what it requires holds."""
    chosen: dict[str, Any] = {}
    for option in game.options:
        if option.type not in ("choice", "boolean"):
            continue
        needs = option.requires or {}
        if all(chosen.get(k, game_default(game, k)) == v for k, v in needs.items()):
            chosen[option.name] = rng.choice(option.values)
    return chosen


def game_default(game: Game, name: str) -> Any:
    return next(o.default for o in game.options if o.name == name)


def _deal(game: Game, seed: int, rng: random.Random) -> Any:
    table = importlib.import_module(f"companion.games.{game.name}.playout").Table
    players = rng.randint(game.min_players, min(game.max_players, 4))
    options = _options(game, rng)
    try:
        return table.deal(seed, players, **options).state
    except RuleError:  # a combination the game refuses: its defaults then
        return table.deal(seed, players).state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_offered_move_is_accepted(name: str, seed: int) -> None:
    game = GAMES[name]
    rng = random.Random(seed)
    state = _deal(game, seed, rng)
    for _ in range(MOST_MOVES):
        if game.status(state) != "playing":
            break
        movers = game.movers(state)
        assert movers, "while the game is played some seat has a move"
        seat = rng.choice(movers)
        offers = game.legal_moves(state, seat)
        for offer in offers:  # every offer, not only the one played
            whole = game.complete(state, seat, offer, rng)
            refused = game.is_legal(state, seat, whole)
            assert refused is None, (seat, whole, refused and refused.as_dict())
        move = game.complete(state, seat, rng.choice(offers), rng)
        state, _ = game.apply(state, seat, move)


def test_is_legal_says_what_apply_refuses_and_changes_nothing() -> None:
    """A move out of turn: is_legal gives apply's rule and sentence, state untouched."""
    for name, game in sorted(GAMES.items()):
        state = _deal(game, 1, random.Random(1))
        before = repr(state)
        refused = game.is_legal(state, len(state["players"]), {"type": "no such move"})
        assert isinstance(refused, RuleError), name
        with pytest.raises(RuleError) as raised:
            game.apply(state, len(state["players"]), {"type": "no such move"})
        assert refused.as_dict() == raised.value.as_dict()
        assert repr(state) == before
