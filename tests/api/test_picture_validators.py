"""The pictures answer 304 to a validator they sent: the QR code (drawn once per
link, its ETag changing with the join code) and the board (its ETag the version and
the language)."""

from __future__ import annotations

import uuid

from .client import Api


def test_qr_codes_are_revalidated_until_the_join_code_changes(live):
    api = Api(live.url)
    table = api.table(2)
    for kind, mimetype in (("png", "image/png"), ("svg", "image/svg+xml")):
        path = f"/sessions/{table['sid']}/qr.{kind}"
        first = api.get(path)
        assert first.status_code == 200 and first.headers["Content-Type"].startswith(mimetype)
        tag = first.headers["ETag"]
        again = api.get(path, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["ETag"] == tag
        assert api.get(path, headers={"If-None-Match": '"other"'}).content == first.content
    before = api.get(f"/sessions/{table['sid']}/qr.svg")
    changed = api.post(f"/sessions/{table['sid']}/code", table["host"], json={},
                       headers={"Idempotency-Key": str(uuid.uuid4())})
    assert changed.status_code in (200, 201), changed.text
    after = api.get(f"/sessions/{table['sid']}/qr.svg",
                    headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"]
    assert after.content != before.content


def test_the_board_answers_304_while_the_table_has_not_moved(live):
    api = Api(live.url)
    table = api.table(2)
    path = f"/sessions/{table['sid']}/board.svg"
    first = api.get(path, headers={"Accept-Language": "en"})
    assert first.status_code == 200
    tag = first.headers["ETag"]
    same = api.get(path, headers={"If-None-Match": tag, "Accept-Language": "en"})
    assert same.status_code == 304 and same.content == b"" and same.headers["ETag"] == tag
    # the words are in the picture: another language is another picture
    other = api.get(path, headers={"If-None-Match": tag, "Accept-Language": "it"})
    assert other.status_code == 200 and other.headers["ETag"] != tag
    move = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}
    assert api.post(f"/sessions/{table['sid']}/moves", table["tokens"][0],
                    json=move).status_code == 201
    moved = api.get(path, headers={"If-None-Match": tag, "Accept-Language": "en"})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
