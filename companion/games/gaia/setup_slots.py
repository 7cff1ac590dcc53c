"""One place of Gaia's setup judged on its own (G2): the table's phones enter the
revealed objectives and the face-up cards one at a time before the host starts.

A slot is a dotted place of the start's ``setup``: ``objectives.<i>`` (G2.1),
``display.nature.<i>``, ``display.life.<i>`` (G2.2) and, in the expert game,
``display.power.<i>`` (G10.2). Each value is refused as the start would refuse it,
so a setup whose slots were all accepted starts.
"""

from __future__ import annotations

from typing import Any

from companion.games.errors import BadMove, RuleViolation
from companion.games.gaia import cards
from companion.games.gaia.components import (
    DISPLAY_SIZES,
    MIN_PLAYERS,
    POWER_DISPLAY,
    objectives_count,
)
from companion.games.gaia.document import Options
from companion.games.gaia.state import parse_objective


def _index(raw: str, size: int, slot: str) -> int:
    if not (raw.isascii() and raw.isdigit()) or int(raw) >= size:
        raise BadMove("move", "session.setup.no_slot", slot=slot, field="slot")
    return int(raw)


def setup_slot(options: Options, players: int, slot: str, value: Any) -> Any:
    """``value`` as the start reads it at ``slot``; a place this table's setup does not
    have, or a value G2 refuses there, is refused naming the slot."""
    expert = options["variant"] == "expert"
    group, _, rest = slot.partition(".")
    if group == "objectives":
        # a table still seating its players may reveal as many as its most likely count
        i = _index(rest, objectives_count(max(players, MIN_PLAYERS)), slot)
        try:
            parse_objective(i, value, expert)
        except RuleViolation as err:
            raise RuleViolation(err.rule, err.key, **err.params, field=slot) from None
        return value
    sizes = {**DISPLAY_SIZES, "power": POWER_DISPLAY} if expert else dict(DISPLAY_SIZES)
    pile, _, place = rest.partition(".")
    if group != "display" or pile not in sizes:
        raise BadMove("move", "session.setup.no_slot", slot=slot, field="slot")
    _index(place, sizes[pile], slot)
    return cards.parse_card(pile, value, slot)
