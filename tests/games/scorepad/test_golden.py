"""Golden score pad playouts, like ``tests/games/test_golden.py``: fixed seeds of the
simulated table, with the move count, the final ranking and a hash of the whole event
stream pinned. A rule change shows up here as a changed golden — on purpose: check that
the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.scorepad.test_golden
"""

from __future__ import annotations

from typing import Any

from tests.games.checks import Golden, golden_of, print_goldens

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
    ("per-round", 1): (101, [1, 2, 0],
        "744fd29280057ba9e3eeeebc0da3a9a30771f989032c0f80037b4ed8aa763dbd"),
    ("per-round", 2): (73, [0, 1, 3, 2],
        "17a6969c8d28f46f53aeaf92c2b58016ceb586fe8a54f7e583b1db513d2f43c8"),
    ("per-round", 3): (9, [0],
        "976d0e9c9f64dc81919145bc881724dbcd012457e14d1d116d0caaf246f26c56"),
    ("per-round", 11): (573, [6, 0, 11, 2, 9, 3, 5, 1, 4, 7, 10, 8],
        "abb70957c205c9b400b843e97f536b13a3a3f30f82842e1a0ddb3a1cf16e13ba"),
    ("per-round-low-wins", 1): (165, [0, 2, 1],
        "19bc19d25f7c4c320de5a53f13a0ec39a66d73526705543cb4346cbf06c45b39"),
    ("per-round-low-wins", 2): (193, [1, 3, 2, 0],
        "a4939e1c0dbbefcec68c512b94a8d6067342051d28c61e4d9040aae4558be1ef"),
    ("per-round-low-wins", 3): (20, [0],
        "964bd2826398aa23ff4d2383f2d4bb5aaae30858def433ed678fd0054897fb6b"),
    ("per-round-low-wins", 11): (962, [8, 11, 1, 5, 10, 9, 6, 3, 2, 4, 7, 0],
        "56091f2172527a435fc01912c89f59dfcf9cc0dfbf8b323bc119ed4fc774687b"),
}


def test_a_playout_is_the_same_every_time() -> None:
    assert golden_of("scorepad", "per-round", 2) == golden_of("scorepad", "per-round", 2)


if __name__ == "__main__":
    print_goldens("scorepad")
