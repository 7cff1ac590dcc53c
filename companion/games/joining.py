"""Joining a table, as every game does unless it declares its own: a visible name
nobody at the table has, a colour nobody has, while seats are left."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.base import GameOf

#: the six seat colours of games of at most six players; a game may declare more
COLORS = ("red", "blue", "green", "yellow", "purple", "orange")

NAME_MAX = 24
#: why a name is refused -> the message key that says so
NAME_REFUSALS = {"length": "join.bad_name", "control": "join.name_control",
                 "bidi": "join.name_bidi", "invisible": "join.name_invisible"}


def join_common(roster: list[dict[str, Any]], fields: dict[str, Any], rule: str,
                colors: tuple[str, ...] = COLORS) -> dict[str, Any]:
    """Name and colour, shared by every game: a visible name nobody at the table has
    yet (``games.names``), a colour nobody has yet."""
    from companion.games import names
    from companion.games.errors import RuleViolation

    try:
        name = names.clean(fields.get("name"), NAME_MAX)
    except names.BadName as err:
        raise RuleViolation(rule, NAME_REFUSALS[err.reason], max=NAME_MAX) from None
    twin = next((p["name"] for p in roster
                 if names.same_key(str(p["name"])) == names.same_key(name)), None)
    if twin is not None:
        raise RuleViolation(rule, "join.name_taken", name=twin)
    taken = {p["color"] for p in roster}
    color = fields.get("color")
    if color is None:
        color = next((c for c in colors if c not in taken), None)
    if color not in colors:
        raise RuleViolation(rule, "join.bad_color", colors=list(colors))
    if color in taken:
        raise RuleViolation(rule, "join.color_taken", color=color)
    return {"name": name, "color": color}


def free_colors(roster: list[dict[str, Any]], colors: tuple[str, ...] = COLORS) -> list[str]:
    taken = {p.get("color") for p in roster}
    return [c for c in colors if c not in taken]


def joining_of(game: GameOf[Any, Any]) -> Callable[..., dict[str, Any]]:
    """``GameOf.join_player`` of a game that does not declare its own."""

    def join_player(options: Any, roster: list[dict[str, Any]],
                    fields: dict[str, Any]) -> dict[str, Any]:
        """A visible name and a colour nobody at the table has, while seats are left."""
        from companion.games.errors import RuleViolation

        rule, most = str(game.join_rule), game.player_bounds(options)[1]
        if len(roster) >= most:
            raise RuleViolation(rule, "join.full", max=most)
        return join_common(roster, fields, rule, game.colors)

    return join_player


def join_info_of(game: GameOf[Any, Any]) -> Callable[..., dict[str, Any]]:
    """``GameOf.join_info`` of a game that does not declare its own."""

    def join_info(options: Any, roster: list[dict[str, Any]]) -> dict[str, Any]:
        """The colours nobody has yet and the seats left."""
        most = game.player_bounds(options)[1]
        return {"colors": free_colors(roster, game.colors),
                "seats_left": max(0, most - len(roster))}

    return join_info
