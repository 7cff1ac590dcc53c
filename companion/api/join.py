"""Joining by code, the rules lookup, and health checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import current_app, request
from flask.views import MethodView

from companion.api import contract, schemas
from companion.api.http import (
    Blueprint,
    bearer,
    code_guess,
    idempotency_key,
    rate_limit,
    respond,
    sessions,
)
from companion.api.problems import language
from companion.errors import NotFound, StoreDown, TooManyRequests, said
from companion.games import GAMES
from companion.games.rules import rules_for
from companion.live import SILENT_SECONDS
from companion.sessions.tokens import body_hash

T = TypeVar("T")

blp = Blueprint("join", __name__, url_prefix="/api/v1", description="Join a table by its code")
health = Blueprint("health", __name__, description="Liveness and readiness")


@blp.route("/join/<code>")
class Join(MethodView):
    @blp.response(200, schemas.JoinInfoSchema)
    @blp.alt_response(404, schema=schemas.ProblemSchema)
    @blp.answers(429, 503)
    def get(self, code: str) -> Any:
        """What the join page needs: game, options, players, free colours; after the
        start too (``open`` false), so seat links and late joiners find their table.
        A look-up with a token of this table (Bearer: a seat's or the host's) is let
        through while the wrong-code budget answers everybody else 429"""
        rate_limit("join")
        info = _by_code(lambda: sessions().join_info(code), code, bearer())
        return {**info, "open": info["status"] == "lobby",
                "title": GAMES[info["game"]].label}

    @blp.arguments(schemas.JoinSchema())
    @blp.response(201, schemas.JoinedSchema)
    @blp.alt_response(409, schema=schemas.ProblemSchema, description="game already started")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="colour taken, full")
    @blp.answers(400, 401, 404, 413, 415, 429, 503, **contract.OPEN_KEYED)
    def post(self, fields: dict[str, Any], code: str) -> Any:
        """Take a seat (in the lobby only); returns your player token, once"""
        rate_limit("join")
        digest = body_hash(request.get_data(cache=True) + code.upper().encode())
        return respond(_by_code(lambda: sessions().join(code, fields,
                                                        idempotency_key(anonymous=True),
                                                        digest), code))


def _by_code(look_up: Callable[[], T], code: str, token: str | None = None) -> T:
    """``look_up()``, within the budget of wrong codes: a code no table has counts
    against it, so a live table's code cannot be found by trying them in turn. Past the
    budget, a look-up carrying a token of that code's table (a seated phone reloading,
    a seat link, the host) still goes through: it learns nothing it did not know. Any
    other answer past the budget is the same 429, whether the code exists or not."""
    try:
        missed = code_guess()
    except TooManyRequests:
        if token is None or not sessions().seated_at(code, token):
            raise
        return look_up()
    try:
        return look_up()
    except NotFound as err:
        if err.key == "session.code_unknown":
            missed()
        raise


@blp.route("/rules/<game>")
class Rules(MethodView):
    @blp.response(200, schemas.RulesSchema)
    @blp.answers(404)
    def get(self, game: str) -> Any:
        """The rules with their ids, in the request's language (Accept-Language)"""
        lang = language()
        found = rules_for(game, lang)
        if found is None:
            raise said(NotFound, "session.no_game", game=game[:40])
        return {"game": game, "language": lang, "rules": found}


class Health(MethodView):
    @health.response(200, schemas.HealthSchema)
    def get(self) -> Any:
        """Liveness: the process answers"""
        return {"status": "ok"}


class Ready(MethodView):
    @health.response(200, schemas.HealthSchema)
    @health.alt_response(503, schema=schemas.ProblemSchema,
                         description="the store refuses writes: unreachable, read-only, "
                                     "a failed save, full; or this worker's live-update "
                                     "listener has lost its subscription for a while")
    def get(self) -> Any:
        """Readiness: a write to the store goes through, and live updates are heard"""
        sessions().ping()
        down = current_app.extensions["companion"].listener_down_for()
        if down > SILENT_SECONDS:
            raise said(StoreDown, "session.listener_down", retry_after=2,
                       seconds=f"{down:.0f}")
        return {"status": "ready", "store_disk": sessions().disk()}


for prefix in ("", "/api/v1"):  # both at the root (probes) and under the API prefix
    health.route(f"{prefix}/healthz", endpoint=f"healthz{prefix}")(
        type(f"Health{len(prefix)}", (Health,), {}))
    health.route(f"{prefix}/readyz", endpoint=f"readyz{prefix}")(
        type(f"Ready{len(prefix)}", (Ready,), {}))
