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


def _peer_cpu(b2b: dict[str, Any]) -> float | None:
    """The peer's server CPU per accepted move back to back, µs."""
    if b2b.get("server_cpu_cores") and b2b.get("moves_per_s"):
        return float(1e6 * b2b["server_cpu_cores"] / b2b["moves_per_s"])
    return None


def _row(label: str, cells: list[str], ratios: str = "") -> str:
    return f"| {label} | {' | '.join(cells)} | {ratios} |"


def _level_rows(ours: dict[str, Any], peers: list[dict[str, Any] | None]) -> list[str]:
    """Per table count: every-seat p50 / p99, server CPU per move, both sides' cores."""
    by = [{x["tables"]: x for x in (p or {}).get("levels", [])} for p in peers]
    counts = sorted({x["tables"] for x in ours["levels"]}.union(*[set(b) for b in by]))
    mine = {x["tables"]: x for x in ours["levels"]}
    rows = []
    for n in counts:
        cols = [mine.get(n), *(b.get(n) for b in by)]
        rows.append(_row(f"human pace, {n} tables, every seat p50 / p99 ms",
                         [_latency(c) for c in cols],
                         " / ".join(_ratio((cols[0] or {}).get("p99_ms"),
                                           (c or {}).get("p99_ms")) for c in cols[1:])))
        rows.append(_row("… server CPU per move, µs",
                         [_num(c and c.get("cpu_us_per_move")) for c in cols],
                         " / ".join(_ratio((cols[0] or {}).get("cpu_us_per_move"),
                                           (c or {}).get("cpu_us_per_move"))
                                    for c in cols[1:]) + " (target ≤ 2 against in memory)"))
        rows.append(_row("… server / load generator CPU, cores",
                         [_cores(c) if c else "—" for c in cols]))
    return rows


def _latency(level: dict[str, Any] | None) -> str:
    if not level:
        return "not run"
    lost = f" ({level['not_updated']} not updated)" if level.get("not_updated") else ""
    return f"{_num(level['p50_ms'], 1)} / {_num(level['p99_ms'], 1)}{lost}"


def _cores(figures: dict[str, Any]) -> str:
    """Server / load generator CPU (its processes), flagged where the generator or the
    machine was the limit."""
    flag = " **(load generator at its limit)**" if figures.get("generator_bound") else ""
    if figures.get("machine_bound") and not flag:
        flag = f" (machine {figures['machine_busy']:.0%} busy)"
    procs = f" in {figures['generators']} processes" if figures.get("generators", 1) > 1 else ""
    return (f"{_num(figures.get('server_cpu_cores'), 2)} / "
            f"{_num(figures.get('bench_cpu_cores'), 2)}{procs}{flag}")


def screen_requests(level: dict[str, Any]) -> float | None:
    """The table screens' requests per move while playing (page loads left out)."""
    if not level:
        return None
    by = level.get("requests_by_trigger") or {}
    made = sum(v for k, v in by.items() if k.startswith("screen.") and k != "screen.load")
    return float(made / max(level.get("moves", 0), 1))


def _peer_name(peer: dict[str, Any] | None, storage: str, missing: Any) -> str:
    if not peer:
        return f"boardgame.io {storage}: not run ({missing})"
    return f"boardgame.io 0.50.2 {storage}, {peer['players']} players"


