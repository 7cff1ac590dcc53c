"""Redis dies in the middle of a load of moves and comes back."""

from __future__ import annotations

import threading
import time
import uuid

import requests

from companion.games.gaia.playout import Table
from companion.store.embedded import EmbeddedRedis
from tests.api.client import Api
from tests.conftest import LiveServer, make_app


def open_table(api: Api, seed: int) -> tuple[str, list[str], list[tuple[int, dict]]]:
    table = Table.deal(seed, 2)
    first = table.state
    created = api.create()
    tokens = [api.join(created["code"], p["name"])["player_token"] for p in first["players"]]
    setup = {"objectives": [[t for t, n in o["requires"].items() for _ in range(n)]
                            for o in first["objectives"]],
             "display": {p: first["piles"][p]["display"] for p in ("nature", "life")}}
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"],
                 json={"setup": setup})
    assert r.status_code == 201
    for _ in table.play():
        pass
    return created["id"], tokens, table.log


class Movers:
    """A thread per table posting its moves through an outage: each move keeps its
    Idempotency-Key until it is accepted; every 503 is kept with how long it took."""

    def __init__(self, url: str, tables: list[tuple[str, list[str], list]], tries: int) -> None:
        self.url, self.tries = url, tries
        self.acked: dict[str, list[int]] = {sid: [] for sid, _, _ in tables}
        self.refusals: list[tuple[requests.Response, float]] = []
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.play, args=t) for t in tables]
        for th in self.threads:
            th.start()

    def play(self, sid: str, tokens: list[str], moves: list) -> None:
        client = Api(self.url)
        for seat, move in moves:
            key = str(uuid.uuid4())
            for _ in range(self.tries):
                started = time.monotonic()
                try:
                    r = client.post(f"/sessions/{sid}/moves", tokens[seat], json=move,
                                    headers={"Idempotency-Key": key})
                except requests.RequestException:
                    time.sleep(0.05)
                    continue
                if r.status_code == 503:
                    with self.lock:
                        self.refusals.append((r, time.monotonic() - started))
                    time.sleep(0.05)
                    continue
                assert r.status_code == 201, (move, r.text)
                with self.lock:
                    self.acked[sid].append(r.json()["version"])
                break
            else:
                raise AssertionError("a move never went through")

    def join(self) -> None:
        for th in self.threads:
            th.join(120)


def logged_moves(api: Api, sid: str, moves: list) -> list[int]:
    """The versions of a session's logged moves, once the log is checked whole: as many
    moves as were played, and versions counting up from 1 with no gap."""
    log = api.get(f"/sessions/{sid}/moves").json()["entries"]
    entries = [e for e in log if e["kind"] == "move"]
    assert len(entries) == len(moves)
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))
    return [e["version"] for e in entries]


def test_kill_redis_under_load_then_nothing_acknowledged_is_lost(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis").start()
    live = LiveServer(make_app(server.url, tmp_path / "app"))
    try:
        api = Api(live.url)
        tables = [open_table(api, seed) for seed in (3, 5, 8)]
        movers = Movers(live.url, tables, tries=400)
        time.sleep(0.6)
        server.kill()  # mid-load, like a crash
        time.sleep(1.5)
        server.start()
        movers.join()
        outages = [took for _, took in movers.refusals]
        assert outages, "the outage was seen by the clients"
        assert all(r.headers["Retry-After"] for r, _ in movers.refusals)
        assert max(outages) < 5  # answered quickly, never hung
        for sid, _, moves in tables:
            # every acknowledged move is there, each exactly once, in order
            assert set(movers.acked[sid]) <= set(logged_moves(api, sid, moves))
            # nothing half-applied: the stored state is what the log replays to
            record = api.get(f"/sessions/{sid}/export").json()
            copy = api.post("/sessions/import", json=record).json()
            original = api.get(f"/sessions/{sid}").json()
            replayed = api.get(f"/sessions/{copy['id']}").json()
            for field in ("board", "supply", "piles", "turn", "result"):
                assert original[field] == replayed[field], field
            # an imported seat has no phone yet (the host hands it out): all else is equal
            assert ([{**p, "phone": None} for p in original["players"]]
                    == [{**p, "phone": None} for p in replayed["players"]])
    finally:
        live.stop()
        server.stop()
