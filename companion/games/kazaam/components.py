"""Kazaam's components as data (rules K1, K2, K9)."""

from __future__ import annotations

from typing import Any, Final

TYPES: Final = ("fire", "bone", "reptile", "wood", "fur", "insect", "stone")
PARTS: Final = ("head", "torso", "ear", "arm", "leg", "tail")
#: K1.2: the nine slots and the part kind each takes
SLOTS: Final = {"head": "head", "torso": "torso", "left_ear": "ear", "right_ear": "ear",
                "left_arm": "arm", "right_arm": "arm", "left_leg": "leg", "right_leg": "leg",
                "tail": "tail"}
#: K1.5: tiles of each part per homunculus type in the default set
SET_PER_TYPE: Final = {"head": 1, "torso": 1, "tail": 1, "ear": 2, "arm": 2, "leg": 2}
INGREDIENTS: Final = ("mercury", "sulphur", "mandrake", "unicorn_horn", "dragon_blood",
                      "phoenix_feather")
#: K2: the board as a 3 x 3 grid; adjacency is sharing a side
LAYOUT: Final = (("left_ear", "head", "right_ear"),
                 ("left_arm", "torso", "right_arm"),
                 ("left_leg", "tail", "right_leg"))
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
HAND_LIMIT: Final = 6
ACTIONS_PER_TURN: Final = 3
DEAL: Final = 3
COST_MIN, COST_MAX, SAME_MAX = 2, 5, 2
TORSO_TAKES: Final = 3
FIRST_COMPLETE_BONUS: Final = 4

OPTION_CHOICES: Final[dict[str, tuple[tuple[Any, ...], Any]]] = {
    "end": (("immediate", "finish_round"), "immediate"),
    "chain_counts_face_down": ((True, False), True),
}


def _neighbours() -> dict[str, tuple[str, ...]]:
    where = {slot: (r, c) for r, row in enumerate(LAYOUT) for c, slot in enumerate(row)}
    out = {}
    for slot, (r, c) in where.items():
        out[slot] = tuple(LAYOUT[r + dr][c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                          if 0 <= r + dr < 3 and 0 <= c + dc < 3)
    return out


ADJACENT: Final = _neighbours()
POINTS: Final = {"head": 2, "torso": 2, "ear": 1, "arm": 1, "leg": 1, "tail": 1}
