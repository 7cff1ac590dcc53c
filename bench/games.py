"""Recorded Gaia games for the benches: seeded, played out on simulated physical decks.

Pure (no gevent patching): the profiler (bench/profile_moves.py) imports it too.
"""

from __future__ import annotations

from typing import Any

from companion.games.gaia.playout import Table

Game = dict[str, Any]


def record_game(seed: int, players: int) -> Game:
    """One seeded Gaia game played out on simulated physical decks: names, setup, moves."""
    table = Table.deal(seed, players=players)
    first = table.state
    setup = {"objectives": [[t for t, k in o["requires"].items() for _ in range(k)]
                            for o in first["objectives"]],
             "display": {p: list(first["piles"][p]["display"]) for p in ("nature", "life")}}
    names = [p["name"] for p in first["players"]]
    for _ in table.play():
        pass
    return {"names": names, "setup": setup, "moves": table.log}


def record_games(n: int) -> list[Game]:
    return [record_game(10_000 + seed, players=2 + seed % 3) for seed in range(n)]
