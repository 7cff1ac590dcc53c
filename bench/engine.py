"""Rules-engine benchmark: seeded random games, apply() against a JSON round trip.

    python -m bench.engine [--games 2000] [--reps 3] [--game gaia|kazaam|all]

Plays seeded random games (simulated physical decks and piles), records every
(state, seat, move), then times ``apply`` on each recorded step and, in the
same run on the same states, a plain ``json.loads(json.dumps(state))``.
Prints moves applied per second and the ratio apply / JSON round trip,
overall and by game phase (Gaia mid-game: 12 to 30 tiles on the map; Kazaam:
6 to 20 parts built). The target is a ratio of at most 1.0 on mid-game states.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from companion.games import GAMES
from companion.games.gaia.playout import Table
from companion.games.kazaam.playout import Table as KazaamTable

Step = tuple[dict[str, Any], int, dict[str, Any]]


def record(table_class: Any, games: int) -> list[Step]:
    """Every (state, seat, move) of seeded random games, 2 to 5 players."""
    steps: list[Step] = []
    for seed in range(games):
        table = table_class.deal(seed, players=2 + seed % 4)
        while table.state["status"] == "playing":
            before = table.state
            table.step()
            seat, move = table.log[-1]
            steps.append((before, seat, move))
    return steps


def progress(state: dict[str, Any]) -> int:
    """How far a game is: Gaia's tiles on the map, Kazaam's parts built."""
    if state["game"] == "gaia":
        return len(state["tiles"])
    return sum(1 for p in state["players"] for b in p["board"].values() if b is not None)


def timed(fn: Callable[[], Any], reps: int) -> float:
    start = time.perf_counter_ns()
    for _ in range(reps):
        fn()
    return (time.perf_counter_ns() - start) / reps


def measure(steps: list[Step], apply: Callable[..., Any], reps: int
            ) -> list[tuple[int, float, float]]:
    """Per step: (tiles on the map, ns per apply, ns per JSON round trip)."""
    out = []
    for state, seat, move in steps:
        t_apply = timed(lambda s=state, p=seat, m=move: apply(s, p, m), reps)
        t_json = timed(lambda s=state: json.loads(json.dumps(s)), reps)
        out.append((progress(state), t_apply, t_json))
    return out


PHASES = {"gaia": (12, 30, "tiles"), "kazaam": (6, 20, "parts")}


def report(name: str, rows: list[tuple[int, float, float]]) -> dict[str, float]:
    def ratio(sel: list[tuple[int, float, float]]) -> float:
        return sum(r[1] for r in sel) / sum(r[2] for r in sel) if sel else float("nan")

    low, high, unit = PHASES[name]
    mid = f"mid ({low}-{high} {unit})"
    phases = {f"early (<{low} {unit})": [r for r in rows if r[0] < low],
              mid: [r for r in rows if low <= r[0] <= high],
              f"late (>{high} {unit})": [r for r in rows if r[0] > high]}
    total_apply = sum(r[1] for r in rows)
    figures = {"moves_per_s": len(rows) / (total_apply / 1e9), "ratio_all": ratio(rows),
               "ratio_mid": ratio(phases[mid])}
    print(f"{name}: {len(rows)} moves")
    print(f"  moves applied per second     {figures['moves_per_s']:>10.0f}")
    print(f"  median apply                 {statistics.median(r[1] for r in rows)/1e3:>10.1f} µs")
    print(f"  median JSON round trip       {statistics.median(r[2] for r in rows)/1e3:>10.1f} µs")
    for label, sel in phases.items():
        print(f"  apply / JSON round trip, {label:<18} {ratio(sel):.2f}  ({len(sel)} moves)")
    print(f"  apply / JSON round trip, all moves          {figures['ratio_all']:.2f}")
    return figures


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--game", choices=["gaia", "kazaam", "all"], default="all")
    args = parser.parse_args(argv)
    tables = {"gaia": Table, "kazaam": KazaamTable}
    out = {}
    for name in (["gaia", "kazaam"] if args.game == "all" else [args.game]):
        steps = record(tables[name], args.games)
        out[name] = report(name, measure(steps, GAMES[name].apply, args.reps))
        target = out[name]["ratio_mid"]
        print(f"target ({name}): mid-game apply / JSON round trip <= 1.0: "
              f"{'met' if target <= 1.0 else 'NOT met'} ({target:.2f})")
    return out


if __name__ == "__main__":
    main()
