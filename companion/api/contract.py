"""The contract besides the schemas: the statuses each operation answers and its headers.

A view names what it can answer with ``@blp.answers(404, 503, reads=..., sends=...)``
(``companion.api.http.Blueprint``); :func:`prepare` turns that into the operation's
OpenAPI entry, and :func:`register` the shared pieces: one response per status,
documented as ``application/problem+json`` with the Problem schema, and the headers
of ``shared/API.md``. ``tests/api/conftest.py`` checks every answer the API tests
and the fuzzers see against the exported document.
"""

from __future__ import annotations

import http
from typing import Any

from apispec import BasePlugin

PROBLEM_JSON = "application/problem+json"
RETRY = {"Retry-After": "Retry-After"}

#: status -> what it means anywhere in this API, and the headers it always carries
STATUSES: dict[int, tuple[str, dict[str, str]]] = {
    304: ("Not modified: If-None-Match names the current ETag; no body",
          {"ETag": "ETag"}),
    400: ("Malformed JSON, a body nested too deep or holding a whole number beyond "
          "2^53 - 1 either way, or a header the service cannot read (Idempotency-Key)", {}),
    401: ("Missing or unknown token (also a token revoked since an idempotent request)",
          {"WWW-Authenticate": "WWW-Authenticate"}),
    403: ("This token may not do that: another seat's, or not the host's", {}),
    404: ("Unknown session, join code, game or seat", {}),
    409: ("Not now: not your turn, the wrong phase, the game not started or over, the "
          "session full, or a request with this Idempotency-Key still being processed", {}),
    412: ("If-Match names a version that is no longer current: nothing changed", {}),
    413: ("The body is larger than MAX_CONTENT_LENGTH", {}),
    415: ("A body that is not JSON (Content-Type: application/json)", {}),
    422: ("Fields the schema refuses (listed under errors), a move the rules forbid "
          "(with its rule), or an Idempotency-Key reused with another body", {}),
    429: ("Too many requests from this address (rate limit, or open live streams)", RETRY),
    503: ("Not now, try again after Retry-After: the store is unreachable or refuses "
          "writes (a failover, a failed save, full), new sessions wait while the store "
          "is above its high-water mark, another import is running in this worker, or "
          "this worker has no room for another live stream", RETRY),
}

#: ``answers`` keywords of a write that takes an Idempotency-Key, and of one that also
#: takes If-Match (the moves and what else changes a game's version)
KEYED: dict[str, tuple[str, ...]] = {"reads": ("Idempotency-Key",),
                                     "sends": ("ETag", "Idempotent-Replayed")}
VERSIONED: dict[str, tuple[str, ...]] = {"reads": ("Idempotency-Key", "If-Match"),
                                         "sends": ("ETag", "Idempotent-Replayed")}

#: ``answers`` keywords of a write that takes an Idempotency-Key and no token (create,
#: import, join): its key must be long enough not to be guessed
OPEN_KEYED: dict[str, tuple[str, ...]] = {"reads": ("Idempotency-Key-Untokened",),
                                          "sends": ("ETag", "Idempotent-Replayed")}

#: the length of an Idempotency-Key (``http.idempotency_key``), and the least of one
#: sent without a token
MAX_KEY, MIN_ANONYMOUS_KEY = 200, 22

