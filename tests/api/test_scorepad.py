"""The score pad through the HTTP API (rules S1-S3): options, joining, both ways of
entering points, corrections, refusals, the score table and a record's round trip."""

from __future__ import annotations

from typing import Any

from .client import Api

NAMES = ["Ada", "Bo", "Cy"]


def _pad(api: Api, players: int = 3, start: dict[str, Any] | None = None,
         **options: Any) -> dict[str, Any]:
    """A started score pad: {sid, host, tokens per seat, state}."""
    created = api.create("scorepad", **options)
    tokens = [api.join(created["code"], n)["player_token"] for n in NAMES[:players]]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json=start or {})
    assert r.status_code == 201, r.text
    return {"sid": created["id"], "host": created["host_token"], "tokens": tokens,
            "state": r.json()["state"]}


def _move(api: Api, pad: dict[str, Any], token: str, **move: Any) -> Any:
    return api.post(f"/sessions/{pad['sid']}/moves", token, json=move)


def test_options_bound_who_joins_and_when_the_game_starts(live):
    """S1.1/S1.2: the table's own player bounds, a title everybody sees."""
    api = Api(live.url)
    created = api.create("scorepad", title="Carcassonne", min_players=2, max_players=2)
    info = api.get(f"/join/{created['code']}").json()
    assert (info["min_players"], info["max_players"], info["seats_left"]) == (2, 2, 2)
    assert len(info["colors"]) == 12
    api.join(created["code"], "Ada")
    early = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert early.status_code == 409 and early.json()["params"]["min"] == 2
    api.join(created["code"], "Bo", color="navy")
    full = api.post(f"/join/{created['code']}", json={"name": "Cy"})
    assert full.status_code == 422 and full.json()["rule"] == "S1.2"
    state = api.get(f"/sessions/{created['id']}").json()
    assert state["title"] == "Carcassonne" and state["turn"] is None
    assert [p["color"] for p in state["players"]] == ["red", "navy"]
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201 and r.json()["state"]["title"] == "Carcassonne"


def test_a_per_turn_game_to_the_end_where_the_lowest_total_wins(live):
    """S2.1-S2.2, S3.1-S3.2: each player scores on their turn; two rounds end it;
    with low_wins the lowest totals share first place."""
    api = Api(live.url)
    pad = _pad(api, rounds=2, low_wins=True, start={"seating": [2, 0, 1], "first_player": 2})
    assert pad["state"]["turn"]["seat"] == 2
    out_of_turn = _move(api, pad, pad["tokens"][0], type="score", points={"total": 1})
    assert out_of_turn.status_code == 409 and out_of_turn.json()["rule"] == "S2.1"
    points = {0: [3, 2], 1: [4, 1], 2: [6, 3]}  # Ada 5, Bo 5, Cy 9
    for number in (0, 1):
        for seat in (2, 0, 1):
            r = _move(api, pad, pad["tokens"][seat], type="score",
                      points={"total": points[seat][number]})
            assert r.status_code == 201, r.text
            scored = r.json()["events"][0]
            assert scored["type"] == "scored" and scored["seat"] == seat
            assert scored["round"] == number + 1
    state = api.get(f"/sessions/{pad['sid']}").json()
    assert state["status"] == "finished"
    assert state["result"]["winners"] == [0, 1] and state["result"]["winner"] is None
    score = api.get(f"/sessions/{pad['sid']}/score").json()
    assert score["final"] is True
    table = [(row["name"], row["total"], row["rank"]) for row in score["players"]]
    assert table == [("Ada", 5, 1), ("Bo", 5, 1), ("Cy", 9, 3)]
    assert score["players"][2]["breakdown"]["rounds"] == [6, 3]
    late = _move(api, pad, pad["tokens"][2], type="score", points={"total": 1})
    assert late.status_code == 409 and late.json()["rule"] == "S3.1"


