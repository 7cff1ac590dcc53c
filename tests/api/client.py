"""A small HTTP client for the API tests, and table set-ups used by several tests."""

from __future__ import annotations

import uuid
from typing import Any

import requests

OBJECTIVES = {2: 4, 3: 5, 4: 6, 5: 7}
DISPLAY = {"nature": ["plains", "desert", "mountain"],
           "life": [{"kind": "animals", "symbol": "desert"},
                    {"kind": "city", "symbol": "mountain",
                     "needs": ["desert", "desert", "plains", "animals"]}]}


class Api:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/") + "/api/v1"
        self.http = requests.Session()

    def call(self, method: str, path: str, token: str | None = None, json: Any = None,
             headers: dict[str, str] | None = None, data: Any = None, **kw: Any
             ) -> requests.Response:
        h = dict(headers or {})
        if token:
            h["Authorization"] = f"Bearer {token}"
        return self.http.request(method, self.base + path, json=json, headers=h, data=data,
                                 timeout=30, **kw)

    def post(self, path: str, token: str | None = None, json: Any = None, **kw: Any
             ) -> requests.Response:
        return self.call("POST", path, token, json, **kw)

    def get(self, path: str, token: str | None = None, **kw: Any) -> requests.Response:
        return self.call("GET", path, token, **kw)

    # -- set-ups -------------------------------------------------------------------------
    def create(self, game: str = "gaia", **options: Any) -> dict[str, Any]:
        r = self.post("/sessions", json={"game": game, "options": options})
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def join(self, code: str, name: str, **fields: Any) -> dict[str, Any]:
        r = self.post(f"/join/{code}", json={"name": name, **fields},
                      headers={"Idempotency-Key": str(uuid.uuid4())})
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def table(self, players: int = 2, **options: Any) -> dict[str, Any]:
        """A started Gaia table: {sid, host, tokens: [per seat]}."""
        created = self.create("gaia", **options)
        names = ["Ada", "Bo", "Cy", "Di", "Ed"][:players]
        tokens = [self.join(created["code"], n)["player_token"] for n in names]
        setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[players],
                 "display": DISPLAY}
        r = self.post(f"/sessions/{created['id']}/start", created["host_token"],
                      json={"setup": setup})
        assert r.status_code == 201, r.text
        return {"sid": created["id"], "host": created["host_token"], "tokens": tokens,
                "code": created["code"]}

    def kazaam_table(self, table: Any) -> tuple[str, list[str]]:
        """A started Kazaam session seated as a dealt simulated table (its names,
        prototypes and ingredients): (sid, tokens per seat)."""
        created = self.create("kazaam")
        tokens = [self.join(created["code"], p["name"], prototype=p["prototype"],
                            ingredient=p["ingredient"])["player_token"]
                  for p in table.state["players"]]
        r = self.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
        assert r.status_code == 201, r.text
        return created["id"], tokens
