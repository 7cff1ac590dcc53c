"""The Hub reads a published message's version from its first bytes and parses its events
and state once, only for a stream that asks: the same values either way."""

from __future__ import annotations

import queue

from companion import live
from companion.store import dumps


def _published(version: int) -> bytes:
    message = {"version": version, "events": [{"type": "end_turn", "seat": 1}],
               "state": {"version": version, "players": [{"name": "Ada\nBo"}]}}
    return dumps(message) + b"\n3\n" + dumps({"doc": True}) + b"\n1:" + dumps({"seat": 1})


def test_the_version_from_the_head_the_body_parsed_once_when_asked():
    hub = live.Hub(None)
    q: queue.Queue = queue.Queue()
    hub._subscribers["s"] = {q}
    hub._dispatch_sid("s", _published(123456789012))
    message = q.get_nowait()
    assert message.version == 123456789012 and not message.parsed._made  # not parsed yet
    assert message.committed == (123456789012, 3, b'{"doc":true}')
    assert message.view == (1, b'{"seat":1}')
    body = message.body()
    assert body["state"]["players"][0]["name"] == "Ada\nBo"
    assert body["events"] == [{"type": "end_turn", "seat": 1}]
    assert message.body() is body  # once per message, shared by the streams


def test_a_message_of_another_layout_is_parsed_whole():
    hub = live.Hub(None)
    q: queue.Queue = queue.Queue()
    hub._subscribers["s"] = {q}
    hub._dispatch_sid("s", b'{"events":[],"version":7,"state":{}}')
    message = q.get_nowait()
    assert message.version == 7 and message.body()["state"] == {}
    assert message.committed is None and message.view is None
