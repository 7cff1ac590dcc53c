"""A live move's form is its game's one check, made before anything is written; a
replay of the stored log (an undo) goes through the engine alone. Real Redis."""

from __future__ import annotations

import json

import pytest

from companion.games import GAMES
from companion.games.shapes import Misshapen
from companion.sessions import Sessions
from companion.store import Store, keys


def _harvest(sessions: Sessions) -> tuple[str, str, list[str]]:
    created = sessions.create("harvest", {}, None, "")
    code = created.body["code"]
    tokens = [sessions.join(code, {"name": name}, None, "").body["player_token"]
              for name in ("Ada", "Bo")]
    sid, host = created.body["id"], created.body["host_token"]
    sessions.start(sid, host, {"setup": {}}, None)
    return sid, host, tokens


def test_a_misshapen_move_is_refused_before_anything_is_written(sessions, store, counted):
    sid, _host, tokens = _harvest(sessions)
    version, log = sessions.public(sid)[1], store.log(sid)
    # the points' presence is the shapes' now, refused with the rule the engine cited
    missing = ("H2.1", "harvest.enter.range", "points")
    for move, refusal in (({"type": "enter"}, missing),
                          ({"type": "enter", "points": None}, missing),
                          ({"type": "enter", "points": 5, "note": "x"},
                           ("move", "move.unknown_field", "note"))):
        with pytest.raises(Misshapen) as refused:
            sessions.move(sid, tokens[0], move, None)
        err = refused.value
        assert (err.game, (err.rule, err.key, err.params["field"])) == ("harvest", refusal)
    assert sessions.public(sid)[1] == version and store.log(sid) == log  # nothing written
    assert counted.moves == []  # the engine never judged them
    sessions.move(sid, tokens[0], {"type": "enter", "points": 5}, None)
    assert counted.moves == [("harvest", "accepted", "")]


def test_an_undo_replays_the_stored_log_through_the_engine_alone(sessions: Sessions,
                                                                 store: Store):
    """A stored move the shapes would refuse today (written under an older declaration)
    replays as it was stored: it was checked when it was made."""
    sid, host, tokens = _harvest(sessions)
    sessions.move(sid, tokens[0], {"type": "enter", "points": 5}, None)
    after_ada = sessions.load(sid).doc["state"]
    sessions.move(sid, tokens[1], {"type": "enter", "points": 7}, None)
    log = store.log(sid)
    ada = next(i for i, e in enumerate(log) if e["k"] == "move")
    older = {**log[ada], "m": {**log[ada]["m"], "note": "an older declaration's field"}}
    store.redis.lset(keys.log(sid), ada, json.dumps(older))
    state_before = sessions.load(sid).doc["state"]
    with pytest.raises(Misshapen):  # a live move of that form is refused
        GAMES["harvest"].apply(state_before, 0, older["m"])
    sessions.undo(sid, host, {"to_version": older["v"]}, None)
    assert sessions.load(sid).doc["state"] == after_ada
    assert store.log(sid)[ada] == older  # the stored entry stays as it was
