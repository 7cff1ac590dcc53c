"""Endpoints for the benches (only with COMPANION_BENCH=1).

The baseline (bench/http.py) does what a move's storage does at its simplest: one GET
and one SET of a blob as big as a session document, through the same HTTP stack. The
no-op (bench/floor.py) does nothing: what every request pays for the stack alone.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request


def register(app: Flask) -> None:
    @app.post("/bench/baseline/<int:slot>")
    def baseline(slot: int) -> dict[str, Any]:
        store = current_app.extensions["companion"].store
        key = f"tc:bench:{{{slot}}}"
        blob = store.redis.get(key) or b"x" * int(request.args.get("size", "8000"))
        store.redis.set(key, blob)
        return {"size": len(blob)}

    @app.post("/bench/noop")
    def noop() -> dict[str, Any]:
        return {}