def test_per_round_entries_by_another_seat_and_the_host_with_a_correction(live):
    """S2.1: any seated player (and the host) enters anyone's points for a round;
    S2.3: a new entry for the same seat and round replaces the earlier one."""
    api = Api(live.url)
    pad = _pad(api, scoring="per_round", categories=["Cards", "Road"])
    ada, bo, cy = pad["tokens"]
    r = _move(api, pad, ada, type="score", seat=1, round=1, points={"Cards": 3, "Road": 2})
    assert r.status_code == 201, r.text
    assert r.json()["events"][0] == {
        "type": "scored", "seat": 1, "by": 0, "round": 1,
        "points": {"Cards": 3, "Road": 2}, "total": 5}
    r = _move(api, pad, pad["host"], type="score", seat=2, round=1, points={"Road": 4})
    assert r.status_code == 201, r.text
    assert r.json()["events"][0]["seat"] == 2
    r = _move(api, pad, cy, type="score", seat=1, round=1, points={"Cards": 1})
    assert r.status_code == 201, r.text
    corrected = r.json()["events"][0]
    assert corrected["type"] == "score_corrected" and (corrected["was"], corrected["total"]) \
        == (5, 1)
    players = {p["seat"]: p for p in r.json()["state"]["players"]}
    assert players[1]["total"] == 1 and players[1]["categories"] == {"Cards": 1, "Road": 0}
    assert players[2]["categories"] == {"Cards": 0, "Road": 4}
    entries = api.get(f"/sessions/{pad['sid']}/moves").json()["entries"]
    moves = [e for e in entries if e["kind"] == "move"]
    assert [m["by"] for m in moves] == ["player", "host", "player"]
    assert [m["move"]["seat"] for m in moves] == [1, 2, 1]  # whose points, as entered
    ahead = _move(api, pad, bo, type="score", seat=0, round=2, points={"Cards": 1})
    assert ahead.status_code == 422 and ahead.json()["rule"] == "S2.1"
    ranks = {row["seat"]: row["rank"] for row in
             api.get(f"/sessions/{pad['sid']}/score").json()["players"]}
    assert ranks == {2: 1, 1: 2, 0: 3}  # 4, 1, nothing yet (0)


def test_refused_entries_name_the_rule_and_the_field(live):
    """S2.1: unknown categories, points out of range and fields no score pad move has
    are refused with 422; nothing is stored."""
    api = Api(live.url)
    pad = _pad(api, scoring="per_round", categories=["Cards"])
    ada = pad["tokens"][0]
    unknown = _move(api, pad, ada, type="score", seat=0, points={"Roads": 2})
    assert unknown.status_code == 422
    assert (unknown.json()["rule"], unknown.json()["key"]) == \
        ("S2.1", "scorepad.score.unknown_category")
    assert "Cards" in unknown.json()["detail"]
    big = _move(api, pad, ada, type="score", seat=0, points={"Cards": 10_001})
    # the pad's declared shape bounds the points before the engine runs, with S2.1
    assert big.status_code == 422 and "points.Cards" in big.json()["errors"]
    assert big.json()["rule"] == "S2.1" and big.json()["detail"].startswith("Cards: ")
    extra = _move(api, pad, ada, type="score", seat=0, points={"Cards": 1}, bonus=2)
    assert extra.status_code == 422 and "bonus" in extra.json()["errors"]
    wrong_type = _move(api, pad, ada, type="score", seat=0, points={"Cards": "7"})
    assert wrong_type.status_code == 422
    host = _move(api, pad, pad["host"], type="score", points={"Cards": 1})
    assert host.status_code == 422 and "seat" in host.json()["errors"]
    italian = api.post(f"/sessions/{pad['sid']}/moves", ada,
                       json={"type": "score", "seat": 0, "points": {"Roads": 2}},
                       headers={"Accept-Language": "it"})
    assert "Cards" in italian.json()["detail"] and "Roads" in italian.json()["detail"]
    assert italian.json()["detail"] != unknown.json()["detail"]
    state = api.get(f"/sessions/{pad['sid']}").json()
    assert state["moves"] == 0 and all(p["total"] == 0 for p in state["players"])


