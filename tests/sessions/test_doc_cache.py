"""The per-worker document cache: a change starts from the document this
worker last knew, without a read, and the commit's revision check decides. Two
Sessions on one real Redis stand for two workers: one of them writes while the
other's guess is out of date (no Hub carries the message between them here)."""

from __future__ import annotations

import pytest

from companion.games.errors import NotYourTurn
from companion.sessions import Sessions
from companion.store import Store, connect

from .test_service import started


def _hmgets(store: Store) -> int:
    stats = store.redis.info("commandstats")
    return int(stats.get("cmdstat_hmget", {}).get("calls", 0))


@pytest.fixture
def other(clean_redis: str) -> Sessions:
    """A second worker on the same Redis, with a cache of its own."""
    return Sessions(Store(connect(clean_redis), 3600, 3600), {"COMMIT_RETRIES": 3}, b"test-secret")


def test_a_hot_session_changes_without_reading_it(sessions, store):
    sid, _host, tokens = started(sessions)
    before = _hmgets(store)
    sessions.move(sid, tokens[0], {"type": "end_turn"}, None)
    sessions.move(sid, tokens[1], {"type": "end_turn"}, None)
    assert _hmgets(store) == before  # the cached documents were right: no read at all
    assert sessions.load(sid).doc["moves"] == 2


def test_a_guess_out_of_date_is_decided_again_on_a_read(sessions, other, counted):
    sid, _host, tokens = started(sessions)
    other.move(sid, tokens[0], {"type": "end_turn"}, None)  # the first worker never saw it
    # on its guess it is still seat 0's turn (refused), stored it is seat 1's (accepted)
    done = sessions.move(sid, tokens[1], {"type": "end_turn"}, None)
    assert done.status == 201 and done.version == version_of(other, sid)
    assert sessions.load(sid).doc["moves"] == 2
    # and a move valid on the old guess, no longer in Redis, is refused once, not stored
    other.move(sid, tokens[0], {"type": "end_turn"}, None)
    with pytest.raises(NotYourTurn):
        sessions.move(sid, tokens[0], {"type": "end_turn"}, None)
    assert other.load(sid).doc["moves"] == 3
    assert [outcome for _g, outcome, _r in counted.moves][-1:] == ["rejected"]


def test_a_refusal_on_a_current_guess_costs_one_read_and_counts_once(sessions, store, counted):
    sid, _host, tokens = started(sessions)
    before, moves = _hmgets(store), len(counted.moves)
    with pytest.raises(NotYourTurn):
        sessions.move(sid, tokens[1], {"type": "end_turn"}, None)
    assert _hmgets(store) - before == 1  # the read that confirms the guess was current
    assert counted.moves[moves:] == [("kazaam", "rejected", "K4.1")]
    assert sessions.load(sid).doc["moves"] == 0


def test_a_stale_guess_never_overwrites_a_newer_document(sessions, other, store):
    sid, _host, tokens = started(sessions)
    other.move(sid, tokens[0], {"type": "end_turn"}, None)
    other.move(sid, tokens[1], {"type": "end_turn"}, None)
    sessions.move(sid, tokens[0], {"type": "end_turn"}, None)  # guess two moves behind
    log = store.log(sid)
    assert [e["seat"] for e in log if e["k"] == "move"] == [0, 1, 0]
    assert sessions.load(sid).doc["moves"] == 3


def version_of(s: Sessions, sid: str) -> int:
    return s.public(sid)[1]
