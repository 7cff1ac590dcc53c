"""The sessions facade's own functions, without HTTP: idempotent replays and
their refusals, joins, the host acting for a seat, undo and rewind. Real Redis; each
refusal leaves the session as it was."""

from __future__ import annotations

import uuid

import pytest

from companion import errors
from companion.sessions import Sessions, rules

from .test_service import FIELDS, lobby, started, version


def key() -> str:
    return uuid.uuid4().hex  # long and random, as anonymous endpoints need


def _untouched(sessions: Sessions, sid: str):
    """A check that the public state is the same as now."""
    before = sessions.public(sid)
    return lambda: sessions.public(sid) == before


# -- idempotent replays -------------------------------------------------------------------
def test_a_join_sent_again_gets_the_first_answer_and_a_changed_body_is_refused(sessions):
    sid, _host, _tokens = lobby(sessions, 0)
    code = sessions.load(sid).doc["code"]
    k = key()
    first = sessions.join(code, FIELDS[0], k, "body-ada")
    again = sessions.join(code, FIELDS[0], k, "body-ada")
    assert again.replayed and not first.replayed
    assert again.body["player_token"] == first.body["player_token"]
    assert again.body["seat"] == first.body["seat"] == 0
    same = _untouched(sessions, sid)
    with pytest.raises(errors.IdempotencyMismatch) as refused:
        sessions.join(code, FIELDS[1], k, "body-bo")
    assert refused.value.key == "session.idempotency_reused"
    assert same() and len(sessions.load(sid).doc["players"]) == 1


def test_a_create_sent_again_with_another_body_is_refused(sessions):
    k = key()
    first = sessions.create("kazaam", {}, k, "body-1")
    again = sessions.create("kazaam", {}, k, "body-1")
    assert again.replayed and again.body["id"] == first.body["id"]
    assert again.body["host_token"] == first.body["host_token"]
    with pytest.raises(errors.IdempotencyMismatch):
        sessions.create("gaia", {}, k, "body-2")


def test_an_import_sent_again_with_another_body_is_refused(sessions):
    sid, _host, _tokens = started(sessions)
    record = sessions.export(sid)
    k = key()
    first = sessions.import_(record, k, "record-1")
    assert sessions.import_(record, k, "record-1").body["id"] == first.body["id"]
    with pytest.raises(errors.IdempotencyMismatch):
        sessions.import_(record, k, "record-2")


def test_a_move_sent_again_is_replayed_once_and_another_body_under_its_key_refused(sessions):
    sid, _host, tokens = started(sessions)
    seat = sessions.load(sid).doc["state"]["turn"]["seat"]
    idem = sessions.idem_for(sid, tokens[seat], "move", "draw-1", "h-draw")
    first = sessions.move(sid, tokens[seat], {"type": "draw"}, idem)
    again = sessions.move(sid, tokens[seat], {"type": "draw"}, idem)
    assert again.replayed and again.body["seq"] == first.body["seq"] == 1
    assert version(sessions, sid) == first.version
    other = sessions.idem_for(sid, tokens[seat], "move", "draw-1", "h-end")
    with pytest.raises(errors.IdempotencyMismatch):
        sessions.move(sid, tokens[seat], {"type": "end_turn"}, other)
    assert sessions.load(sid).doc["moves"] == 1


# -- the host acting for a seat -----------------------------------------------------------
def test_the_host_moves_for_any_seat_there_is_and_no_other(sessions):
    sid, host, _tokens = started(sessions)
    doc = sessions.load(sid).doc
    seat = doc["state"]["turn"]["seat"]
    players = len(doc["players"])
    same = _untouched(sessions, sid)
    for wanted in (players, -1, None, "0", True):
        with pytest.raises(errors.Invalid) as refused:
            sessions.move(sid, host, {"type": "draw", "seat": wanted}, None)
        # anything that is no seat: the one seat check's refusal; none at all: the
        # host's move must name one
        assert refused.value.key == ("session.host_move_seat" if wanted is None
                                     else "session.seat.missing"), wanted
        assert same()
    made = sessions.move(sid, host, {"type": "draw", "seat": seat}, None)
    entry = sessions.history(sid)[0][-1]
    assert made.version == version(sessions, sid)
    assert (entry["kind"], entry["seat"], entry["by"]) == ("move", seat, "host")


# -- undo and rewind ----------------------------------------------------------------------
def test_a_player_may_not_undo_a_move_the_host_made_for_their_seat(sessions):
    """README: a player undoes their own move while it is the last; one the host made
    for their seat is the host's to undo (SESSION.undo)."""
    sid, host, tokens = started(sessions)
    seat = sessions.load(sid).doc["state"]["turn"]["seat"]
    sessions.move(sid, host, {"type": "draw", "seat": seat}, None)
    same = _untouched(sessions, sid)
    with pytest.raises(errors.Forbidden) as refused:
        sessions.undo(sid, tokens[seat], {}, None)
    assert (refused.value.rule, refused.value.key) == (rules.UNDO, "session.undo_own_last")
    assert same()
    sessions.undo(sid, host, {}, None)
    assert sessions.load(sid).doc["moves"] == 0


def test_a_player_undoes_their_own_last_move_and_nobody_elses(sessions):
    sid, _host, tokens = started(sessions)
    seat = sessions.load(sid).doc["state"]["turn"]["seat"]
    sessions.move(sid, tokens[seat], {"type": "draw"}, None)
    with pytest.raises(errors.Forbidden):
        sessions.undo(sid, tokens[1 - seat], {}, None)
    with pytest.raises(errors.Forbidden) as refused:
        sessions.undo(sid, tokens[seat], {"to_version": 1}, None)
    assert refused.value.key == "session.rewind_host_only"
    undone = sessions.undo(sid, tokens[seat], {}, None)
    assert undone.body["events"][0]["type"] == "undone"
    assert sessions.load(sid).doc["moves"] == 0
    with pytest.raises(errors.Conflict):
        sessions.undo(sid, tokens[seat], {}, None)  # nothing left to undo


def test_the_host_rewinds_into_the_past_never_to_now_nor_before_the_start(sessions):
    sid, host, tokens = started(sessions)
    start = version(sessions, sid)
    seat = sessions.load(sid).doc["state"]["turn"]["seat"]
    sessions.move(sid, tokens[seat], {"type": "draw"}, None)
    sessions.move(sid, tokens[seat], {"type": "draw"}, None)
    now = version(sessions, sid)
    same = _untouched(sessions, sid)
    for target in (now, now + 1, start - 1, "1"):
        with pytest.raises(errors.Invalid) as refused:
            sessions.undo(sid, host, {"to_version": target}, None)
        assert refused.value.key == "session.rewind_range", target
        assert refused.value.params == {"start": start, "end": now - 1}
        assert same()
    sessions.undo(sid, host, {"to_version": now - 1}, None)
    assert sessions.load(sid).doc["moves"] == 1
    sessions.undo(sid, host, {"to_version": start}, None)
    assert sessions.load(sid).doc["moves"] == 0
