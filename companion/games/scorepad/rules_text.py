"""The score pad's rules as the companion enforces them, by rule id: the ids in the order
the rules page shows them. Each rule's text ("Title: text", written for the companion,
citing the rules by id) is the catalogue's ``scorepad.rule.<id>``."""

from __future__ import annotations

from companion.games.base import RuleCase

RULES: tuple[str, ...] = (
    "S1.1", "S1.2", "S2.1", "S2.2", "S2.3", "S3.1", "S3.2",
)

#: The rules that read otherwise under an option: (rule id, option, value), whose text
#: is ``scorepad.rule.<id>.<option>.<value>``. A rule not listed here reads the same under
#: every option.
BY_OPTION: tuple[RuleCase, ...] = (
    ("S2.1", "scoring", "per_turn"),
    ("S2.1", "scoring", "per_round"),
    ("S3.2", "low_wins", True),
)
EXPERT_ONLY: tuple[str, ...] = ()
