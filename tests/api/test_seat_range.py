"""A seat that is not at the table is refused alike wherever a request names one."""

from __future__ import annotations

from .client import Api


def test_a_seat_not_at_the_table_gets_one_refusal_everywhere(live):
    """Before: a re-issued token or a take-over answered 404, ``legal-moves?seat=`` 422
    with the field, a host's move 422 ``host_move_seat`` (as if no seat were named)."""
    api = Api(live.url)
    t = api.table(2)
    sid, host = t["sid"], t["host"]
    before = api.get(f"/sessions/{sid}").json()
    for seat in (2, 50):  # (past 63 the query schema of ?seat= refuses first, also 422)
        answers = {
            "token": api.post(f"/sessions/{sid}/seats/{seat}/token", host),
            "takeover": api.post(f"/sessions/{sid}/seats/{seat}/takeover", host),
            "legal": api.get(f"/sessions/{sid}/legal-moves?seat={seat}", host),
            "me": api.get(f"/sessions/{sid}/me?seat={seat}", host),
            "move": api.post(f"/sessions/{sid}/moves", host,
                             json={"type": "end_turn", "seat": seat}),
        }
        for where, r in answers.items():
            assert r.status_code == 422, (where, seat, r.text)
            body = r.json()
            assert (body["code"], body["key"], body["params"]) == (
                "unprocessable", "session.seat.missing", {"seat": str(seat)}), where
            assert body["errors"] == {"seat": ["no such seat"]}, where
            assert body["detail"] == f"There is no seat {seat} at this table.", where
    r = api.post(f"/sessions/{sid}/moves", host, json={"type": "end_turn", "seat": -1})
    assert r.json()["key"] == "session.seat.missing"
    assert api.get(f"/sessions/{sid}").json() == before
