"""Session operations: lifecycle, moves, undo, reads. Thin over the engines."""

from __future__ import annotations

import time
from typing import Any

from companion.errors import (
    Conflict,
    Forbidden,
    NotFound,
    StoreDown,
    Unauthorized,
    Unprocessable,
    said,
)
from companion.games import GAMES
from companion.games.errors import GameNotActive
from companion.sessions import bounds, replay
from companion.sessions.core import Change, Idem, Outcome, SessionsCore, public_state
from companion.sessions.tokens import (
    derived_token,
    hash_token,
    keyed_hash,
    new_code,
    new_session_id,
    new_token,
    normalize_code,
    same_hash,
)
from companion.store import Loaded, StoreUnavailable, keys

EXPORT_FORMAT = "tabletop-companion/1"


class Sessions(SessionsCore):
    # -- lifecycle -----------------------------------------------------------------------
    def create(self, game_name: str, options: dict[str, Any], idem_key: str | None,
               body_hash: str, players: list[dict[str, Any]] | None = None) -> Outcome:
        """A new session in the lobby; replays the first response for a retried key."""
        game = GAMES[game_name]
        normalized = game.normalize_options(options)
        sid, host, replayed = self._claim(idem_key, body_hash)
        if replayed is not None:
            return replayed
        doc = self._new_doc(sid, game_name, normalized, host, players or [])
        self._guard(self.store.create, sid, doc, [])
        return Outcome(self._created_body(doc, host, 0), 0)

    def _claim(self, idem_key: str | None, body_hash: str) -> tuple[str, str, Outcome | None]:
        """A new session id and host token (derived from the key, when there is one), or
        the replay of the first create or import with this key."""
        if not idem_key:
            return new_session_id(), new_token(), None
        key = keys.create_idempotency(keyed_hash(self.secret, idem_key))
        sid = new_session_id()
        seen = self._guard(self.store.get_json, key)
        if seen is None and not self._guard(self.store.put_json, key,
                                            {"h": body_hash, "sid": sid},
                                            self.store.idempotency_ttl, True):
            seen = self._guard(self.store.get_json, key)
        if seen is not None:
            return "", "", self._create_replay(seen, body_hash, idem_key)
        return sid, derived_token(self.secret, "create", idem_key, sid), None

    def _new_doc(self, sid: str, game: str, options: dict[str, Any], host: str,
                 players: list[dict[str, Any]]) -> dict[str, Any]:
        for _ in range(20):
            code = new_code()
            if self._guard(self.store.reserve_code, code, sid):
                break
        else:  # pragma: no cover - 25^6 codes
            raise said(Conflict, "session.no_free_code")
        return {"id": sid, "game": game, "code": code, "created": int(time.time()),
                "options": options, "status": "lobby", "host": hash_token(host),
                "players": players, "state": None, "moves": 0, "declared": {}}

    def _created_body(self, doc: dict[str, Any], host: str, version: int) -> dict[str, Any]:
        return {"id": doc["id"], "code": doc["code"], "host_token": host,
                "state": public_state(doc, version)}

    def _create_replay(self, seen: dict[str, Any], body_hash: str, idem_key: str) -> Outcome:
        from companion.errors import IdempotencyMismatch

        if seen["h"] != body_hash:
            raise said(IdempotencyMismatch, "session.idempotency_reused")
        try:
            loaded = self.load(seen["sid"])
        except NotFound:
            raise said(Conflict, "session.idempotency_pending") \
                from None
        host = derived_token(self.secret, "create", idem_key, seen["sid"])
        outcome = Outcome(self._created_body(loaded.doc, host, loaded.version), loaded.version)
        outcome.replayed = True
        return outcome

    def join(self, code: str, fields: dict[str, Any], idem_key: str | None,
             body_hash: str) -> Outcome:
        sid = self._guard(self.store.resolve_code, normalize_code(code))
        if sid is None:
            raise said(NotFound, "session.code_unknown", code=normalize_code(code))
        idem = self.idem_for(sid, None, "join", idem_key, body_hash)
        if idem is not None:
            idem.anonymous = True  # the key itself is the credential (>= 22 characters)

        def token_for(seat: int) -> str:
            if idem_key:
                return derived_token(self.secret, "join", idem_key, sid, str(seat))
            return new_token()

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            if doc["status"] != "lobby":
                raise GameNotActive("G2.4", "join.started")
            game = GAMES[doc["game"]]
            player = game.join_player(doc["options"], replay.roster_public(doc), fields)
            seat = len(doc["players"])
            token = token_for(seat)
            doc["players"].append({"seat": seat, **player, "token": hash_token(token)})
            entry = {"k": "join", "seat": seat, **player}
            return Change(doc, entry, replay.entry_events(entry),
                          {"session_id": sid, "seat": seat, "player_token": token},
                          secret_fields=("player_token",), with_state=False)

        def restore(body: dict[str, Any], loaded: Loaded) -> dict[str, Any]:
            token = token_for(body["seat"])
            if not same_hash(hash_token(token), loaded.doc["players"][body["seat"]]["token"]):
                raise said(Unauthorized, "session.seat_moved")
            return {**body, "player_token": token}

        return self.change(sid, decide, idem, restore=restore)

    def join_info(self, code: str) -> dict[str, Any]:
        sid = self._guard(self.store.resolve_code, normalize_code(code))
        if sid is None:
            raise said(NotFound, "session.code_unknown", code=normalize_code(code))
        loaded = self.load(sid)
        doc = loaded.doc
        game = GAMES[doc["game"]]
        return {"session_id": sid, "game": doc["game"], "status": doc["status"],
                "options": doc["options"], "players": replay.roster_public(doc),
                **dict(zip(("min_players", "max_players"),
                           game.player_bounds(doc["options"]), strict=True)),
                **game.join_info(doc["options"], replay.roster_public(doc))}

    def start(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
              if_match: str | None) -> Outcome:
        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            self.require_host(doc, token)
            if doc["status"] != "lobby":
                raise GameNotActive("G2.4", "session.already_started")
            game = GAMES[doc["game"]]
            least = game.player_bounds(doc["options"])[0]
            if len(doc["players"]) < least:
                raise GameNotActive("G1", "session.too_few_players", min=least)
            setup = dict(body.get("setup") or {})
            for field in ("seating", "first_player"):
                if body.get(field) is not None:
                    setup[field] = body[field]
            bounds.check_setup(game, setup)
            entry = {"k": "start", "setup": setup}
            doc["state"] = game.new_game(doc["options"], replay.roster_public(doc), setup)
            doc["status"] = "playing"
            doc["start_setup"] = setup
            events = [{"type": "game_started", "first_player": doc["state"]["turn"]["seat"]}]
            return Change(doc, entry, events)

        return self.change(sid, decide, idem, if_match)

    def reissue(self, sid: str, token: str | None, seat: int) -> Outcome:
        fresh = new_token()

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            self.require_host(doc, token)
            if not 0 <= seat < len(doc["players"]):
                raise said(NotFound, "session.seat.missing", seat=str(seat)[:24])
            doc["players"][seat]["token"] = hash_token(fresh)
            entry = {"k": "token", "seat": seat}
            return Change(doc, entry, replay.entry_events(entry),
                          {"player_token": fresh, "code": doc["code"]}, with_state=False)

        return self.change(sid, decide)

    def require_host(self, doc: dict[str, Any], token: str | None) -> None:
        if self.who(doc, token)[0] != "host":
            raise said(Forbidden, "session.host_only")

    @staticmethod
    def _guard(fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except StoreUnavailable as err:
            raise said(StoreDown, "session.store_down", {"Retry-After": "2"}) from err

    # -- export and import ---------------------------------------------------------------
    def export(self, sid: str) -> dict[str, Any]:
        loaded = self.load(sid)
        doc = loaded.doc
        game = GAMES[doc["game"]]
        entries = replay.effective(self._guard(self.store.log, sid))
        moves = [{"seat": e["seat"], "by": e.get("by", "player"), "move": game.public_move(e["m"])}
                 for e in entries if e["k"] == "move"]
        return {"format": EXPORT_FORMAT, "game": doc["game"], "options": doc["options"],
                "players": [{k: v for k, v in p.items() if k not in ("token", "seat")}
                            for p in doc["players"]],
                "setup": doc.get("start_setup"), "moves": moves,
                "finished_by_host": any(e["k"] == "finish" for e in entries),
                "status": doc["status"], "version": loaded.version}

    def import_(self, record: dict[str, Any], idem_key: str | None = None,
                body_hash: str = "") -> Outcome:
        """A new session replaying a record; every move is checked on the way."""
        if record.get("format") != EXPORT_FORMAT:
            raise said(Unprocessable, "session.record_format", format=EXPORT_FORMAT)
        game = GAMES[record["game"]]
        options = game.normalize_options(record.get("options") or {})
        roster: list[dict[str, Any]] = []
        for fields in record.get("players") or []:
            roster.append({"seat": len(roster), **game.join_player(options, roster, fields)})
        entries = [{"k": "join", "v": i + 1, **p} for i, p in enumerate(roster)]
        if record.get("setup") is not None:
            bounds.check_setup(game, record["setup"])
            entries.append({"k": "start", "v": len(entries) + 1, "setup": record["setup"]})
            for i, m in enumerate(record.get("moves") or []):
                bounds.check_move(game, m.get("move"), f"moves.{i}")
                entries.append({"k": "move", "v": len(entries) + 1, "seat": m.get("seat"),
                                "by": "import", "m": m.get("move")})
            if record.get("finished_by_host"):
                entries.append({"k": "finish", "v": len(entries) + 1})
            bounds.check_length(self.config, len(entries))
        # checked before a key, a code or an id is spent on it (replay needs no session)
        state = self._replay_checked({"game": record["game"], "options": options,
                                      "players": roster}, entries)
        sid, host, replayed = self._claim(idem_key, body_hash)
        if replayed is not None:
            return replayed
        doc = self._new_doc(sid, record["game"], options, host,
                            # nobody holds these seats yet: the host plays them or
                            # hands each to a phone with a new token
                            [{**p, "token": None} for p in roster])
        if state is not None:
            doc.update(state=state, status="finished" if state["status"] == "finished"
                       else "playing", start_setup=record["setup"],
                       moves=sum(1 for e in entries if e["k"] == "move"))
        self._guard(self.store.create, sid, doc, entries)
        return Outcome(self._created_body(doc, host, len(entries)), len(entries))

    @staticmethod
    def _replay_checked(doc: dict[str, Any], entries: list[dict[str, Any]]
                        ) -> dict[str, Any] | None:
        state = None
        try:  # a rule error propagates as it is (422 with its rule)
            for step in replay.walk(doc, entries):
                state = step.state
                step.entry["e"] = step.events  # kept, as a live commit keeps them
        except (KeyError, TypeError, AssertionError):
            raise said(Unprocessable, "session.record_moves") from None
        return state
