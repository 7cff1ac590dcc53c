"""Results to take home: the CSV file and the BG Stats play carry exactly
what ``GET /score`` says, for a finished game and for one still running."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import unquote

from tests.api.client import Api


def finished_table(api: Api, names: list[str]) -> dict:
    created = api.create("kazaam")
    for name, proto, ingredient in zip(names, ["wood", "fire", "bone"],
                                       ["mercury", "sulphur", "mandrake"], strict=False):
        api.join(created["code"], name, prototype=proto, ingredient=ingredient)
    sid, host = created["id"], created["host_token"]
    assert api.post(f"/sessions/{sid}/start", host, json={"setup": {}}).status_code == 201
    assert api.post(f"/sessions/{sid}/finish", host).status_code == 201
    return {"sid": sid, "host": host}


def test_csv_is_the_score_table(live):
    api = Api(live.url)
    t = finished_table(api, ["Ada", "=SUM(A1)", "Bo"])
    score = api.get(f"/sessions/{t['sid']}/score").json()
    r = api.get(f"/sessions/{t['sid']}/score.csv")
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/csv")
    assert "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.text)))
    by_seat = {p["seat"]: p for p in score["players"]}
    assert [int(row["seat"]) for row in rows] == [
        p["seat"] for p in sorted(score["players"], key=lambda p: (p["rank"], p["seat"]))]
    for row in rows:
        want = by_seat[int(row["seat"])]
        assert int(row["rank"]) == want["rank"] and int(row["total"]) == want["total"]
        for key, value in want["breakdown"].items():
            assert int(row[key]) == value
    # a name a spreadsheet would run as a formula stays text
    assert "'=SUM(A1)" in [row["name"] for row in rows]


def test_bgstats_play_is_the_score_table(live):
    api = Api(live.url)
    t = finished_table(api, ["Ada", "Bo"])
    score = api.get(f"/sessions/{t['sid']}/score").json()
    body = api.get(f"/sessions/{t['sid']}/score/bgstats").json()
    assert body["final"] is True
    play = body["play"]
    assert play["game"] == {"name": "Kazaam", "sourceGameId": "kazaam", "highestWins": True,
                            "noPoints": False}
    assert [(p["name"], p["rank"], p["score"], p["winner"]) for p in play["players"]] == [
        (p["name"], p["rank"], p["total"], p["rank"] == 1)
        for p in sorted(score["players"], key=lambda p: (p["rank"], p["seat"]))]
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert body["url"].startswith(prefix)
    assert json.loads(unquote(body["url"][len(prefix):])) == play


def test_a_running_game_and_a_missing_table(live):
    api = Api(live.url)
    t = api.table(2)
    body = api.get(f"/sessions/{t['sid']}/score/bgstats").json()
    assert body["final"] is False and len(body["play"]["players"]) == 2
    for path in ("score.csv", "score/bgstats"):
        r = api.get(f"/sessions/{'0' * 32}/{path}")
        assert r.status_code == 404
        assert r.headers["Content-Type"] == "application/problem+json"
