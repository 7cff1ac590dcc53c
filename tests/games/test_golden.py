"""Golden playouts, in the manner of chess perft: fixed seeds of the simulated tables
for each game and variant, with the move count, the final ranking and a hash of the
whole event stream pinned. A rule change shows up here as a changed golden — on
purpose: check that the change is the intended one, then update the table with

    .venv/bin/python -m tests.games.test_golden
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from companion.games.gaia.playout import Table as GaiaTable
from companion.games.kazaam.playout import Table as KazaamTable

VARIANTS: dict[str, tuple[Any, dict[str, Any]]] = {
    "gaia-base": (GaiaTable, {}),
    "gaia-expert": (GaiaTable, {"variant": "expert"}),
    "gaia-expert-catastrophes": (GaiaTable, {"variant": "expert", "catastrophes": True}),
    "kazaam-immediate": (KazaamTable, {"end": "immediate"}),
    "kazaam-finish-round": (KazaamTable, {"end": "finish_round"}),
}
SEEDS = {1: 3, 2: 4, 3: 2, 11: 5}  # seed -> players

#: (variant, seed) -> (moves, ranking, sha256 of the event stream)
GOLDEN: dict[tuple[str, int], tuple[int, list[int], str]] = {
    ("gaia-base", 1): (106, [2, 1, 0],
        "9a178f851690e2ee9eed51cc2ee6db267e56568bd5a033d35b6e97fd5c616804"),
    ("gaia-base", 2): (94, [0, 2, 3, 1],
        "7c68cb99904200321bc1707a971ca72f464ceefe71a5d2ab3ffc7010d877c8f1"),
    ("gaia-base", 3): (107, [1, 0],
        "8e4d262b5a79236de86941b4dfd7a7a41afaf205be8c2f8f10f45c06093af2bf"),
    ("gaia-base", 11): (90, [2, 3, 1, 4, 0],
        "9e86378fc06910f2aefe4ee34ab759e4cdb84a5f23c00ddd6f9c5046b5eb1733"),
    ("gaia-expert", 1): (124, [1, 0, 2],
        "79b01d7a03735820a13fe7808f2080b957040b12a10153a5ece4817ba519eae0"),
    ("gaia-expert", 2): (110, [3, 0, 1, 2],
        "938a588e85f4c9d6de561d2a432d904429a19c30638a5131ccb57e4fa10b162d"),
    ("gaia-expert", 3): (124, [0, 1],
        "404b93cbc86d552aa2be1a9f879d140cb8aff0ea4ec13aa89f32d90e32efe933"),
    ("gaia-expert", 11): (116, [4, 0, 1, 2, 3],
        "099c64444bd3264f06687294f88d902fe65212a285a803136d06f35e96864e5f"),
    ("gaia-expert-catastrophes", 1): (135, [2, 0, 1],
        "8c6425204a2a372fafd92bff20f9557d7cf342e85849e838dbbb4b25244a8e42"),
    ("gaia-expert-catastrophes", 2): (105, [1, 2, 3, 0],
        "3f1de699d07152601b3c75a99a8c5d69e5e22b5a3866c5910d421dcef9a18130"),
    ("gaia-expert-catastrophes", 3): (145, [0, 1],
        "f99c93f670242b9539354274a468d9a2df7dbd032bd8ffd5b5a3eb88231f85f0"),
    ("gaia-expert-catastrophes", 11): (103, [2, 4, 1, 3, 0],
        "ccd58044a74077578ba292bed96777d26acf52b5a994d552c3aa41993a6d8149"),
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


def playout(variant: str, seed: int) -> tuple[int, list[int], str]:
    table_class, options = VARIANTS[variant]
    table = table_class.deal(seed, SEEDS[seed], **options)
    digest = hashlib.sha256()
    for _, events in table.play(max_moves=5000):
        digest.update(json.dumps(events, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")
    assert table.state["status"] == "finished", "a golden playout must reach the end"
    return len(table.log), list(table.state["result"]["ranking"]), digest.hexdigest()


@pytest.mark.parametrize(("variant", "seed"), [(v, s) for v in VARIANTS for s in SEEDS])
def test_golden_playout(variant: str, seed: int) -> None:
    assert playout(variant, seed) == GOLDEN[(variant, seed)]


if __name__ == "__main__":
    for variant in VARIANTS:
        for seed in SEEDS:
            moves, ranking, digest = playout(variant, seed)
            print(f'    ("{variant}", {seed}): ({moves}, {ranking},\n'
                  f'        "{digest}"),')
