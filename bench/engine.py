"""Rules-engine benchmark: seeded random games, apply() against a JSON round trip.

    python -m bench.engine [--games 2000] [--reps 5]

Plays seeded random games (simulated physical decks), records every
(state, seat, move), then times ``apply`` on each recorded step and, in the
same run on the same states, a plain ``json.loads(json.dumps(state))``.
Prints moves applied per second and the ratio apply / JSON round trip,
overall and by game phase (mid-game = 12 to 30 tiles on the map). The
target is a ratio of at most 1.0 on mid-game states.
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

Step = tuple[dict[str, Any], int, dict[str, Any]]


def record_gaia(games: int) -> list[Step]:
    steps: list[Step] = []
    for seed in range(games):
        table = Table.deal(seed, players=2 + seed % 4)
        while table.state["status"] == "playing":
            before = table.state
            table.step()
            seat, move = table.log[-1]
            steps.append((before, seat, move))
    return steps


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
        out.append((len(state.get("tiles", ())), t_apply, t_json))
    return out


def report(name: str, rows: list[tuple[int, float, float]]) -> dict[str, float]:
    def ratio(sel: list[tuple[int, float, float]]) -> float:
        return sum(r[1] for r in sel) / sum(r[2] for r in sel) if sel else float("nan")

    phases = {"early (<12 tiles)": [r for r in rows if r[0] < 12],
              "mid (12-30 tiles)": [r for r in rows if 12 <= r[0] <= 30],
              "late (>30 tiles)": [r for r in rows if r[0] > 30]}
    total_apply = sum(r[1] for r in rows)
    figures = {"moves_per_s": len(rows) / (total_apply / 1e9), "ratio_all": ratio(rows),
               "ratio_mid": ratio(phases["mid (12-30 tiles)"])}
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
    args = parser.parse_args(argv)
    steps = record_gaia(args.games)
    out = {"gaia": report("gaia", measure(steps, GAMES["gaia"].apply, args.reps))}
    target = out["gaia"]["ratio_mid"]
    print(f"target: mid-game apply / JSON round trip <= 1.0: "
          f"{'met' if target <= 1.0 else 'NOT met'} ({target:.2f})")
    return out


if __name__ == "__main__":
    main()
