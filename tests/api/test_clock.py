"""The turn clock over real HTTP, with the server's time injected
(config ``NOW``) and moved on by the test: never a sleep."""

from __future__ import annotations

import pytest

from tests.api.client import DISPLAY, OBJECTIVES, Api
from tests.conftest import LiveServer, make_app

T0 = 1_800_000_000.0


class FakeNow:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def now() -> FakeNow:
    return FakeNow()


@pytest.fixture
def api(clean_redis, tmp_path, now):
    server = LiveServer(make_app(clean_redis, tmp_path, NOW=now))
    yield Api(server.url)
    server.stop()


def clocked_table(api: Api, clock, players: int = 2) -> dict:
    """A started two-player Gaia table with a clock (Api.table builds the same without)."""
    r = api.post("/sessions", json={"game": "gaia", "options": {}, "clock": clock})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["state"]["clock"]["seat"] is None  # nothing runs in the lobby
    tokens = [api.join(created["code"], n)["player_token"] for n in ["Ada", "Bo", "Cy"][:players]]
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[players],
             "display": DISPLAY}
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"],
                 json={"setup": setup})
    assert r.status_code == 201, r.text
    return {"sid": created["id"], "host": created["host_token"], "tokens": tokens}


def end_turn(api: Api, table: dict, seat: int) -> dict:
    r = api.post(f"/sessions/{table['sid']}/moves", table["tokens"][seat],
                 json={"type": "end_turn"})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def state(api: Api, table: dict) -> dict:
    return api.get(f"/sessions/{table['sid']}").json()  # type: ignore[no-any-return]


def test_per_turn_shows_the_running_turn_and_reports_an_overrun(api, now):
    table = clocked_table(api, {"per_turn": 30})
    clock = state(api, table)["clock"]
    assert clock["mode"] == "per_turn" and clock["limit"] == 30 and clock["seat"] == 0
    assert clock["turn_started_at"] == T0 and clock["now"] == T0
    now.advance(12)
    clock = state(api, table)["clock"]
    assert clock["remaining"] == 18 and clock["used"] == {"0": 12, "1": 0}
    assert clock["now"] == T0 + 12  # the server's time: a phone corrects its skew with it
    moved = end_turn(api, table, 0)
    assert not any(e["type"] == "clock_ran_out" for e in moved["events"])
    assert moved["state"]["clock"]["seat"] == 1
    assert moved["state"]["clock"]["turn_started_at"] == T0 + 12
    now.advance(45)  # Bo thinks too long: an event with the move, never a move by itself
    assert state(api, table)["clock"]["remaining"] == -15
    assert state(api, table)["turn"]["seat"] == 1
    moved = end_turn(api, table, 1)
    assert {"type": "clock_ran_out", "seat": 1, "over_by": 15} in moved["events"]
    log = api.get(f"/sessions/{table['sid']}/moves").json()["entries"]
    assert {"type": "clock_ran_out", "seat": 1, "over_by": 15} in log[-1]["events"]
    score = api.get(f"/sessions/{table['sid']}/score").json()
    assert {p["seat"]: p["time_used"] for p in score["players"]} == {0: 12, 1: 45}


def test_per_player_counts_down_each_players_minutes(api, now):
    table = clocked_table(api, {"per_player": 1})
    now.advance(50)
    end_turn(api, table, 0)
    now.advance(5)
    end_turn(api, table, 1)
    now.advance(20)  # Ada passes her minute while her turn runs
    clock = state(api, table)["clock"]
    assert clock["mode"] == "per_player" and clock["limit"] == 60
    assert clock["remaining"] == {"0": -10, "1": 55}
    moved = end_turn(api, table, 0)
    assert {"type": "clock_ran_out", "seat": 0, "over_by": 10} in moved["events"]
    now.advance(3)
    score = api.get(f"/sessions/{table['sid']}/score").json()
    assert {p["seat"]: p["time_used"] for p in score["players"]} == {0: 70, 1: 8}


def test_undo_follows_the_log_that_remains(api, now):
    table = clocked_table(api, {"per_turn": 60})
    now.advance(10)
    end_turn(api, table, 0)
    now.advance(30)  # Bo's turn runs; then Ada takes her end of turn back
    r = api.post(f"/sessions/{table['sid']}/undo", table["host"], json={})
    assert r.status_code == 201, r.text
    clock = r.json()["state"]["clock"]
    assert clock["seat"] == 0 and clock["turn_started_at"] == T0
    assert clock["used"] == {"0": 40, "1": 0}  # no time back; Bo's undone turn is nobody's
    assert clock["remaining"] == 20


def test_a_session_without_a_clock_has_none(api, now):
    created = api.create("gaia")
    assert created["state"]["clock"] is None
    table = Api.table(api, 2)
    now.advance(100)
    assert state(api, table)["clock"] is None
    score = api.get(f"/sessions/{table['sid']}/score").json()
    assert all("time_used" not in p for p in score["players"])


@pytest.mark.parametrize("lang, clock, words", [
    ("en", {"per_turn": 5}, "10 to 3600 seconds"),
    ("it", {"per_player": 500}, "da 1 a 180 minuti"),
    ("de", {"hourglass": 1}, "Sekunden pro Zug oder Minuten pro Person"),
    ("en", "fast", "seconds per turn or minutes per player")])
def test_a_bad_clock_is_refused_in_the_players_language(api, lang, clock, words):
    r = api.post("/sessions", json={"game": "kazaam", "clock": clock},
                 headers={"Accept-Language": lang})
    assert r.status_code == 422, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert words in r.json()["detail"]


def test_rematch_export_and_import_keep_the_clock(api, now):
    table = clocked_table(api, {"per_player": 3})
    now.advance(7)
    end_turn(api, table, 0)
    now.advance(11)
    end_turn(api, table, 1)
    now.advance(2)
    record = api.get(f"/sessions/{table['sid']}/export").json()
    assert record["clock"] == {"per_player": 3} and record["started_at"] == T0
    assert [m["t"] for m in record["moves"]] == [T0 + 7, T0 + 18]
    assert record["time_used"] == {"0": 9, "1": 11}
    now.advance(1000)  # imported later: the recorded times stay, the turn restarts now
    r = api.post("/sessions/import", json=record)
    assert r.status_code == 201, r.text
    clock = r.json()["state"]["clock"]
    assert clock["used"] == {"0": 7, "1": 11} and clock["turn_started_at"] == T0 + 1020
    late = {**record, "moves": [{**record["moves"][0], "t": T0 + 99_999}]}
    assert api.post("/sessions/import", json=late).status_code == 422
    r = api.post(f"/sessions/{table['sid']}/finish", table["host"], json={})
    assert r.status_code == 201, r.text
    r = api.post(f"/sessions/{table['sid']}/rematch", table["host"], json={})
    assert r.status_code == 201, r.text
    assert r.json()["state"]["clock"]["limit"] == 180
