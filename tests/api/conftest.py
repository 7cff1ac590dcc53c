"""The documented contract covers what the API tests observe.

Every response any app in this process sends during the API tests (test clients,
the live servers' threads, schemathesis' in-process calls) is recorded as (method,
OpenAPI path, status) through Flask's ``request_finished`` signal. After each test,
a status its operation does not document in ``openapi/openapi.json`` fails that
test; at the end the terminal summary counts documented and observed codes.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import request, request_finished

EXPORTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
Seen = tuple[str, str, int]
SEEN: set[Seen] = set()
_LOCK = threading.Lock()


def openapi_path(rule: str) -> str:
    """``/api/v1/sessions/<sid>/seats/<int:seat>/token`` as the document names it."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def documented() -> dict[tuple[str, str], set[int]]:
    """(method, path) -> the status codes the exported document lists for it."""
    paths = json.loads(EXPORTED.read_text())["paths"]
    return {(method.upper(), path): {int(code) for code in op["responses"] if code.isdigit()}
            for path, ops in paths.items() for method, op in ops.items()
            if method != "parameters"}


def _record(sender: Any, response: Any, **extra: Any) -> None:
    rule = request.url_rule
    if rule is None or request.method in ("HEAD", "OPTIONS"):
        return  # no operation (an unknown path, 405) or one Flask answers by itself
    with _LOCK:
        SEEN.add((request.method, openapi_path(rule.rule), response.status_code))


request_finished.connect(_record)  # every app: the signal is sent by each one


def undocumented(seen: set[Seen]) -> list[Seen]:
    codes = documented()
    return sorted(s for s in seen if (s[0], s[1]) in codes and s[2] not in codes[s[0], s[1]])


@pytest.fixture(autouse=True)
def answers_are_documented() -> Iterator[None]:
    with _LOCK:
        before = set(SEEN)
    yield
    with _LOCK:
        new = SEEN - before
    missing = undocumented(new)
    assert not missing, f"answered but not documented in openapi/openapi.json: {missing}"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not SEEN:
        return
    codes = documented()
    listed = sum(len(statuses) for statuses in codes.values())
    seen = {s for s in SEEN if (s[0], s[1]) in codes}
    operations = {(s[0], s[1]) for s in seen}
    terminalreporter.write_line(
        f"contract: {listed} status codes documented over {len(codes)} operations; "
        f"{len(seen)} observed over {len(operations)} operations, "
        f"{len(undocumented(seen))} of them undocumented")
