"""The sessions layer speaks the domain: versions in, refusals with message keys, rule
ids and waits out; time and counting are injected. Real Redis, no HTTP."""

from __future__ import annotations

import pytest

from companion import errors
from companion.games.errors import NotYourTurn
from companion.sessions import Sessions, core, rules
from companion.store import Loaded, StoreFull

from .conftest import gone_store

FIELDS = [{"name": "Ada", "prototype": "fire", "ingredient": "mercury"},
          {"name": "Bo", "prototype": "bone", "ingredient": "sulphur"}]


def lobby(sessions: Sessions, players: int = 2) -> tuple[str, str, list[str]]:
    """A Kazaam table in the lobby: (session id, host token, player tokens)."""
    created = sessions.create("kazaam", {}, None, "")
    code = created.body["code"]
    tokens = [sessions.join(code, FIELDS[i], None, "").body["player_token"]
              for i in range(players)]
    return created.body["id"], created.body["host_token"], tokens


def started(sessions: Sessions) -> tuple[str, str, list[str]]:
    sid, host, tokens = lobby(sessions)
    sessions.start(sid, host, {"setup": {}}, None)
    return sid, host, tokens


def version(sessions: Sessions, sid: str) -> int:
    return sessions.public(sid)[1]


def test_the_clock_is_injected(sessions, clock):
    clock.t = 1_234_567_890.7
    sid, _host, _tokens = lobby(sessions, 0)
    assert sessions.load(sid).doc["created"] == 1_234_567_890


def test_starting_with_too_few_players_names_the_session_rule(sessions):
    sid, host, _tokens = lobby(sessions, 1)
    with pytest.raises(errors.NotActive) as refused:
        sessions.start(sid, host, {"setup": {}}, None)
    err = refused.value
    assert (err.rule, err.key, err.params) == (rules.PLAYERS, "session.too_few_players",
                                               {"min": 2})
    assert err.detail == "At least 2 players must join before the game starts."
    assert sessions.public(sid)[0]["status"] == "lobby" and version(sessions, sid) == 1


def test_joining_or_adding_a_seat_after_the_start_is_the_lobby_rule(sessions):
    sid, host, _tokens = started(sessions)
    before = version(sessions, sid)
    code = sessions.load(sid).doc["code"]
    with pytest.raises(errors.NotActive) as joined:
        sessions.join(code, {"name": "Cy", "prototype": "wood", "ingredient": "mandrake"},
                      None, "")
    with pytest.raises(errors.NotActive) as added:
        sessions.add_seat(sid, host, {"name": "Cy", "prototype": "wood",
                                      "ingredient": "mandrake"}, None)
    assert joined.value.rule == added.value.rule == rules.LOBBY
    assert version(sessions, sid) == before


def test_moves_before_the_start_and_finishing_twice(sessions):
    sid, host, tokens = lobby(sessions)
    with pytest.raises(errors.NotActive) as early:
        sessions.move(sid, tokens[0], {"type": "draw"}, None)
    assert early.value.rule == rules.STARTED
    sessions.start(sid, host, {"setup": {}}, None)
    sessions.finish(sid, host, None)
    with pytest.raises(errors.NotActive) as again:
        sessions.finish(sid, host, None)
    assert (again.value.rule, again.value.key) == (rules.OVER, "session.not_playing")


def test_expected_version_one_of_several_or_stale(sessions):
    sid, _host, tokens = started(sessions)
    now = version(sessions, sid)
    with pytest.raises(errors.StaleVersion) as stale:
        sessions.move(sid, tokens[0], {"type": "draw"}, None, expected_version=now - 1)
    assert stale.value.extra == {"current_version": now}
    assert version(sessions, sid) == now  # nothing applied
    done = sessions.move(sid, tokens[0], {"type": "draw"}, None,
                         expected_version=frozenset({now + 7, now}))
    assert done.version == now + 1 and done.body["seq"] == 1
    with pytest.raises(errors.StaleVersion):
        sessions.move(sid, tokens[0], {"type": "draw"}, None, expected_version=frozenset())