#: request headers of the contract (component parameters, in: header; ``name``: the
#: header's, when the component's differs)
REQUEST_HEADERS: dict[str, dict[str, Any]] = {
    "Idempotency-Key": {
        "description": "Repeating a write with the same key and body answers the first "
                       "response again (Idempotent-Replayed: true) and applies nothing "
                       "twice; another body with it: 422; while the first is still being "
                       "processed: 409. Scoped to the token (to the endpoint without one), "
                       "kept 24 h. Where no token is needed (create, join, import) it must "
                       "have at least 22 characters (400 otherwise).",
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY}},
    "Idempotency-Key-Untokened": {
        "name": "Idempotency-Key",
        "description": "As Idempotency-Key elsewhere, on a write that needs no token "
                       "(create, import, join): scoped to the endpoint, so it must be a "
                       f"random string of at least {MIN_ANONYMOUS_KEY} characters (400 "
                       "otherwise).",
        "schema": {"type": "string", "minLength": MIN_ANONYMOUS_KEY, "maxLength": MAX_KEY}},
    "If-Match": {
        "description": 'The version the move is meant for, as its ETag ("<version>", '
                       'W/"<version>" too, several separated by commas); none current: '
                       "412 and nothing changes. * or absent: any version.",
        "schema": {"type": "string", "example": '"7"'}},
    "If-None-Match": {
        "description": 'The ETag (a session\'s: "<version>") the client holds: 304 '
                       "without a body while it is still the current one.",
        "schema": {"type": "string"}},
    "Last-Event-ID": {
        "description": "The last version received: the stream first replays every version "
                       "after it from the stored log (also ?since=).",
        "schema": {"type": "string"}},
}

#: response headers of the contract (component headers)
RESPONSE_HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {"description": 'The session\'s version, as "<version>" (a picture\'s: a '
                            "validator of what it shows, for If-None-Match)",
             "schema": {"type": "string"}},
    "Retry-After": {"description": "Seconds to wait before trying again",
                    "schema": {"type": "integer"}},
    "Idempotent-Replayed": {
        "description": "true: this is the first response to this Idempotency-Key, again",
        "schema": {"type": "string", "enum": ["true"]}},
    "WWW-Authenticate": {
        "description": "The scheme a token must come in: Bearer",
        "schema": {"type": "string", "example": 'Bearer realm="companion"'}},
}


def register(spec: Any, problem_schema: Any) -> None:
    """The shared headers and one response per status (under flask-smorest's names,
    ``NOT_FOUND`` …, so its own 422 for refused arguments is the same problem+json)."""
    for name, doc in REQUEST_HEADERS.items():
        spec.components.parameter(name, "header", dict(doc))
    for name, doc in RESPONSE_HEADERS.items():
        spec.components.header(name, doc)
    for status in http.HTTPStatus:
        description, headers = STATUSES.get(status, (status.phrase, {}))
        response: dict[str, Any] = {"description": description}
        if status >= 400:
            response["content"] = {PROBLEM_JSON: {"schema": problem_schema}}
        if headers:
            response["headers"] = dict(headers)
        spec.components.response(status.name, response, lazy=True)


def prepare(doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """flask-smorest's documentation callback: what ``answers`` stored, into the
    operation (after its arguments and responses are documented)."""
    contract = doc_info.get("contract")
    if not contract:
        return doc
    responses = doc.setdefault("responses", {})
    for status in contract["statuses"]:
        if str(status) not in {str(code) for code in responses}:  # a described one stays
            responses[status] = http.HTTPStatus(status).name
    parameters = doc.setdefault("parameters", [])
    parameters.extend(name for name in contract["reads"] if name not in parameters)
    for status, response in responses.items():
        if str(status).startswith("2") and isinstance(response, dict):
            response.setdefault("headers", {}).update({h: h for h in contract["sends"]})
    return doc


class OperationIds(BasePlugin):
    """An ``operationId`` for every operation, from its view: ``<method><Class>`` for a
    class of views (``postSessionMoves``), the function's name in camelCase otherwise
    (``seatEvents``); the same operation outside ``/api/v1`` (``/healthz``) ends in
    ``Root``. Client generators name their methods with it."""

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **kwargs: Any) -> None:
        rule = kwargs.get("rule")
        if rule is None or not operations:
            return
        for method, operation in operations.items():
            operation.setdefault("operationId", operation_id(rule.endpoint, rule.rule,
                                                             method))


def operation_id(endpoint: str, rule: str, method: str) -> str:
    view = endpoint.split(".")[-1].split("/")[0]
    if view[:1].isupper():
        name = method.lower() + view
    else:
        first, *rest = view.split("_")
        name = first + "".join(part.capitalize() for part in rest)
        if method.lower() != "get":
            name = method.lower() + name[:1].upper() + name[1:]
    return name if rule.startswith("/api/") else name + "Root"
