"""Every game's state document is declared as TypedDicts (what ``new_game`` returns),
and the documents the engines really make have exactly the declared keys, at every
level, all through random playouts; mypy --strict refuses a key the document lacks."""

from __future__ import annotations

import subprocess
import sys
import types
import typing
from pathlib import Path
from typing import Any, NotRequired, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from companion.games import GAMES
from tests.games.facts import fact, playout

ROOT = Path(__file__).resolve().parents[2]


def document_type(game: str) -> Any:
    return get_type_hints(GAMES[game].new_game)["return"]


def misfits(declared: Any, value: Any, path: str = "state") -> list[str]:
    """Where ``value`` strays from ``declared``: a missing or undeclared key of a
    TypedDict, inside lists, mappings and optional values too."""
    origin = get_origin(declared)
    if is_typeddict(declared):
        if not isinstance(value, dict):
            return [f"{path}: not an object"]
        # NotRequired read off the hints: the modules' postponed annotations leave
        # __required_keys__ unaware of it on Python 3.11
        hints = get_type_hints(declared, include_extras=True)
        optional = {k for k, h in hints.items() if get_origin(h) is NotRequired}
        keys = set(value)
        out = [f"{path}.{k}: missing" for k in set(hints) - optional - keys]
        out += [f"{path}.{k}: not declared" for k in keys - set(hints)]
        for k in keys & set(hints):
            hint = get_args(hints[k])[0] if k in optional else hints[k]
            out += misfits(hint, value[k], f"{path}.{k}")
        return out
    if origin in (typing.Union, types.UnionType):
        options = [a for a in get_args(declared) if a is not type(None)]
        if value is None or len(options) != 1:
            return []
        return misfits(options[0], value, path)
    if origin is list and isinstance(value, list):
        return [m for i, v in enumerate(value) for m in misfits(get_args(declared)[0], v,
                                                                  f"{path}.{i}")]
    if origin is dict and isinstance(value, dict):
        return [m for k, v in value.items() for m in misfits(get_args(declared)[1], v,
                                                               f"{path}.{k}")]
    return []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_state_document_is_a_typed_dict(game):
    declared = document_type(game)
    assert is_typeddict(declared), declared
    assert {"game", "options", "status", "players", "turn", "result"} <= set(
        get_type_hints(declared))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_played_states_have_exactly_the_declared_keys(game):
    declared = document_type(game)
    for seed, options in [(s, {}) for s in range(3)] + [(9, fact(game, "RICHEST_OPTIONS", {}))]:
        table = playout(game).deal(seed, 3, **options)
        assert misfits(declared, table.state) == []
        for n, _ in enumerate(table.play()):
            if n % 7 == 0 or table.state["status"] != "playing":
                assert misfits(declared, table.state) == [], (seed, n)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_misfits_names_the_stray_key(game):
    declared = document_type(game)
    state = playout(game).deal(1, 2).state
    broken = {k: v for k, v in state.items() if k != "result"}
    broken["players"] = [{**state["players"][0], "no_such_key": {}}]
    assert set(misfits(declared, broken)) == {"state.result: missing",
                                              "state.players.0.no_such_key: not declared"}


def test_mypy_refuses_a_key_the_document_lacks(tmp_path):
    lines = ["from __future__ import annotations"]
    for game in sorted(GAMES):
        declared = document_type(game)
        lines += [f"from {declared.__module__} import {declared.__name__} as {game}_state",
                  f"def read_{game}(state: {game}_state) -> object:",
                  "    return state['players'][0]['no_such_key']"]
    probe = tmp_path / "probe.py"
    probe.write_text("\n".join(lines) + "\n")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                          str(probe)], capture_output=True, text=True, cwd=ROOT, check=False)
    refused = [line for line in run.stdout.splitlines() if '"no_such_key"' in line]
    assert len(refused) == len(GAMES), run.stdout
