"""A value derived from a state is made once per state object, and made again for any
other object: two equal states that are different objects never share a stale value,
and a state pushed out of the few kept is made again."""

from __future__ import annotations

from typing import Any

from companion.games import derived
from companion.games.derived import per_state


def test_made_once_per_state_object_and_again_for_another() -> None:
    made: list[int] = []

    @per_state
    def count(state: dict[str, Any]) -> int:
        made.append(1)
        return len(state["cards"])

    first = {"cards": [1, 2]}
    assert count(first) == 2 and count(first) == 2
    assert len(made) == 1
    second = {"cards": [1, 2, 3]}  # another object: its own value
    assert count(second) == 3
    assert len(made) == 2


def test_a_state_past_the_kept_ones_is_made_again() -> None:
    made: list[int] = []

    @per_state
    def ident(state: dict[str, Any]) -> int:
        made.append(state["n"])
        return int(state["n"])

    states = [{"n": n} for n in range(derived.KEPT + 1)]
    for state in states:
        assert ident(state) == state["n"]
    assert ident(states[-1]) == derived.KEPT  # still kept: not made again
    assert len(made) == derived.KEPT + 1
    assert ident(states[0]) == 0  # the oldest was let go: made again
    assert made[-1] == 0 and len(made) == derived.KEPT + 2


def test_seat_views_list_the_same_known_cards_as_a_fresh_state() -> None:
    """The views of one state object, seat after seat, equal those of an equal state
    read afresh (the cache changes what is computed, never what is shown)."""
    import orjson

    from companion.games import GAMES
    from companion.games.gaia.playout import Table

    table = Table.deal(3, 4)
    for _ in table.play(120):
        pass
    game = GAMES["gaia"]
    state = table.state
    shared = [game.private_view(state, seat)["known"] for seat in range(4)]
    for seat in range(4):
        fresh = orjson.loads(orjson.dumps(state))  # an equal state, another object
        assert game.private_view(fresh, seat)["known"] == shared[seat]
    assert game.view_for(state, None)["known"] == game.view_for(
        orjson.loads(orjson.dumps(state)), None)["known"]
