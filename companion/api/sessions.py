"""Session resources: create, state, moves, undo, finish, seats, reads."""

from __future__ import annotations

from typing import Any

from flask import current_app, g, request
from flask.views import MethodView
from webargs.flaskparser import abort

from companion.api import contract, game_schemas, http, schemas
from companion.api.http import Blueprint, bearer, expected_version, idem, respond, sessions
from companion.api.links import with_links
from companion.api.seats import seat_link
from companion.games.shapes import Misshapen
from companion.sessions import records
from companion.sessions.tokens import body_hash

blp = Blueprint("sessions", __name__, url_prefix="/api/v1",
                description="Game sessions: create, join, play, watch")


@blp.route("/sessions")
class SessionList(MethodView):
    @blp.arguments(schemas.CreateSchema())
    @blp.response(201, schemas.CreatedSchema)
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="bad game or options")
    @blp.alt_response(429, schema=schemas.ProblemSchema, description="rate limited")
    @blp.answers(400, 409, 413, 415, 503, **contract.OPEN_KEYED)
    def post(self, body: dict[str, Any]) -> Any:
        """Create a session (returns the host token, once)"""
        http.rate_limit("create")
        outcome = sessions().create(body["game"], body["options"],
                                    http.idempotency_key(anonymous=True),
                                    body_hash(request.get_data(cache=True)),
                                    clock_option=body.get("clock"))
        outcome.body = with_links(outcome.body)
        return respond(outcome)


def _import_slot() -> None:
    """Reading a record and replaying it costs CPU in proportion to its size: the size
    is bounded and this worker's one import slot taken before the body is parsed."""
    if request.endpoint == f"{blp.name}.SessionImport":
        http.limit_body("MAX_IMPORT_BYTES")
        records.take_import_slot()
        g.import_slot = True


def _import_done(_err: BaseException | None) -> None:
    if g.pop("import_slot", False):
        records.give_back_import_slot()


blp.before_request(_import_slot)
blp.teardown_request(_import_done)


@blp.route("/sessions/import")
class SessionImport(MethodView):
    @blp.arguments(schemas.RecordSchema())
    @blp.response(201, schemas.CreatedSchema)
    @blp.alt_response(413, schema=schemas.ProblemSchema,
                      description="a body over MAX_IMPORT_BYTES")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="a move is illegal")
    @blp.alt_response(429, schema=schemas.ProblemSchema, description="rate limited")
    @blp.answers(400, 409, 413, 415, 503, **contract.OPEN_KEYED)
    def post(self, record: dict[str, Any]) -> Any:
        """Replay an exported game record into a new session, checking every move"""
        http.rate_limit("create")  # a new session: the same budget as create
        outcome = sessions().import_(record, http.idempotency_key(anonymous=True),
                                     body_hash(request.get_data(cache=True)))
        outcome.body = with_links(outcome.body)
        return respond(outcome)


@blp.route("/sessions/<sid>")
class SessionState(MethodView):
    @blp.arguments(schemas.StateQuery(), location="query")
    @blp.response(200, schemas.StateSchema)
    @blp.alt_response(404, schema=schemas.ProblemSchema)
    @blp.answers(304, 503, reads=("If-None-Match",), sends=("ETag",))
    def get(self, query: dict[str, Any], sid: str) -> Any:
        """Public state; ``?wait=S&since=V`` long-polls until the version passes V; 304
        while ``If-None-Match`` names the current version"""
        from companion.api.stream import wait_for_version

        state, version = sessions().public(sid)
        wait, since = query.get("wait"), query.get("since")
        if wait and since is not None and version <= since:
            state, version = wait_for_version(sid, since, float(wait))
        unchanged = http.not_modified(version)
        if unchanged is not None:
            return unchanged
        response = current_app.json.response(state)
        response.headers["ETag"] = f'"{version}"'
        return response


@blp.route("/sessions/<sid>/start")
class SessionStart(MethodView):
    @blp.arguments(schemas.StartSchema())
    @blp.response(201, schemas.ChangeResultSchema)
    @blp.answers(400, 401, 403, 404, 409, 412, 413, 415, 422, 503, **contract.VERSIONED)
    def post(self, body: dict[str, Any], sid: str) -> Any:
        """Start the game (host): seating, first player and the game's setup"""
        return respond(sessions().start(sid, bearer(), body, idem(sid, "start"),
                                        expected_version()))


@blp.route("/sessions/<sid>/moves")
class SessionMoves(MethodView):
    @blp.arguments(schemas.MoveSchema())
    @blp.arguments(schemas.MoveQuery(), location="query")
    @blp.doc(requestBody=game_schemas.MOVE_BODY)  # each game's own move schema
    @blp.response(201, schemas.MoveResultSchema)
    @blp.alt_response(409, schema=schemas.ProblemSchema, description="not your turn / phase")
    @blp.alt_response(412, schema=schemas.ProblemSchema, description="stale If-Match")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="the rules forbid it")
    @blp.answers(400, 401, 403, 404, 413, 415, 503, **contract.VERSIONED)
    def post(self, move: dict[str, Any], query: dict[str, Any], sid: str) -> Any:
        """Make a move (player; the host names the seat); ``?include=me`` adds the acting
        seat's private view and legal moves"""
        try:
            done = sessions().move(sid, bearer(), move, idem(sid, "move"),
                                   expected_version(), query.get("include") == "me")
        except Misshapen as refusal:
            errors = game_schemas.form_errors(refusal.game, move)
            if not errors:
                raise
        else:
            return http.respond_fast(done)
        # raised outside the handler: the 422 does not carry the refusal's traceback
        # (the loaded session's frames) as its context
        abort(422, messages={"json": errors})

    @blp.arguments(schemas.LogQuery(), location="query")
    @blp.response(200, schemas.LogSchema)
    @blp.answers(304, 404, 503, reads=("If-None-Match",), sends=("ETag",))
    def get(self, query: dict[str, Any], sid: str) -> Any:
        """The log after version ``since`` (0: from the start), a page at a time, public
        parts only, with each entry's events; ``next`` is the ``since`` of the next page
        (null on the last); 304 while ``If-None-Match`` names the current version"""
        since = query.get("since", 0)
        entries, loaded = sessions().history(sid, since, query.get("limit"))
        unchanged = http.not_modified(loaded.version)
        if unchanged is not None:
            return unchanged
        last = entries[-1]["version"] if entries else since
        body = {"version": loaded.version, "entries": entries,
                "next": last if last < loaded.version else None}
        return body, 200, {"ETag": f'"{loaded.version}"'}


