"""Every kind of refusal has its row in the one table that says it in HTTP."""

from __future__ import annotations

import importlib
import pkgutil

import companion
from companion import errors
from companion.api.problems import PROBLEMS, listed

from .client import Api
from .test_errors import problem

for _module in pkgutil.walk_packages(companion.__path__, "companion."):
    importlib.import_module(_module.name)  # every kind of refusal defined anywhere


def kinds(base: type[errors.SessionError]) -> set[type[errors.SessionError]]:
    found = set()
    for sub in base.__subclasses__():
        found |= {sub, *kinds(sub)}
    return found


def test_no_kind_of_refusal_falls_through_to_the_generic_row():
    # a new kind of refusal must be listed, or derive from a listed kind
    unlisted = sorted(k.__qualname__ for k in kinds(errors.SessionError)
                      if not any(c in PROBLEMS for c in k.__mro__
                                 if c is not errors.SessionError))
    assert not unlisted, unlisted
    assert len(kinds(errors.SessionError)) >= 20
    assert listed(errors.NotActive) == (409, "game_not_active", "Not now")
    assert listed(errors.Busy) == (409, "conflict", "Conflict")  # as its ancestor


def test_a_refusal_in_italian_with_its_session_rule_and_no_web_words_inside(live):
    api = Api(live.url)
    created = api.create("kazaam")
    r = api.call("POST", f"/sessions/{created['id']}/start", created["host_token"],
                 json={"setup": {}}, headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    body = problem(r, 409)
    assert body["rule"] == "SESSION.players" and body["code"] == "game_not_active"
    assert body["detail"] == "Servono almeno 2 giocatori per iniziare."
    assert "Retry-After" not in r.headers


def test_refusals_at_the_web_edge_are_told_in_the_readers_language(live):
    api = Api(live.url)
    r = api.call("POST", "/sessions", data="game=gaia",
                 headers={"Content-Type": "application/x-www-form-urlencoded",
                          "Accept-Language": "de"})
    body = problem(r, 415)
    assert body["key"] == "session.not_json" and body["code"] == "unsupported_media_type"
    assert body["detail"].startswith("Sende den Anfragekörper als JSON")
    r = api.call("POST", "/sessions", json={"game": "gaia"},
                 headers={"Idempotency-Key": "short", "Accept-Language": "it"})
    body = problem(r, 400)
    assert body["code"] == "bad_header" and body["params"] == {"min": 22, "max": 200}
    assert "da 22 a 200 caratteri" in body["detail"]
