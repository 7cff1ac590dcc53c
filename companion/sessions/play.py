"""Moves, undo, finish, private declarations, rematch, and the reads."""

from __future__ import annotations

from typing import Any

from companion.errors import Conflict, Forbidden, NotFound, Unprocessable, said
from companion.games import GAMES
from companion.games.errors import GameNotActive, RuleError
from companion.observability import MOVES
from companion.sessions import bounds, replay
from companion.sessions.core import Change, Idem, Outcome, public_state
from companion.sessions.seats import host_may_read
from companion.sessions.service import Sessions as _Lifecycle
from companion.store import Loaded


class Sessions(_Lifecycle):
    def move(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
             if_match: str | None) -> Outcome:
        """A player's move (or the host's, for a named seat), checked by the engine."""

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            seat, by = self._acting_seat(doc, token, body)
            if doc["state"] is None:
                raise GameNotActive("G2.4", "session.not_started")
            move = {k: v for k, v in body.items() if k != "seat"}
            game = GAMES[doc["game"]]
            bounds.check_move(game, move)
            try:
                doc["state"], events = game.apply(doc["state"], seat, move)
            except RuleError as err:
                MOVES.labels(game.name, "rejected", err.rule).inc()
                raise
            MOVES.labels(game.name, "accepted", "").inc()
            doc["status"] = doc["state"]["status"]
            doc["moves"] += 1
            entry = {"k": "move", "seat": seat, "by": by, "m": move}
            return Change(doc, entry, events, {"seq": doc["moves"]})

        return self.change(sid, decide, idem, if_match)

    def _acting_seat(self, doc: dict[str, Any], token: str | None, body: dict[str, Any]
                     ) -> tuple[int, str]:
        role, seat = self.who(doc, token)
        wanted = body.get("seat")
        if role == "host":
            if type(wanted) is not int or not 0 <= wanted < len(doc["players"]):
                raise said(Unprocessable, "session.host_move_seat",
                           extra={"errors": {"seat": ["required for the host"]}})
            return wanted, "host"
        assert seat is not None
        if wanted is not None and wanted != seat:
            raise said(Forbidden, "session.own_seat_only")
        return seat, "player"

    def undo(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
             if_match: str | None) -> Outcome:
        """Revert the last move (player: only their own, while it is the last), or
        rewind to ``to_version`` (host)."""

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            role, seat = self.who(doc, token)
            target = body.get("to_version")
            if target is not None and role != "host":
                raise said(Forbidden, "session.rewind_host_only")
            entries = self._guard(self.store.log, sid)
            live = replay.effective(entries)
            moves = [e for e in live if e["k"] in ("move", "finish")]
            if not moves:
                raise said(Conflict, "session.nothing_to_undo")
            if target is None:
                target = moves[-1]["v"] - 1
            if role != "host":
                last = entries[-1]
                if last["k"] != "move" or last["seat"] != seat or last.get("by") == "host":
                    raise said(Forbidden, "session.undo_own_last")
            start = next(e["v"] for e in live if e["k"] == "start")
            if type(target) is not int or not start <= target < loaded.version:
                raise said(Unprocessable, "session.rewind_range", start=start,
                           end=loaded.version - 1,
                           extra={"errors": {"to_version": ["out of range"]}})
            undo_entry = {"k": "undo", "to": target, "v": loaded.version + 1}
            after = replay.effective([*entries, undo_entry])
            doc["state"] = replay.rebuild(doc, after)
            doc["status"] = doc["state"]["status"]
            doc["moves"] = sum(1 for e in after if e["k"] == "move")
            # the same event a replay of the log gives (replay.walk)
            return Change(doc, {"k": "undo", "to": target}, [replay.undone(live, target)])

        return self.change(sid, decide, idem, if_match)

    def finish(self, sid: str, token: str | None, idem: Idem | None,
               if_match: str | None) -> Outcome:
        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            self.require_host(doc, token)
            if doc["state"] is None or doc["status"] != "playing":
                raise GameNotActive("G9", "session.not_playing")
            doc["state"], events = GAMES[doc["game"]].finish(doc["state"])
            doc["status"] = "finished"
            return Change(doc, {"k": "finish"}, events)

        return self.change(sid, decide, idem, if_match)

    def declare(self, sid: str, token: str | None, hand: dict[str, Any],
                seat_arg: int | None = None) -> dict[str, Any]:
        """Privately name one's hidden cards: no version, no log, no publish (the host:
        for a seat without a phone)."""
        result: dict[str, Any] = {}

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            _role, seat = self.who(doc, token)
            if seat is None and seat_arg is not None:
                host_may_read(doc, seat_arg)
                seat = seat_arg
            if seat is None:
                raise said(Forbidden, "session.hand_player_only")
            if seat_arg is not None and seat_arg != seat:
                raise said(Forbidden, "session.own_seat_only")
            if doc["state"] is None:
                raise GameNotActive("G2.4", "session.not_started")
            game = GAMES[doc["game"]]
            bounds.check_hand(game, hand)
            doc["state"] = game.declare_hand(doc["state"], seat, hand)
            doc["declared"][str(seat)] = hand
            result.update(self._private(doc, seat))
            return Change(doc, None, [], public=False, with_state=False)

        self.change(sid, decide)
        return result

    def rematch(self, sid: str, token: str | None) -> Outcome:
        loaded = self.load(sid)
        self.require_host(loaded.doc, token)
        old = loaded.doc
        created = self.create(old["game"], old["options"], None, "")
        new_id, new_code = created.body["id"], created.body["code"]

        def decide(loaded: Loaded) -> Change:
            doc = loaded.doc
            self.require_host(doc, token)
            doc["rematch"] = {"session_id": new_id, "code": new_code}
            entry = {"k": "rematch", "session_id": new_id, "code": new_code}
            return Change(doc, entry, replay.entry_events(entry), with_state=False)

        self.change(sid, decide)
        return created

    # -- reads ---------------------------------------------------------------------------
    def public(self, sid: str) -> tuple[dict[str, Any], int]:
        loaded = self.load(sid)
        return public_state(loaded.doc, loaded.version), loaded.version

    def _private(self, doc: dict[str, Any], seat: int) -> dict[str, Any]:
        player = doc["players"][seat]
        out: dict[str, Any] = {"seat": seat, "name": player["name"], "color": player["color"]}
        if doc["state"] is not None:
            out.update(GAMES[doc["game"]].private_view(doc["state"], seat))
            out["your_turn"] = doc["state"]["turn"]["seat"] == seat
        return out

    def me(self, sid: str, token: str | None, seat_arg: int | None = None) -> dict[str, Any]:
        loaded = self.load(sid)
        _role, seat = self.who(loaded.doc, token)
        if seat is None and seat_arg is not None:  # the host, for a seat without a phone
            host_may_read(loaded.doc, seat_arg)
            return {**self._private(loaded.doc, seat_arg), "host": True,
                    "version": loaded.version}
        if seat is None:
            return {"seat": None, "host": True, "version": loaded.version}
        if seat_arg is not None and seat_arg != seat:
            raise said(Forbidden, "session.own_seat_only")
        return {**self._private(loaded.doc, seat), "host": False, "version": loaded.version}

    def legal(self, sid: str, token: str | None, seat_arg: int | None) -> dict[str, Any]:
        loaded = self.load(sid)
        doc = loaded.doc
        role, seat = self.who(doc, token)
        if role == "host":
            if seat_arg is None:
                seat_arg = doc["state"]["turn"]["seat"] if doc["state"] else 0
            if not 0 <= seat_arg < max(1, len(doc["players"])):
                raise said(Unprocessable, "session.seat.missing", seat=str(seat_arg)[:24],
                           extra={"errors": {"seat": ["no such seat"]}})
            host_may_read(doc, seat_arg)  # legal moves name the seat's declared cards
            seat = seat_arg
        elif seat_arg is not None and seat_arg != seat:
            raise said(Forbidden, "session.own_seat_only")
        assert seat is not None
        moves = [] if doc["state"] is None else GAMES[doc["game"]].legal_moves(doc["state"], seat)
        return {"seat": seat, "version": loaded.version, "moves": moves}

    def score(self, sid: str) -> dict[str, Any]:
        loaded = self.load(sid)
        doc = loaded.doc
        if doc["state"] is None:
            return {"final": False, "version": loaded.version,
                    "players": [{"seat": p["seat"], "name": p["name"], "total": 0, "rank": 1,
                                 "breakdown": {}} for p in doc["players"]]}
        return {**GAMES[doc["game"]].score(doc["state"]), "version": loaded.version}

    def history(self, sid: str, since: int = 0, limit: int | None = None
                ) -> tuple[list[dict[str, Any]], Loaded]:
        """Public log entries after version ``since`` (a page of at most ``MOVES_PAGE``),
        each with the events stored at its commit, and the session as read in the
        same snapshot: a range read of the log, never a replay of the game."""
        page = max(1, min(int(limit or self.page_size), self.page_size))
        loaded, entries = self._guard(self.store.load_range, sid, max(0, since), page)
        if loaded is None:
            raise said(NotFound, "session.no_session", sid=sid[:40])
        doc = loaded.doc
        if any("e" not in entry for entry in entries):  # written before events were kept
            log = self._guard(self.store.log, sid)
            for step in replay.walk(doc, log):
                step.entry["e"] = step.events
            entries = log[max(0, since):max(0, since) + page]
        game = GAMES[doc["game"]]
        out = []
        for entry in entries:
            item: dict[str, Any] = {"version": entry["v"], "kind": entry["k"],
                                    "events": entry["e"]}
            if entry["k"] == "move":
                item.update(seat=entry["seat"], by=entry.get("by", "player"),
                            move=game.public_move(entry["m"]))
            elif entry["k"] == "undo":
                item["to"] = entry["to"]
            out.append(item)
        return out, loaded

    @property
    def page_size(self) -> int:
        return int(self.config.get("MOVES_PAGE", 200))