@blp.route("/sessions/<sid>/undo")
class SessionUndo(MethodView):
    @blp.arguments(schemas.UndoSchema())
    @blp.response(201, schemas.ChangeResultSchema)
    @blp.answers(400, 401, 403, 404, 409, 412, 413, 415, 422, 503, **contract.VERSIONED)
    def post(self, body: dict[str, Any], sid: str) -> Any:
        """Undo the last move (its maker while it is the last, or the host; the host may
        rewind to ``to_version``)"""
        return respond(sessions().undo(sid, bearer(), body, idem(sid, "undo"),
                                       expected_version()))


@blp.route("/sessions/<sid>/finish")
class SessionFinish(MethodView):
    @blp.response(201, schemas.ChangeResultSchema)
    @blp.answers(400, 401, 403, 404, 409, 412, 413, 415, 422, 503, **contract.VERSIONED)
    def post(self, sid: str) -> Any:
        """End the game now (host): final scores from the current state"""
        return respond(sessions().finish(sid, bearer(), idem(sid, "finish"),
                                         expected_version()))


@blp.route("/sessions/<sid>/rematch")
class SessionRematch(MethodView):
    @blp.response(201, schemas.CreatedSchema)
    @blp.alt_response(429, schema=schemas.ProblemSchema, description="rate limited")
    @blp.answers(401, 403, 404, 409, 413, 415, 503, sends=("ETag",))
    def post(self, sid: str) -> Any:
        """A new session in the lobby with the same options; players are invited live"""
        http.rate_limit("create")  # a new session: the same budget as create
        outcome = sessions().rematch(sid, bearer())
        outcome.body = with_links(outcome.body)
        return respond(outcome)


@blp.route("/sessions/<sid>/seats/<int:seat>/token", parameters=[schemas.SEAT_PATH])
class SeatToken(MethodView):
    @blp.response(201, schemas.TokenSchema)
    @blp.answers(401, 403, 404, 409, 413, 415, 422, 503)
    def post(self, sid: str, seat: int) -> Any:
        """Re-issue a seat's token (host); the old one stops working"""
        outcome = sessions().reissue(sid, bearer(), seat)
        code = outcome.body.pop("code")
        return {**outcome.body, **seat_link(code, seat, outcome.body["player_token"])}, 201


@blp.route("/sessions/<sid>/me")
class Me(MethodView):
    @blp.arguments(schemas.MeQuery(), location="query")
    @blp.response(200, schemas.MeSchema)
    @blp.answers(401, 403, 404, 503)
    def get(self, query: dict[str, Any], sid: str) -> Any:
        """Private view: your seat and your own hand (the host: ``?seat=`` of a seat
        without a phone); ``?include=legal`` adds your legal moves (one read for a phone
        after a live message)"""
        body = sessions().me(sid, bearer(), query.get("seat"), query.get("include") == "legal")
        return current_app.json.response(body)  # built in the documented shape: no re-dump


@blp.route("/sessions/<sid>/me/hand")
class MyHand(MethodView):
    @blp.arguments(schemas.HandSchema())
    @blp.arguments(schemas.SeatQuery(), location="query")
    @blp.response(200, schemas.MeSchema)
    @blp.answers(400, 401, 403, 404, 409, 413, 415, 503)
    def put(self, hand: dict[str, Any], query: dict[str, Any], sid: str) -> Any:
        """Privately declare your hidden cards (not a move: no version, not in the log;
        the host: ``?seat=`` of a seat without a phone)"""
        return sessions().declare(sid, bearer(), hand, query.get("seat"))


@blp.route("/sessions/<sid>/legal-moves")
class LegalMoves(MethodView):
    @blp.arguments(schemas.LegalQuery(), location="query")
    @blp.response(200, schemas.LegalSchema)
    @blp.answers(401, 403, 404, 503)
    def get(self, query: dict[str, Any], sid: str) -> Any:
        """The moves you could make now, with their legal squares and targets"""
        return sessions().legal(sid, bearer(), query.get("seat"))


@blp.route("/sessions/<sid>/score")
class Score(MethodView):
    @blp.response(200, schemas.ScoreSchema)
    @blp.answers(404, 503)
    def get(self, sid: str) -> Any:
        """Live score table with each player's breakdown"""
        return sessions().score(sid)


@blp.route("/sessions/<sid>/export")
class Export(MethodView):
    @blp.response(200, schemas.RecordSchema)
    @blp.answers(404, 503)
    def get(self, sid: str) -> Any:
        """Game record: options, players, setup and every move in force (public parts)"""
        return sessions().export(sid)
