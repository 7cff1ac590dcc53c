from .client import Api


def test_create_join_start_move(live):
    api = Api(live.url)
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["events"][0]["type"] == "tile_placed"
    assert r.headers["ETag"] == f'"{body["version"]}"'
