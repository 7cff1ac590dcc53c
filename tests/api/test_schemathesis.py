"""Schemathesis against the generated OpenAPI document, in-process, every operation.

Seeded and with a bounded example budget (CI stays fast). Path parameters are
mapped onto a real, started table and requests carry its host token, so the
generated bodies reach the rules instead of stopping at 404 or 401. Checks: no
5xx, and every response matches the schema documented for its status.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.conftest import make_app

from .client import OBJECTIVES

TABLE: dict[str, str] = {}
EXAMPLES = 12


def started_table(app) -> dict[str, str]:
    client = app.test_client()
    created = client.post("/api/v1/sessions", json={"game": "gaia"}).get_json()
    for name in ("Ada", "Bo"):
        client.post(f"/api/v1/join/{created['code']}", json={"name": name})
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[2],
             "display": {"nature": ["plains", "desert", "mountain"],
                         "life": [{"kind": "animals", "symbol": "desert"},
                                  {"kind": "animals", "symbol": "sea"}]}}
    client.post(f"/api/v1/sessions/{created['id']}/start", json={"setup": setup},
                headers={"Authorization": f"Bearer {created['host_token']}"})
    return {"sid": created["id"], "code": created["code"], "token": created["host_token"]}


def test_every_operation(clean_redis, tmp_path):
    app = make_app(clean_redis, tmp_path, RATE_LIMIT_CREATE="100000 per minute",
                   RATE_LIMIT_JOIN="100000 per minute")
    TABLE.update(started_table(app))
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 25
    checked = 0
    for operation in operations:
        if operation.path.endswith("/events"):
            continue  # endless streams; covered by tests/api/test_live.py, test_seat_stream.py

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
                  suppress_health_check=list(HealthCheck), database=None)
        def run(case) -> None:
            for name in ("sid", "code"):
                if case.path_parameters and name in case.path_parameters:
                    case.path_parameters[name] = TABLE[name]
            case.call_and_validate(headers={"Authorization": f"Bearer {TABLE['token']}"},
                                   checks=[not_a_server_error, response_schema_conformance])

        run()
        checked += 1
    assert checked == len(operations) - sum(op.path.endswith("/events") for op in operations) \
        == len(operations) - 2  # the public stream and a seat's own
