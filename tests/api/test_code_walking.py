"""Join codes cannot be walked: wrong codes are budgeted per address and over all
addresses together. Past either budget a code look-up (or a join) is refused before
the store is asked, so a guess learns nothing, right or wrong; tables already seated
play on. Loopback addresses only, a few dozen requests."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from companion.sessions.tokens import CODE_ALPHABET
from tests.conftest import LiveServer, make_app

from .addresses import addresses, session_from
from .client import Api
from .test_budget import PLAY


def _wrong_codes(live: str) -> Iterator[str]:
    """Codes no table has (every one but the live table's)."""
    return (c for c in ("".join(p) for p in itertools.product(CODE_ALPHABET[:4], repeat=6))
            if c != live)


def test_wrong_codes_are_budgeted_per_address_and_over_all(clean_redis, tmp_path):
    # hours: a window that ended within the test would hand out a new budget
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_WRONG_CODE="5 per hour",
                               RATE_LIMIT_WRONG_CODE_ALL="12 per hour"))
    try:
        api = Api(live.url)
        table = api.table(2)  # seated before the walk
        lobby = api.create()  # the table to be found: its lobby has free seats
        guesses = _wrong_codes(lobby["code"])

        def look_up(source: str, code: str) -> int:
            return session_from(source).get(f"{live.url}/api/v1/join/{code}",
                                            timeout=10).status_code

        walker = "127.0.0.2"
        assert [look_up(walker, next(guesses)) for _ in range(5)] == [404] * 5
        # this address's budget is spent: refused, its right guess as well
        assert look_up(walker, next(guesses)) == 429
        r = session_from(walker).get(f"{live.url}/api/v1/join/{lobby['code']}", timeout=10)
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert int(r.headers["Retry-After"]) > 0 and "wrong join codes" in r.json()["detail"]
        # other addresses together: 7 more wrong codes spend the budget over all
        walkers = addresses(7, first=3)
        assert [look_up(a, next(guesses)) for a in walkers] == [404] * 7
        statuses = [look_up(a, next(guesses)) for a in addresses(20, first=10)]
        assert statuses == [429] * 20
        # a fresh address with the right code waits too, and so does a join by code
        assert look_up("127.0.0.40", lobby["code"]) == 429
        joined = session_from("127.0.0.41").post(f"{live.url}/api/v1/join/{lobby['code']}",
                                                 json={"name": "Eve"}, timeout=10)
        assert joined.status_code == 429
        assert len(api.get(f"/sessions/{lobby['id']}").json()["players"]) == 0
        # the seated table plays on
        assert api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                        json=PLAY).status_code == 201
    finally:
        live.stop()


def test_a_seated_phone_looks_its_code_up_while_somebody_guesses(clean_redis, tmp_path):
    """Past the budget over all addresses, a look-up carrying a token of the code's table
    (a seat link opened, the host) answers; without one, with a bad one or with a token
    of another table it waits like any guess, and misses still count."""
    live = LiveServer(make_app(clean_redis, tmp_path, RATE_LIMIT_WRONG_CODE="50 per hour",
                               RATE_LIMIT_WRONG_CODE_ALL="3 per hour"))
    try:
        api = Api(live.url)
        table, other = api.table(2), api.table(2)
        code = api.get(f"/sessions/{table['sid']}").json()["code"]
        guesses = _wrong_codes(code)
        guesser = session_from("127.0.0.2")
        statuses = [guesser.get(f"{live.url}/api/v1/join/{next(guesses)}", timeout=10)
                    .status_code for _ in range(4)]
        assert statuses == [404, 404, 404, 429]

        def look_up(token: str | None, at: str = code) -> int:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            return session_from("127.0.0.3").get(f"{live.url}/api/v1/join/{at}",
                                                 headers=headers, timeout=10).status_code

        assert look_up(table["tokens"][1]) == 200  # the seat's own phone
        assert look_up(table["host"]) == 200
        assert look_up(None) == 429
        assert look_up("x" * 43) == 429
        assert look_up(other["tokens"][0]) == 429  # a token of another table
        assert look_up(table["tokens"][0], next(guesses)) == 429  # no table: no pass
    finally:
        live.stop()
