"""Golden score pad playouts, like ``tests/games/test_golden.py``: fixed seeds of the
simulated table, with the move count, the final ranking and a hash of the whole event
stream pinned. A rule change shows up here as a changed golden — on purpose: check that
the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.scorepad.test_golden
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.scorepad.playout import Table
from tests.games.checks import Golden, golden, print_goldens

VARIANTS: dict[str, dict[str, Any]] = {
    "per-turn": {"rounds": 5},
    "per-turn-categories": {"rounds": 3, "categories": ["Cards", "Roads", "Army"]},
    "per-round": {"scoring": "per_round", "rounds": 4},
    "per-round-low-wins": {"scoring": "per_round", "rounds": 6, "low_wins": True,
                           "categories": ["Hearts", "Queen"]},
}
SEEDS = {1: 3, 2: 4, 3: 1, 11: 12}  # seed -> players

#: (variant, seed) -> (moves, ranking, sha256 of the event stream)
GOLDEN: dict[tuple[str, int], Golden] = {
    ("per-turn", 1): (15, [1, 2, 0],
        "55d42863c2c8516916e0a55015e2a6a422e05b1f2df99f025431d5d862c0a15f"),
    ("per-turn", 2): (20, [3, 0, 1, 2],
        "031d8c8cc9609e0aed56b575485e960492c3c462e8f35e005828e18f302f5e6d"),
    ("per-turn", 3): (5, [0],
        "123b1367c926c14d31ddc1baff47ccc75b01d5988af76350f4610ea96174aeea"),
    ("per-turn", 11): (60, [8, 2, 3, 11, 6, 10, 7, 5, 9, 0, 1, 4],
        "8a62ffdde8a1096b2a71cd7d5d4b54c0450ea90672663300ace46491141c32ec"),
    ("per-turn-categories", 1): (9, [0, 1, 2],
        "8cb133542168214d2ac6191c0d6cc516cf7e481a01e7d5e0365d744de2bdcb11"),
    ("per-turn-categories", 2): (12, [2, 0, 1, 3],
        "86c99bd75e68f8235b4ff6113f2d74d477b34f1453108e5c7fd24496c47f3338"),
    ("per-turn-categories", 3): (3, [0],
        "d642499c523dedf32acad19b5ec0dd978ddf64e719961caf9ed7a3e889f4cb9f"),
    ("per-turn-categories", 11): (36, [11, 2, 7, 9, 1, 6, 5, 3, 0, 10, 4, 8],
        "17531be2191bbee14e63921babcce918d2aa878d971b0d410c62579e934f4ed0"),
    ("per-round", 1): (27, [1, 2, 0],
        "544888c2e691a7ee2f54a8af54eff60526a053f560082022e8d135666961e0c4"),
    ("per-round", 2): (47, [3, 0, 2, 1],
        "d5994238b3e1dcafbccb14beaa94008d79d569285f1c5bc3f39162638ef4b2cc"),
    ("per-round", 3): (11, [0],
        "a1a11a6333699b97023c7131c5a8f2607a22cb8db3c7b1d8f9f44f87533130ca"),
    ("per-round", 11): (130, [10, 6, 8, 4, 5, 11, 1, 9, 7, 0, 3, 2],
        "60180c6cca56c5ef9a8009f6e19996d601c03cc4b14e92629c8ab101715ca30c"),
    ("per-round-low-wins", 1): (40, [1, 0, 2],
        "17defb9e77751ece9dc7ace2f331c3e0de3435fb713b686af391333320ada956"),
    ("per-round-low-wins", 2): (51, [2, 3, 0, 1],
        "d40a7f3600f664147e2c6107113d15d1ded98216b92035b246cee3f3eed7df11"),
    ("per-round-low-wins", 3): (11, [0],
        "831705483f81d34eaf26e82561eeac7ee0b6fe46772844ce03dcea7741deb0e7"),
    ("per-round-low-wins", 11): (180, [6, 3, 10, 9, 1, 7, 2, 11, 0, 4, 8, 5],
        "17587d649bc2e577575bd20cbc2bcb4d7c46df2a8416b4df653164127ace0fb7"),
}


def playout(variant: str, seed: int) -> Golden:
    return golden(Table.deal(seed, SEEDS[seed], **VARIANTS[variant]))


@pytest.mark.parametrize(("variant", "seed"), [(v, s) for v in VARIANTS for s in SEEDS])
def test_golden_playout(variant: str, seed: int) -> None:
    assert playout(variant, seed) == GOLDEN[(variant, seed)]


def test_a_playout_is_the_same_every_time() -> None:
    assert playout("per-round", 2) == playout("per-round", 2)


if __name__ == "__main__":
    print_goldens(playout, VARIANTS, SEEDS)
