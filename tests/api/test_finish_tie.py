"""G9.3 over HTTP: a host's finish ranks from the seat on turn and says, in the result
and in ``GET /score``, that seating broke the tie."""

import csv
import io

from .client import Api


def test_g9_3_host_finish_says_seating_broke_the_tie(live):
    api = Api(live.url)
    t = api.table(3)
    on_turn = api.get(f"/sessions/{t['sid']}").json()["turn"]["seat"]
    r = api.post(f"/sessions/{t['sid']}/finish", t["host"], json={})
    assert r.status_code == 201, r.text
    state = api.get(f"/sessions/{t['sid']}").json()
    result = state["result"]
    assert result["ended_by"] == on_turn and result["tie_broken_by"] == "seating"
    # nobody placed a pawn: the seats after the one on turn first, that one last
    assert result["ranking"][-1] == on_turn
    assert result["ranking"][0] == (on_turn + 1) % 3
    score = api.get(f"/sessions/{t['sid']}/score").json()
    assert score["final"] and score["tie_broken_by"] == "seating"
    assert [p["seat"] for p in score["players"]] == result["ranking"]
    # G9.4: seating decided only the winner; the two others share second place, and the
    # exported results name who shares it
    assert [p["rank"] for p in score["players"]] == [1, 2, 2]
    rows = list(csv.DictReader(io.StringIO(api.get(f"/sessions/{t['sid']}/score.csv").text)))
    names = {p["seat"]: p["name"] for p in score["players"]}
    second = result["ranking"][1:]
    assert [(r["rank"], r["shared_with"]) for r in rows] == [
        ("1", ""), ("2", names[max(second)]), ("2", names[min(second)])]
