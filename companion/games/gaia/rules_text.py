"""Gaia's rules as the companion enforces them, by rule id: the ids in the order
the rules page shows them. Each rule's text ("Title: text", written for the companion,
citing the rules by id) is the catalogue's ``gaia.rule.<id>``."""

from __future__ import annotations

from companion.games.base import RuleCase

RULES: tuple[str, ...] = (
    "G1", "G1.1", "G1.2", "G1.3", "G2.1", "G2.2", "G2.3", "G2.4", "G3.1", "G3.2",
    "G3.3", "G3.4", "G3.5", "G4.1", "G4.2", "G4.3", "G5.1", "G5.2", "G6.1", "G6.2",
    "G6.3", "G6.4", "G6.5", "G6.6", "G6.7", "G7.1", "G7.2", "G7.3", "G7.4", "G8.1",
    "G9.1", "G9.2", "G9.3", "G9.4", "G10.1", "G10.2", "G10.3", "G10.4", "G11",
)

#: The rules that read otherwise under an option: (rule id, option, value), whose text
#: is ``gaia.rule.<id>.<option>.<value>``. A rule not listed here reads the same under
#: every option.
BY_OPTION: tuple[RuleCase, ...] = (
    ("G3.5", "auto_end_turn", False),
    ("G6.4", "duplicate_needs", "distinct_neighbours"),
    ("G7.1", "feeding", "builder"),
    ("G7.1", "feeding", "holder"),
    ("G7.1", "feeding", "all"),
    ("G9.2", "end_on", "pile_and_display_empty"),
    ("G9.2", "end_on", "deck_empty"),
    ("G10.4", "catastrophes", False),
)

#: rules that exist only in the expert game (G10)
EXPERT_ONLY: tuple[str, ...] = ("G10",)