def markdown(figures: dict[str, Any], args: argparse.Namespace) -> str:
    ours = figures["ours"]
    peers = [figures.get("peer"), figures.get("peer_durable")]
    b2b, base = ours["b2b"], ours["baseline"]
    pb2b = [p["b2b"] if p else {} for p in peers]
    first = ours["levels"][0] if ours["levels"] else {}
    unmeasured = bool(ours.get("not_run"))  # a level the generator could not open
    missing = figures.get("peer_missing")
    durable_missing = figures.get("peer_durable_missing", missing)
    lines = [
        f"| same run, {os.cpu_count()} cores, tables of {figures['mix']} phones + a screen | "
        f"this project (`bench.table`) | {_peer_name(peers[0], 'in memory', missing)} | "
        f"{_peer_name(peers[1], 'durable (flatfile)', durable_missing)} | "
        "ours ÷ in memory / ÷ durable |",
        "| --- | --- | --- | --- | --- |",
        _row(f"back to back, {b2b['tables']} tables, accepted moves/s",
             [_num(b2b["moves_per_s"]), *(_num(p.get("moves_per_s")) for p in pb2b)],
             " / ".join(_ratio(b2b["moves_per_s"], p.get("moves_per_s")) for p in pb2b)
             + " (target ≥ 1.5 against durable)"),
        _row("back to back, every seat p50 / p99 ms",
             [f"{_num(b2b['p50_ms'], 1)} / {_num(b2b['p99_ms'], 1)}",
              *(f"{_num(p.get('all_seats_latency_ms', {}).get('p50'), 1)} / "
                f"{_num(p.get('all_seats_latency_ms', {}).get('p99'), 1)}" for p in pb2b)]),
        _row("server CPU per accepted move, fan-out included (back to back), µs",
             [_num(b2b["cpu_us_per_move"]), *(_num(_peer_cpu(p)) for p in pb2b)],
             " / ".join(_ratio(b2b["cpu_us_per_move"], _peer_cpu(p)) for p in pb2b)),
        _row("back to back: server / load generator CPU, cores",
             [_cores(b2b), *(_cores(p) if p else "—" for p in pb2b)]),
        *_level_rows(ours, peers),
        _row(f"tables carried with every-seat p99 ≤ 50 ms (levels {args.levels}"
             f"{'; ' + ours['not_run'] if unmeasured else ''})",
             [str(ours["carried"]), *(str(p["carried"]) if p else "—" for p in peers)],
             " / ".join(_ratio(ours["carried"], p and p["carried"]) for p in peers)
             + " (target ≥ 1.0 / ≥ 2"
             + (f"; ours not measured above {ours['carried']}" if unmeasured else "") + ")"),
        _row("first level past 50 ms, and what it ran into",
             [ours.get("limit") or "none: every level carried",
                                       *(_peer_limit(p) for p in peers)]),
        *_own_rows(ours, b2b, base, first),
    ]
    return "\n".join(lines + _details(first, peers, missing))


def _peer_limit(peer: dict[str, Any] | None) -> str:
    if not peer:
        return "—"
    failed = [x for x in peer["levels"] if not x["ok"]]
    if not failed:
        return "none: every level carried"
    x = failed[0]
    why = "; ".join(x.get("not_coping_because") or []) or f"p99 {_num(x['p99_ms'], 1)} ms"
    gen = " (its one load-generator process at its limit)" if x.get("generator_bound") else ""
    return f"{x['tables']} tables: {why}{gen}"


def _own_rows(ours: dict[str, Any], b2b: dict[str, Any], base: dict[str, Any],
              first: dict[str, Any]) -> list[str]:
    """Our own figures, which the peer has no counterpart for."""
    blank = ["", ""]
    return [
        _row(f"… back to back ÷ per baseline GET+SET request "
             f"({_num(base['cpu_us_per_request'])} µs, {base['size']} B)",
             [_ratio(b2b["cpu_us_per_move"], base["cpu_us_per_request"]) + " (target ≤ 2)",
              *blank]),
        _row(f"accepted moves/s ÷ baseline requests/s ({_num(base['requests_per_s'])})",
             [_ratio(b2b["moves_per_s"], base["requests_per_s"]), *blank]),
        _row(f"HTTP requests per move, all clients (human pace, "
             f"{first.get('tables', '—')} tables)",
             [_num(first.get("requests_per_move"), 1), "0 (state pushed over socket.io)",
              "0"]),
        _row("… per phone per move (the mover's POST included; the screen makes none)",
             [f"{_ratio(first.get('requests_per_move'), first.get('phones_per_move'))} "
              f"(target ≤ 1; screen: {_num(screen_requests(first), 2)}, target 0)", *blank]),
        _row("Redis commands per move, all clients (INFO commandstats; a script's or "
             "pipeline's commands each count)",
             [f"{_num(first.get('redis_commands_per_move'), 1)} (keep: ≤ 2 round trips per "
              "accepted move on the writing side, counted by `bench.profile_moves`)",
              "— (in memory)", "— (files)"]),
    ]


def _details(first: dict[str, Any], peers: list[dict[str, Any] | None],
             missing: Any) -> list[str]:
    by = first.get("requests_by_trigger") or {}
    moves = max(first.get("moves", 0), 1)
    detail = ", ".join(f"{k} {v / moves:.2f}" for k, v in sorted(by.items()) if v)
    ran = first.get("redis_by_command") or {}
    lines = ["", f"requests per move by page trigger (human pace, first level): "
             f"{detail or '—'}", "Redis commands per move by name (human pace, first level): "
             + (", ".join(f"{k} {v:.2f}" for k, v in list(ran.items())[:10]) or "—")]
    if not any(peers):
        lines.append(f"peer not measured: {missing}; our figures alone.")
    return lines
