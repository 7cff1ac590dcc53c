"""Checks every engine's table stories share: apply never touches its input, and a
refused move names its rule and leaves the state as it was."""

from __future__ import annotations

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
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError) as info:
        apply(state, seat, move)
    assert info.value.rule == rule, info.value
    assert info.value.status == status
    assert json.dumps(state, sort_keys=True) == before
    return info.value


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
