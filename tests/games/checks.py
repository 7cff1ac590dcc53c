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
