"""The side-by-side table of bench/table.py (markdown), from the figures of one run."""

from __future__ import annotations

import argparse
import os
from typing import Any


def _num(value: Any, digits: int = 0) -> str:
    if value is None or value != value:  # None or NaN
        return "—"
    return f"{value:,.{digits}f}"


def _ratio(a: Any, b: Any) -> str:
    if not a or not b or a != a or b != b:
        return "—"
    return f"{a / b:.2f}"


def _level_rows(ours: dict[str, Any], theirs: dict[str, Any] | None) -> list[str]:
    peer_levels = {x["tables"]: x for x in (theirs or {}).get("levels", [])}
    rows = []
    for level in ours["levels"]:
        p = peer_levels.get(level["tables"])
        lost = f" ({level['not_updated']} not updated)" if level["not_updated"] else ""
        rows.append(f"| human pace, {level['tables']} tables, every seat p50 / p99 ms | "
                    f"{_num(level['p50_ms'], 1)} / {_num(level['p99_ms'], 1)}{lost}"
                    f" | {_num(p and p['p50_ms'], 1)} / {_num(p and p['p99_ms'], 1)} | |")
        rows.append(f"| … server / load generator CPU, cores | {_cores(level)} | "
                    f"{_cores(p) if p else '—'} | |")
    for level, p in peer_levels.items():
        if level not in {x["tables"] for x in ours["levels"]}:
            rows.append(f"| human pace, {level} tables, every seat p50 / p99 ms | not run | "
                        f"{_num(p['p50_ms'], 1)} / {_num(p['p99_ms'], 1)} | |")
    return rows


def _cores(figures: dict[str, Any]) -> str:
    """Server / load generator CPU, flagged where the generator was the limit."""
    flag = " **(load generator at its limit)**" if figures.get("generator_bound") else ""
    return (f"{_num(figures.get('server_cpu_cores'), 2)} / "
            f"{_num(figures.get('bench_cpu_cores'), 2)}{flag}")


def screen_requests(level: dict[str, Any]) -> float | None:
    """The table screens' requests per move while playing (page loads left out)."""
    if not level:
        return None
    by = level.get("requests_by_trigger") or {}
    made = sum(v for k, v in by.items() if k.startswith("screen.") and k != "screen.load")
    return made / max(level.get("moves", 0), 1)


def markdown(figures: dict[str, Any], args: argparse.Namespace) -> str:
    ours, theirs = figures["ours"], figures.get("peer")
    b2b, base = ours["b2b"], ours["baseline"]
    pb2b = theirs["b2b"] if theirs else {}
    peer_cpu = (1e6 * pb2b["server_cpu_cores"] / pb2b["moves_per_s"]
                if pb2b.get("server_cpu_cores") and pb2b.get("moves_per_s") else None)
    fan = pb2b.get("all_seats_latency_ms", {})
    first = ours["levels"][0] if ours["levels"] else {}
    unmeasured = bool(ours.get("not_run"))  # a level the generator could not open
    peer_name = (f"boardgame.io 0.50.2, {theirs['players']} players" if theirs
                 else f"boardgame.io: not run ({figures.get('peer_missing')})")
    lines = [
        f"| same run, {os.cpu_count()} cores, tables of {figures['mix']} phones + a screen | "
        f"this project (`bench.table`) | {peer_name} | ours ÷ peer |",
        "| --- | --- | --- | --- |",
        f"| back to back, {b2b['tables']} tables, accepted moves/s | "
        f"{_num(b2b['moves_per_s'])} | {_num(pb2b.get('moves_per_s'))} | "
        f"{_ratio(b2b['moves_per_s'], pb2b.get('moves_per_s'))} (target ≥ 1.0) |",
        f"| back to back, every seat p50 / p99 ms | {_num(b2b['p50_ms'], 1)} / "
        f"{_num(b2b['p99_ms'], 1)} | {_num(fan.get('p50'), 1)} / {_num(fan.get('p99'), 1)} | |",
        *_level_rows(ours, theirs),
        f"| tables carried with every-seat p99 ≤ 50 ms (levels {args.levels}"
        f"{'; ' + ours['not_run'] if unmeasured else ''}) | "
        f"{ours['carried']} | {theirs['carried'] if theirs else '—'} | "
        f"{_ratio(ours['carried'], theirs and theirs['carried'])} (target ≥ 1.0"
        f"{'; ours not measured above ' + str(ours['carried']) if unmeasured else ''}) |",
        f"| server CPU per accepted move, fan-out included (back to back), µs | "
        f"{_num(b2b['cpu_us_per_move'])} | {_num(peer_cpu)} | "
        f"{_ratio(b2b['cpu_us_per_move'], peer_cpu)} |",
        f"| … ÷ per baseline GET+SET request ({_num(base['cpu_us_per_request'])} µs, "
        f"{base['size']} B) | {_ratio(b2b['cpu_us_per_move'], base['cpu_us_per_request'])} "
        "(target ≤ 2) | | |",
        f"| back to back: server / load generator CPU, cores | "
        f"{_cores(b2b)} | {_cores(pb2b)} | |",
        f"| accepted moves/s ÷ baseline requests/s ({_num(base['requests_per_s'])}) | "
        f"{_ratio(b2b['moves_per_s'], base['requests_per_s'])} | | |",
        f"| HTTP requests per move, all clients (human pace, {first.get('tables', '—')} tables) | "
        f"{_num(first.get('requests_per_move'), 1)} | 0 (state pushed over socket.io) | |",
        f"| … per phone per move (the mover's POST included; the screen makes none) | "
        f"{_ratio(first.get('requests_per_move'), first.get('phones_per_move'))} "
        f"(target ≤ 1; screen: {_num(screen_requests(first), 2)}, target 0) | | |",
        f"| Redis commands per move, all clients (INFO commandstats; a script's or pipeline's "
        f"commands each count) | {_num(first.get('redis_commands_per_move'), 1)} "
        "(keep: ≤ 2 round trips per accepted move on the writing side, counted by "
        "`bench.profile_moves`) | — (in memory) | |",
        f"| server CPU per move at human pace, {first.get('tables', '—')} tables, µs | "
        f"{_num(first.get('cpu_us_per_move'))} | | |",
    ]
    by = first.get("requests_by_trigger") or {}
    moves = max(first.get("moves", 0), 1)
    detail = ", ".join(f"{k} {v / moves:.2f}" for k, v in sorted(by.items()) if v)
    lines.append("")
    lines.append(f"requests per move by page trigger (human pace, first level): {detail or '—'}")
    ran = first.get("redis_by_command") or {}
    lines.append("Redis commands per move by name (human pace, first level): "
                 + (", ".join(f"{k} {v:.2f}" for k, v in list(ran.items())[:10]) or "—"))
    if not theirs:
        lines.append(f"peer not measured: {figures.get('peer_missing')}; our figures alone.")
    return "\n".join(lines)
