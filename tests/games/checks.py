"""Checks every engine's table stories share: apply never touches its input, a
refused move names its rule and leaves the state as it was, a simulated table replays
exactly, and a golden playout's figures."""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.games.errors import RuleError

State = dict[str, Any]
Apply = Callable[[State, int, dict[str, Any]], tuple[State, list[dict[str, Any]]]]


def played(apply: Apply, state: State, seat: int, move: dict[str, Any]
           ) -> tuple[State, list[dict[str, Any]]]:
    before = json.dumps(state, sort_keys=True)
    new, events = apply(state, seat, move)
    assert json.dumps(state, sort_keys=True) == before, "apply modified its input"
    return new, events


def refused(apply: Apply, state: State, seat: int, move: dict[str, Any], rule: str,
            status: int = 422) -> RuleError:
    """The move is refused under ``rule`` (with ``status``) and the state is untouched."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as info:
        apply(state, seat, move)
    assert info.value.rule == rule, info.value
    assert info.value.status == status
    assert json.dumps(state, sort_keys=True) == before
    return info.value


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def tried_cleanly(apply: Apply, table: Any, steps: int, seat: int, move: dict[str, Any],
                  invariants: Callable[[State], None]) -> State | RuleError:
    """Play a simulated table up to ``steps`` moves on, then try ``move`` (junk or not) for
    ``seat``: it is refused cleanly (a rule, a message key, a sentence, 409 or 422) or taken
    with the invariants holding; either way the state it was tried on is untouched.
    Returns the new state, or the refusal."""
    for _ in zip(range(steps), table.play(), strict=False):
        pass
    state = table.state
    before = json.dumps(state, sort_keys=True)
    try:
        new, _ = apply(state, seat, move)
    except RuleError as err:
        assert err.rule and err.key and str(err) and err.status in (409, 422)
        assert json.dumps(state, sort_keys=True) == before
        return err
    invariants(new)
    assert json.dumps(state, sort_keys=True) == before
    return new


def replays_exactly(apply: Apply, table: Any) -> None:
    """Play a simulated table to the end, then replay its log from the first state
    (everything through JSON): the result is the same state, bit for bit."""
    first = json.loads(json.dumps(table.state))
    for _ in table.play():
        pass
    replayed = first
    for seat, move in table.log:
        replayed, _ = apply(replayed, seat, json.loads(json.dumps(move)))
    assert json.dumps(replayed, sort_keys=True) == json.dumps(table.state, sort_keys=True)
    assert json.loads(json.dumps(table.state)) == table.state  # the round trip is exact


Golden = tuple[int, list[int], str]


def golden(table: Any) -> Golden:
    """Play a dealt simulated table to the end: its move count, final ranking and the
    sha256 of its whole event stream (one canonical JSON line per move)."""
    digest = hashlib.sha256()
    for _, events in table.play(max_moves=5000):
        digest.update(json.dumps(events, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    assert table.state["status"] == "finished", "a golden playout must reach the end"
    return len(table.log), list(table.state["result"]["ranking"]), digest.hexdigest()


def golden_of(game: str, variant: str, seed: int) -> Golden:
    """One of a game's golden playouts: its test package's ``VARIANTS`` (name -> options)
    and ``SEEDS`` (seed -> players), dealt by the game's own simulated table."""
    pins = importlib.import_module(f"tests.games.{game}.test_golden")
    table = importlib.import_module(f"companion.games.{game}.playout").Table
    return golden(table.deal(seed, pins.SEEDS[seed], **pins.VARIANTS[variant]))


def print_goldens(game: str) -> None:
    """Print a game's GOLDEN table rows, to paste in after an intended rule change."""
    pins = importlib.import_module(f"tests.games.{game}.test_golden")
    for variant in pins.VARIANTS:
        for seed in pins.SEEDS:
            moves, ranking, digest = golden_of(game, variant, seed)
            print(f'    ("{variant}", {seed}): ({moves}, {ranking},\n'
                  f'        "{digest}"),')
