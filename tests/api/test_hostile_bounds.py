"""Small bounds a stranger or a seated player probed (issue 19, rows 12-18), each
performed over real HTTP: the answer is a clear refusal (never a 500) and the
session is untouched, while the table's legitimate use keeps working."""

from __future__ import annotations

import requests

from .client import Api
from .sse import Stream

MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


# -- 12: Last-Event-ID --------------------------------------------------------------------
def test_a_last_event_id_that_is_no_version_is_refused_with_400(live):
    api = Api(live.url)
    t = api.table(2)
    streams = [(f"{api.base}/sessions/{t['sid']}/events", {}),
               (f"{api.base}/sessions/{t['sid']}/me/events",
                {"Authorization": f"Bearer {t['tokens'][0]}"})]
    for url, headers in streams:
        for bad in ("9223372036854775807", "-1", "1e3", "²", "x"):
            r = requests.get(url, headers={**headers, "Last-Event-ID": bad}, timeout=5)
            assert r.status_code == 400, (url, bad, r.text)
            assert r.json()["code"] == "bad_header"
        r = requests.get(url, params={"since": "9" * 30}, headers=headers, timeout=5)
        assert r.status_code == 400
    # the slots of the refused streams were given back; a version ahead of the store
    # (one it lost) starts afresh with the current state
    version = api.get(f"/sessions/{t['sid']}").json()["version"]
    for token in (None, t["tokens"][0]):
        path = "me/events" if token else "events"
        stream = Stream(f"{api.base}/sessions/{t['sid']}/{path}",
                        last_event_id=version + 1000, token=token)
        try:
            first = stream.next()
            assert int(first["id"]) == version and "state" in first["data"]
        finally:
            stream.close()