def test_an_exported_pad_imports_to_the_same_table(live):
    """The record replays every entry, corrections and host entries included."""
    api = Api(live.url)
    pad = _pad(api, scoring="per_round", categories=["Cards"], title="Skat", low_wins=True)
    ada, bo, _ = pad["tokens"]
    for token, seat, points in [(ada, 0, 7), (bo, 1, 2), (pad["host"], 2, 2), (bo, 0, 1)]:
        # round 1 named: after its third entry round 2 is in play (S2.2)
        r = _move(api, pad, token, type="score", seat=seat, round=1, points={"Cards": points})
        assert r.status_code == 201, r.text
    r = api.post(f"/sessions/{pad['sid']}/finish", pad["host"], json={})
    assert r.status_code == 201, r.text
    record = api.get(f"/sessions/{pad['sid']}/export", pad["host"]).json()
    assert record["game"] == "scorepad" and len(record["players"]) == 3
    imported = api.post("/sessions/import", json=record)
    assert imported.status_code == 201, imported.text
    again = api.get(f"/sessions/{imported.json()['id']}").json()
    before = api.get(f"/sessions/{pad['sid']}").json()
    assert again["status"] == "finished" and again["title"] == "Skat"
    def table(state: dict[str, Any]) -> list[dict[str, Any]]:
        # an imported table has no phones yet: compare everything else
        return [{k: v for k, v in p.items() if k != "phone"} for p in state["players"]]

    assert table(again) == table(before) and again["result"] == before["result"]
    assert [p["entries"] for p in again["players"]] == [
        {"1": {"Cards": 1}}, {"1": {"Cards": 2}}, {"1": {"Cards": 2}}]
    # Ada's 7 corrected to 1: the lowest total wins alone; Bo and Cy share second place
    assert before["result"]["winner"] == 0
    ranks = [(row["seat"], row["rank"]) for row in
             api.get(f"/sessions/{imported.json()['id']}/score").json()["players"]]
    assert ranks == [(0, 1), (1, 2), (2, 2)]


def test_per_round_rounds_close_by_points_and_the_host_ends_the_turn(live):
    """S2.2 (2026-12-01): the host ends the turn for the seat on turn; with ``per_round``
    the turn never closes a round, the last seat's points do; S3.1: the last round's
    points end the game."""
    api = Api(live.url)
    pad = _pad(api, players=2, scoring="per_round", rounds=2)
    ada, bo = pad["tokens"]
    ended = _move(api, pad, pad["host"], type="end_turn", seat=0)
    assert ended.status_code == 201, ended.text
    assert [e["type"] for e in ended.json()["events"]] == ["turn_passed"]
    not_on_turn = _move(api, pad, pad["host"], type="end_turn", seat=0)
    assert not_on_turn.status_code == 409 and not_on_turn.json()["rule"] == "S2.2"
    _move(api, pad, bo, type="end_turn")
    assert api.get(f"/sessions/{pad['sid']}").json()["round"] == 1
    _move(api, pad, ada, type="score", seat=0, points={"total": 5})
    closed = _move(api, pad, ada, type="score", seat=1, points={"total": 3})
    assert [e["type"] for e in closed.json()["events"]] == ["scored", "round_ended"]
    again = _move(api, pad, bo, type="score", seat=0, points={"total": 10})
    assert again.json()["events"][0]["round"] == 2  # not a replacement of round 1's 5
    last = _move(api, pad, bo, type="score", seat=1, points={"total": 1})
    assert [e["type"] for e in last.json()["events"]][-1] == "game_over"
    assert api.get(f"/sessions/{pad['sid']}").json()["status"] == "finished"
