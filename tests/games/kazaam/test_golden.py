"""Golden Kazaam playouts, in the manner of chess perft: fixed seeds of the simulated
table for each variant, with the move count, the final ranking and a hash of the whole
event stream pinned. A rule change shows up here as a changed golden — on purpose: check
that the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.kazaam.test_golden
"""

from __future__ import annotations

from typing import Any

from tests.games.checks import Golden, print_goldens

VARIANTS: dict[str, dict[str, Any]] = {
    "kazaam-immediate": {"end": "immediate"},
    "kazaam-finish-round": {"end": "finish_round"},
}
SEEDS = {1: 3, 2: 4, 3: 2, 11: 5}  # seed -> players

#: (variant, seed) -> (moves, ranking, sha256 of the event stream)
GOLDEN: dict[tuple[str, int], Golden] = {
    ("kazaam-immediate", 1): (287, [0, 1, 2],
        "0f1f84fc434d2d14a25b1564389ece0e6adb6697d5a6113df94ce0239bfbebcf"),
    ("kazaam-immediate", 2): (306, [1, 2, 3, 0],
        "9a0858f075acd8e619d76863d5a179c60b0ff9daa9a43e25aad4eeb42bbae860"),
    ("kazaam-immediate", 3): (125, [0, 1],
        "6650109a5c347925eab5bbc4deb847c60ee8c1783927b9f830aa646226e05c35"),
    ("kazaam-immediate", 11): (321, [1, 3, 2, 0, 4],
        "79c8844c6ce27d63c441bd27178def1eaf599d9a231f5164744313e75a59dd99"),
    ("kazaam-finish-round", 1): (290, [2, 0, 1],
        "e8a9676c46bdaf0915e025be605db69bfa4e78f20f46e1c83daa14fac531594f"),
    ("kazaam-finish-round", 2): (313, [1, 2, 0, 3],
        "4f52216ebf2a19cb7215a1d0bad105782bc2ce6ab768ddbeec1fa978a7a2e45e"),
    ("kazaam-finish-round", 3): (125, [0, 1],
        "f892934c4768fdaecd64d04964f14264f4ec1ae82bfe8f5554d7800b7e0512ab"),
    ("kazaam-finish-round", 11): (326, [1, 2, 3, 0, 4],
        "bf90215e80abe11c3c46cfc60d8f1bf037d6c96086c585db49309e0a6262f8cd"),
}


if __name__ == "__main__":
    print_goldens("kazaam")
