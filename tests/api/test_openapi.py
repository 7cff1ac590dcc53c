"""The exported OpenAPI document is the generated one, and it covers the contract."""

import json
from pathlib import Path

EXPORTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"
REGENERATE = ("FLASK_APP=companion.app:create_app flask openapi write --format json "
              "openapi/openapi.json")


def test_exported_document_is_up_to_date(app):
    with app.test_request_context():
        generated = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    exported = json.loads(EXPORTED.read_text())
    assert json.loads(json.dumps(generated)) == exported, f"stale: run {REGENERATE}"


def test_every_contract_path_is_documented():
    paths = json.loads(EXPORTED.read_text())["paths"]
    for path in ["/sessions", "/sessions/{sid}", "/sessions/{sid}/events", "/join/{code}",
                 "/sessions/{sid}/seats/{seat}/token", "/sessions/{sid}/me/hand",
                 "/sessions/{sid}/start", "/sessions/{sid}/moves", "/sessions/{sid}/undo",
                 "/sessions/{sid}/finish", "/sessions/{sid}/rematch", "/rules/{game}",
                 "/sessions/{sid}/legal-moves", "/sessions/{sid}/me", "/sessions/{sid}/score",
                 "/sessions/{sid}/board.svg", "/sessions/{sid}/qr.svg", "/sessions/{sid}/qr.png",
                 "/sessions/{sid}/export", "/sessions/import"]:
        assert "/api/v1" + path in paths, path


def test_docs_are_served(live):
    import requests

    assert requests.get(f"{live.url}/api/v1/openapi.json", timeout=5).json()["info"]["title"]
    assert "swagger" in requests.get(f"{live.url}/api/v1/docs", timeout=5).text.lower()
    # Swagger UI 5 (it was 4.15, from 2022), served from the app, not a CDN
    from companion.api.docs import swagger_ui_path

    assert (swagger_ui_path / "VERSION").read_text().startswith("v5.")
    bundle = requests.get(f"{live.url}/api/v1/docs/ui/swagger-ui-bundle.js", timeout=10)
    assert bundle.status_code == 200 and len(bundle.content) > 1_000_000


def _operations(paths):
    for path, item in paths.items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, operation


def test_every_operation_has_its_own_operation_id():
    document = json.loads(EXPORTED.read_text())
    ids = [op.get("operationId") for _, _, op in _operations(document["paths"])]
    assert all(ids) and len(ids) == len(set(ids)), ids


def test_the_documented_constraints_are_the_enforced_ones(live):
    """The key's length where no token is needed, If-Match on the versioned writes, the
    challenge of a 401: as documented, and as answered."""
    import requests

    document = json.loads(EXPORTED.read_text())
    parameters, paths = document["components"]["parameters"], document["paths"]

    def reads(path, method):
        return {p["$ref"].rsplit("/", 1)[1] for p in paths["/api/v1" + path][method]
                .get("parameters", []) if "$ref" in p}

    untokened = parameters["Idempotency-Key-Untokened"]
    assert untokened["name"] == "Idempotency-Key" and untokened["schema"]["minLength"] == 22
    for path in ("/sessions", "/sessions/import", "/join/{code}"):
        assert "Idempotency-Key-Untokened" in reads(path, "post"), path
    for path in ("/sessions/{sid}/start", "/sessions/{sid}/moves", "/sessions/{sid}/undo",
                 "/sessions/{sid}/finish"):
        assert {"If-Match", "Idempotency-Key"} <= reads(path, "post"), path
    assert "WWW-Authenticate" in document["components"]["responses"]["UNAUTHORIZED"][
        "headers"]
    base = f"{live.url}/api/v1"
    short = requests.post(f"{base}/sessions", json={"game": "gaia"}, timeout=10,
                          headers={"Idempotency-Key": "x" * 21})
    assert short.status_code == 400
    created = requests.post(f"{base}/sessions", json={"game": "gaia"}, timeout=10,
                            headers={"Idempotency-Key": "x" * 22}).json()
    sid = created["id"]
    refused = requests.post(f"{base}/sessions/{sid}/finish", json={}, timeout=10)
    assert refused.status_code == 401
    assert refused.headers["WWW-Authenticate"].startswith("Bearer ")
    # a seat in a path: from 0 to the most any game seats, less one; past it, refused
    from companion.api.schemas import MOST_SEATS

    for path in ("/sessions/{sid}/seats/{seat}/token", "/sessions/{sid}/seats/{seat}",
                 "/sessions/{sid}/seats/{seat}/takeover"):
        seat = next(p for p in paths["/api/v1" + path]["parameters"] if p["name"] == "seat")
        assert (seat["schema"]["minimum"], seat["schema"]["maximum"]) == (0, MOST_SEATS - 1)
    past = requests.post(f"{base}/sessions/{sid}/seats/{MOST_SEATS}/token", timeout=10,
                         headers={"Authorization": f"Bearer {created['host_token']}"})
    assert past.status_code == 422
