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
