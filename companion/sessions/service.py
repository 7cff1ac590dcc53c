"""The one entry point of the sessions layer: :class:`Sessions`.

A facade over modules of plain functions that share a :class:`Context`:
``core`` (the change loop and the store's failures), ``lifecycle`` (create, join,
start, seat tokens, rematch), ``play`` (moves, undo, finish, hands), ``seats``
(seats without a phone), ``reads`` (states, views, score, log), ``records``
(export and import), ``views`` (public and private views, whose turn),
``bounds`` and ``tokens``. It speaks the domain: versions, not headers; refusals
are :class:`companion.errors.SessionError`, and the web layer says them in HTTP.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.sessions import core, lifecycle, play, reads, records, seats, setup_draft
from companion.sessions.core import Context, ExpectedVersion, Idem, Outcome
from companion.store import Loaded, Store


class Sessions:
    """Every operation on a table, each one call (load, decide, commit)."""

    def __init__(self, store: Store, config: dict[str, Any], secret: bytes, *,
                 now: Callable[[], float] = time.time,
                 on_retry: Callable[[], None] | None = None,
                 on_move: Callable[[str, str, str], None] | None = None) -> None:
        self.ctx = Context(store, config, secret, now)
        if on_retry is not None:
            self.ctx.on_retry = on_retry
        if on_move is not None:
            self.ctx.on_move = on_move

    @property
    def store(self) -> Store:
        return self.ctx.store

    def now(self) -> float:
        """The server time (injected in tests)."""
        return self.ctx.now()

    # -- identifying ---------------------------------------------------------------------
    def load(self, sid: str) -> Loaded:
        return core.load(self.ctx, sid)

    def idem_for(self, sid: str, token: str | None, scope: str, key: str | None,
                 body_hash: str) -> Idem | None:
        return core.idem_for(self.ctx, sid, token, scope, key, body_hash)

    def ping(self) -> None:
        """Refused (the store is down, read-only or full) unless a write goes through."""
        core.guarded(self.ctx.store.writable)

    def disk(self) -> str:
        """The store's disk: ``low`` past its reserve (new sessions wait), ``ok``, or
        ``unmeasured`` where this process cannot see it."""
        store = self.ctx.store
        if core.guarded(store.disk) is None:
            return "unmeasured"
        return "low" if core.guarded(store.disk_low) else "ok"

    # -- lifecycle -----------------------------------------------------------------------
    def create(self, game: str, options: dict[str, Any], idem_key: str | None,
               body_hash: str, clock_option: Any = None) -> Outcome:
        return lifecycle.create(self.ctx, game, options, idem_key, body_hash,
                                clock_option=clock_option)

    def join(self, code: str, fields: dict[str, Any], idem_key: str | None,
             body_hash: str) -> Outcome:
        return lifecycle.join(self.ctx, code, fields, idem_key, body_hash)

    def join_info(self, code: str) -> dict[str, Any]:
        return lifecycle.join_info(self.ctx, code)

    def seated_at(self, code: str, token: str) -> bool:
        return lifecycle.seated_at(self.ctx, code, token)

    def start(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
              expected_version: ExpectedVersion = None) -> Outcome:
        return lifecycle.start(self.ctx, sid, token, body, idem, expected_version)

    def put_setup(self, sid: str, token: str | None, slot: str, value: Any,
                  expected_version: ExpectedVersion = None) -> Outcome:
        return setup_draft.put(self.ctx, sid, token, slot, value, expected_version)

    def reissue(self, sid: str, token: str | None, seat: int) -> Outcome:
        return lifecycle.reissue(self.ctx, sid, token, seat)

    def rematch(self, sid: str, token: str | None) -> Outcome:
        return lifecycle.rematch(self.ctx, sid, token)

    # -- seats without a phone -----------------------------------------------------------
    def add_seat(self, sid: str, token: str | None, fields: dict[str, Any],
                 idem: Idem | None) -> Outcome:
        return seats.add_seat(self.ctx, sid, token, fields, idem)

    def take_over(self, sid: str, token: str | None, seat: int, idem: Idem | None) -> Outcome:
        return seats.take_over(self.ctx, sid, token, seat, idem)

    def remove_seat(self, sid: str, token: str | None, seat: int,
                    idem: Idem | None) -> Outcome:
        return seats.remove_seat(self.ctx, sid, token, seat, idem)

    def rotate_code(self, sid: str, token: str | None, idem: Idem | None) -> Outcome:
        return seats.rotate_code(self.ctx, sid, token, idem)

    # -- play ----------------------------------------------------------------------------
    def move(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
             expected_version: ExpectedVersion = None, with_me: bool = False) -> Outcome:
        return play.move(self.ctx, sid, token, body, idem, expected_version, with_me)

    def undo(self, sid: str, token: str | None, body: dict[str, Any], idem: Idem | None,
             expected_version: ExpectedVersion = None) -> Outcome:
        return play.undo(self.ctx, sid, token, body, idem, expected_version)

    def finish(self, sid: str, token: str | None, idem: Idem | None,
               expected_version: ExpectedVersion = None) -> Outcome:
        return play.finish(self.ctx, sid, token, idem, expected_version)

    def declare(self, sid: str, token: str | None, hand: dict[str, Any],
                seat: int | None = None) -> dict[str, Any]:
        return play.declare(self.ctx, sid, token, hand, seat)

    # -- reads ---------------------------------------------------------------------------
    def public(self, sid: str) -> tuple[dict[str, Any], int]:
        return reads.public(self.ctx, sid)

    def me(self, sid: str, token: str | None, seat: int | None = None,
           with_legal: bool = False) -> dict[str, Any]:
        return reads.me(self.ctx, sid, token, seat, with_legal)

    def legal(self, sid: str, token: str | None, seat: int | None) -> dict[str, Any]:
        return reads.legal(self.ctx, sid, token, seat)

    def score(self, sid: str) -> dict[str, Any]:
        return reads.score(self.ctx, sid)

    def history(self, sid: str, since: int = 0, limit: int | None = None
                ) -> tuple[list[dict[str, Any]], Loaded]:
        return reads.history(self.ctx, sid, since, limit)

    # -- records -------------------------------------------------------------------------
    def export(self, sid: str) -> dict[str, Any]:
        return records.export(self.ctx, sid)

    def import_(self, record: dict[str, Any], idem_key: str | None = None,
                body_hash: str = "") -> Outcome:
        return records.import_(self.ctx, record, idem_key, body_hash)