def test_moves_are_counted_through_the_callback(sessions, counted):
    sid, _host, tokens = started(sessions)
    sessions.move(sid, tokens[0], {"type": "draw"}, None)
    with pytest.raises(NotYourTurn) as refused:
        sessions.move(sid, tokens[1], {"type": "draw"}, None)
    assert counted.moves == [("kazaam", "accepted", ""),
                             ("kazaam", "rejected", refused.value.rule)]


def test_a_player_acts_for_their_own_seat_only(sessions):
    sid, _host, tokens = started(sessions)
    with pytest.raises(errors.Forbidden) as refused:
        sessions.move(sid, tokens[1], {"type": "draw", "seat": 0}, None)
    assert (refused.value.rule, refused.value.key) == (rules.SEAT, "session.own_seat_only")
    with pytest.raises(errors.Forbidden) as host_only:
        sessions.finish(sid, tokens[0], None)
    assert host_only.value.rule == rules.HOST


def test_a_writer_that_always_loses_the_race_is_told_to_wait(sessions, counted):
    sid, _host, tokens = started(sessions)
    before = version(sessions, sid)

    def decide(loaded: Loaded) -> core.Private:
        # somebody else commits between this load and its commit, every time
        sessions.move(sid, tokens[0], {"type": "draw"}, None)
        return core.Private(loaded.doc)

    with pytest.raises(errors.Busy) as busy:
        core.change_private(sessions.ctx, sid, decide)
    assert busy.value.retry_after == 1 and busy.value.key == "session.busy"
    assert counted.retries == 3  # COMMIT_RETRIES
    assert version(sessions, sid) == before + 3  # the winners' moves, and nothing else


def test_a_store_that_is_down_is_one_refusal_with_a_wait(tmp_path, clock):
    down = Sessions(gone_store(tmp_path), {}, b"s", now=clock)
    for call in (lambda: down.public("0" * 32), lambda: down.create("gaia", {}, None, ""),
                 lambda: down.join("ABCDEF", {"name": "A"}, None, ""), down.ping):
        with pytest.raises(errors.StoreDown) as refused:
            call()
        assert refused.value.retry_after == 2 and refused.value.key == "session.store_down"


def test_a_full_store_is_translated_in_the_same_place():
    refusal = core.translate(StoreFull("OOM command not allowed"))
    assert isinstance(refusal, errors.StoreFull) and refusal.retry_after == 60
    assert core.translate(ValueError("not the store")) is None


def test_unknown_session_and_code(sessions):
    with pytest.raises(errors.NotFound) as no_session:
        sessions.public("f" * 32)
    with pytest.raises(errors.NotFound) as no_code:
        sessions.join_info("zz-zz")
    assert no_session.value.key == "session.no_session"
    assert (no_code.value.key, no_code.value.params) == ("session.code_unknown",
                                                          {"code": "ZZZZ"})


def test_a_game_whose_moves_name_a_seat_gets_the_seat_and_decides(sessions, monkeypatch):
    # contract: with Game.seat_in_move (the score pad) a player's move naming another seat
    # is not refused by the middle; the seat travels to the engine, which decides
    from dataclasses import replace

    from companion.games import GAMES

    kazaam = GAMES["kazaam"]
    seen: list[tuple[int, dict]] = []

    def apply(state, seat, move):  # type: ignore[no-untyped-def]
        seen.append((seat, dict(move)))
        return kazaam.apply(state, seat, {k: v for k, v in move.items() if k != "seat"})

    monkeypatch.setitem(GAMES, "kazaam", replace(kazaam, apply=apply, shapes=None,
                                                 seat_in_move=True))
    sid, host, tokens = started(sessions)
    done = sessions.move(sid, tokens[0], {"type": "draw", "seat": 1}, None)
    assert seen == [(0, {"type": "draw", "seat": 1})] and done.body["seq"] == 1
    sessions.move(sid, host, {"type": "draw", "seat": 0}, None)
    assert seen[-1] == (0, {"type": "draw", "seat": 0})  # the host's seat stays in the move
