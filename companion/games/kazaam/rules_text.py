"""Kazaam's rules as the companion enforces them, by rule id: the ids in the order
the rules page shows them. Each rule's text ("Title: text", written for the companion,
citing the rules by id) is the catalogue's ``kazaam.rule.<id>``."""

from __future__ import annotations

from companion.games.base import RuleCase

RULES: tuple[str, ...] = (
    "K1.1", "K1.2", "K1.3", "K1.4", "K1.5", "K1.6", "K1.7", "K2", "K3.1", "K4.1",
    "K4.2", "K4.3", "K4.4", "K4.5", "K4.6", "K4.7", "K5.1", "K5.2", "K5.3", "K5.4",
    "K5.5", "K5.6", "K6.1", "K6.2", "K7.1", "K7.2", "K7.3", "K7.4", "K7.5", "K7.6",
    "K9",
)

#: The rules that read otherwise under an option: (rule id, option, value), whose text
#: is ``kazaam.rule.<id>.<option>.<value>``. A rule not listed here reads the same under
#: every option.
BY_OPTION: tuple[RuleCase, ...] = (
    ("K6.1", "end", "immediate"),
    ("K6.1", "end", "finish_round"),
    ("K7.4", "chain_counts_face_down", False),
)
EXPERT_ONLY: tuple[str, ...] = ()
