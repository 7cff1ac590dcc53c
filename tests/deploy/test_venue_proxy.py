"""Behind the shipped nginx (``deploy/nginx.conf``, Debian's nginx started here) with
``TRUSTED_PROXIES=1``, as compose runs it: the app counts the forwarded client, never
the proxy. Ten addresses, each a table holding ten streams, are all held through the
one proxy, and another address's table plays meanwhile, every move accepted.

Loopback only; bounded in connections and seconds."""

from __future__ import annotations

from tests.api.addresses import addresses, session_from
from tests.api.client import Api
from tests.api.held import Streams, open_stream
from tests.api.serving import Served
from tests.api.test_budget import PLAY

from .test_nginx_proxy import Nginx


def test_ten_addresses_of_ten_streams_are_held_behind_the_proxy(clean_redis, tmp_path):
    served = Served(tmp_path / "app", REDIS_URL=clean_redis, TRUSTED_PROXIES="1")
    nginx = Nginx(tmp_path / "nginx", served.port)
    streams = Streams()
    apis: list[Api] = []
    try:
        def api_from(source: str) -> Api:
            api = Api(nginx.url)
            api.http = session_from(source)
            apis.append(api)
            return api

        for source in addresses(10, first=40):  # 127.0.0.40 to .49
            table = api_from(source).table(2)
            base = f"/api/v1/sessions/{table['sid']}"
            for _ in range(2):  # the table screen and the host's phone
                streams.add(open_stream(nginx.port, f"{base}/events", source))
            for token in table["tokens"]:  # each phone, in four tabs
                for _ in range(4):
                    streams.add(open_stream(nginx.port, f"{base}/me/events", source, token))
        refused = [h.head.split("\r\n")[0] for h in streams.held if h.status != 200]
        # another address's table plays through the same proxy meanwhile
        other = api_from("127.0.0.60")
        table = other.table(2)
        statuses = []
        for i in range(15):
            if i % 2 == 0:
                r = other.post(f"/sessions/{table['sid']}/moves", table["tokens"][0], json=PLAY)
            else:
                r = other.post(f"/sessions/{table['sid']}/undo", table["host"], json={})
            statuses.append(r.status_code)
        plain = other.get(f"/sessions/{table['sid']}").status_code
        ended = sum(h.ended for h in streams.held)
        print(f"behind nginx: {len(streams.held)} streams from 10 addresses, {len(refused)} "
              f"refused, {ended} ended; another address's moves {statuses.count(201)} of 15")
        assert len(streams.held) == 100 and not refused, refused[:3]
        assert statuses == [201] * 15 and plain == 200
        assert not ended
    finally:
        streams.close()
        for api in apis:
            api.http.close()
        nginx.stop()  # first: its keep-alive connections to the app would hold its stop
        served.stop()
