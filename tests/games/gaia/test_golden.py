"""Golden Gaia playouts, in the manner of chess perft: fixed seeds of the simulated
table for each variant, with the move count, the final ranking and a hash of the whole
event stream pinned. A rule change shows up here as a changed golden — on purpose: check
that the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.gaia.test_golden
"""

from __future__ import annotations

from typing import Any

from tests.games.checks import Golden, print_goldens

VARIANTS: dict[str, dict[str, Any]] = {
    "gaia-base": {},
    "gaia-expert": {"variant": "expert"},
    "gaia-expert-catastrophes": {"variant": "expert", "catastrophes": True},
}
SEEDS = {1: 3, 2: 4, 3: 2, 11: 5}  # seed -> players

#: (variant, seed) -> (moves, ranking, sha256 of the event stream)
GOLDEN: dict[tuple[str, int], Golden] = {
    ("gaia-base", 1): (106, [2, 1, 0],
        "023a6b08af2c97c8b590c96ebbbb4574bfc4007670aa0e935692ae271f6122b9"),
    ("gaia-base", 2): (94, [0, 2, 3, 1],
        "aa5ccf17c72247ab3cb66a87acd06f9c04cbe508a9cd90c2879c77c174275e57"),
    ("gaia-base", 3): (107, [1, 0],
        "b606f6ad2cf6bdbc11f02d8cb89157075e3cfc1884cff936ff081fb1c8a97cdf"),
    ("gaia-base", 11): (90, [2, 3, 1, 4, 0],
        "b40509a773585ea9852770d39e253137b61fa6881fd4e0efaebbe8a70ddde31e"),
    ("gaia-expert", 1): (124, [1, 0, 2],
        "8489d1cc0c595bafd6d9d70bbb7a5b0315383d7fac0c283154ae6fd5245e4d26"),
    ("gaia-expert", 2): (110, [3, 0, 1, 2],
        "0149fb5729df9bb92551a8ffeb882e7a813b2871285c99c26e4cff22e9e57a2a"),
    ("gaia-expert", 3): (124, [0, 1],
        "f40c59f48b9fd6cdb8311b6ca9b4af1799df3baaaef794f68c5f091e5277b782"),
    ("gaia-expert", 11): (116, [4, 0, 1, 2, 3],
        "32a2a417972d306e9e06080bfb9f538b070c9116dce992b293d9a9fbbf0ede90"),
    ("gaia-expert-catastrophes", 1): (135, [2, 0, 1],
        "224fa29155faf02dbf3ac0b07f0417616125eaede223a3923378a53da1723172"),
    ("gaia-expert-catastrophes", 2): (105, [1, 2, 3, 0],
        "2e50d0dc1ecf7b2eeb53475acf684153b5271ad2d435081ca2c78ea8da12dda3"),
    ("gaia-expert-catastrophes", 3): (145, [0, 1],
        "0e4a7d938edd2c4c42487c50d4755c798762bd434379afaa823c4de9a12e396b"),
    ("gaia-expert-catastrophes", 11): (103, [2, 4, 1, 3, 0],
        "df7f8acaa9d9de4fa7695892869b6a9bde282814f7f837167d3d307910af0799"),
}


if __name__ == "__main__":
    print_goldens("gaia")
