"""Golden harvest playouts, in the manner of chess perft: fixed seeds of the simulated
table for each variant, with the move count, the final ranking and a hash of the whole
event stream pinned. A rule change shows up here as a changed golden — on purpose: check
that the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.harvest.test_golden
"""

from __future__ import annotations

from typing import Any

from tests.games.checks import Golden, print_goldens

VARIANTS: dict[str, dict[str, Any]] = {
    "three-rounds": {},
    "five-rounds": {"rounds": 5},
}
SEEDS = {1: 3, 2: 4, 3: 2, 11: 5}  # seed -> players

#: (variant, seed) -> (moves, ranking, sha256 of the event stream)
GOLDEN: dict[tuple[str, int], Golden] = {
    ("three-rounds", 1): (9, [1, 2, 0],
        "920ec5ff741c99a556902aaaeea6a6162fdf8795e8352d30d8d5a837d08ab3d3"),
    ("three-rounds", 2): (12, [1, 0, 3, 2],
        "b5e0246a2a90f3ef0ec2cec9ebd4268104618df079c39b002420c9a76fd27119"),
    ("three-rounds", 3): (6, [0, 1],
        "6ad7e85a4c09c948a02879991b3d185658852362422e5cf68391afa2d9438cf4"),
    ("three-rounds", 11): (15, [0, 4, 3, 2, 1],
        "3475d0cba3845e95e76afdb7d8314df2cd703154b98668df6ee60ec743ab5656"),
    ("five-rounds", 1): (15, [1, 2, 0],
        "7c91bbd2af3645255b922323332c2c1d32c882b1a4997a69847cbdedf1a24426"),
    ("five-rounds", 2): (20, [3, 1, 0, 2],
        "b6c633073ee106d06b14eae24695ac052b0a6a8ab8bac5fbbc5da0e9f24ca68e"),
    ("five-rounds", 3): (10, [0, 1],
        "bd5daa979a49089ec63fd4b7aaf0f0e60b21e5cfbf4965db48a2120d460c710a"),
    ("five-rounds", 11): (25, [3, 4, 0, 1, 2],
        "7a4b98facd02f8ff750373f25fbf2ea3e2ece6da6610ef3d39db06cecaccfb99"),
}


if __name__ == "__main__":
    print_goldens("harvest")
