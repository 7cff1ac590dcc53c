"""The REST API (flask-smorest): blueprints, OpenAPI settings, error mapping."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_smorest import Api as _Api

from companion.api import (
    contract,
    docs,
    game_schemas,
    games,
    guards,
    join,
    pictures,
    problems,
    results,
    schemas,
    seats,
    sessions,
    setup,
    stream,
)

OPENAPI = {
    "API_TITLE": "Tabletop Companion",
    "API_VERSION": "v1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api/v1",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {"description": "Keeps, adjudicates and scores physical board games. "
                                "Errors are application/problem+json (RFC 9457)."},
        "components": {"securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer",
                       "description": "host token (from create) or player token (from join)"}}},
        "security": [{"bearer": []}, {}],
    },
}


class Api(_Api):  # type: ignore[misc]
    """flask-smorest's Api, documenting and answering errors as problem+json."""

    ERROR_SCHEMA = schemas.ProblemSchema
    #: no catch-all "default" answer: every status an operation answers is listed
    DEFAULT_ERROR_RESPONSE_NAME = None

    def _register_error_handlers(self) -> None:
        problems.register(self._app)

    def _register_responses(self) -> None:
        contract.register(self.spec, self.ERROR_SCHEMA)


def init_api(app: Flask) -> Api:
    for key, value in OPENAPI.items():
        app.config.setdefault(key, value)
    api = Api(app, spec_kwargs={"extra_plugins": [contract.OperationIds()]})
    game_schemas.document(api.spec)  # one move schema per game, from GAMES
    for module in (sessions, seats, setup, join, stream, pictures, results, games):
        api.register_blueprint(module.blp)
    api.register_blueprint(join.health)
    app.register_blueprint(docs.bp)  # vendored Swagger UI at /api/v1/docs (not in the spec)
    guards.init(app)
    return api


__all__: list[Any] = ["Api", "init_api"]
