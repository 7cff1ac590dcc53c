"""The commit record (``store.scripts.Commit``): each field goes to the KEYS or ARGV slot
the script's header names for it, and a commit written through the record against a
real Redis reads back as written — public (version +1, logged, published) and private
(same version, nothing logged, nothing published)."""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path

import pytest
import redis

from companion.store import (
    Commit,
    SessionOversize,
    Store,
    VersionConflict,
    connect,
    dumps,
    keys,
    scripts,
)

SID = "0123456789abcdef0123456789abcdef"
#: "# KEYS[1] = session: ..." / "# ARGV[10] = publish: ..." in the script's header
SLOT = re.compile(r"^# (KEYS|ARGV)\[(\d+)\] = (\w+):", re.MULTILINE)


def _header() -> dict[str, tuple[str, int]]:
    source = Path(scripts.__file__).read_text(encoding="utf-8")
    header = source[source.index("# Commit a change"):source.index("COMMIT = ")]
    return {name: (kind, int(i)) for kind, i, name in SLOT.findall(header)}


def _full() -> Commit:
    return Commit(SID, 7, {"doc": 1}, {"k": "move", "v": 3}, keys.idempotency(SID, "a", "b"),
                  {"h": "x", "status": 201}, {"version": 3, "events": [], "state": {}},
                  (2, {"hand": ["sea"]}), 999)


def test_each_field_lands_in_the_slot_the_header_names():
    c = _full()
    call = scripts.commit_call(c, session_ttl=111, idem_ttl=222, sharded=True)
    expected = {
        "session": keys.session(SID), "log": keys.log(SID), "idem_key": c.idem_key,
        "expected": 7, "doc": dumps(c.doc), "entry": dumps(c.entry),
        "idem_record": dumps(c.idem_record), "idem_ttl": 222, "session_ttl": 111,
        "max_bytes": 999, "message": dumps(c.message), "channel": keys.channel(SID),
        "publish": "SPUBLISH", "view": b'2:{"hand":["sea"]}'}
    header = _header()
    assert set(header) == set(expected)
    # every field of the record is named in the header (``sid`` names the keys)
    assert {f.name for f in dataclasses.fields(Commit)} - {"sid"} <= set(header)
    slots = {"KEYS": call.keys, "ARGV": call.args}
    for name, (kind, i) in header.items():
        assert slots[kind][i - 1] == expected[name], name
    assert sorted(i for kind, i in header.values() if kind == "ARGV") == \
        list(range(1, len(call.args) + 1))
    assert len(call.keys) == 3 and call.doc == dumps(c.doc)
    # the script reads no slot its header does not name
    used = {int(i) for i in re.findall(r"ARGV\[(\d+)\]", scripts.COMMIT)}
    assert used <= set(range(1, len(call.args) + 1))


def test_a_private_commit_leaves_its_optional_slots_empty():
    call = scripts.commit_call(Commit(SID, 4, {"doc": 2}), 10, 20, sharded=False)
    header = _header()
    for name in ("entry", "idem_record", "message", "view"):
        assert call.args[header[name][1] - 1] == "", name
    assert call.args[header["publish"][1] - 1] == "PUBLISH"
    assert call.args[header["max_bytes"][1] - 1] == 0
    assert f"{{{SID}}}" in call.keys[2]  # the unused key still names the session's slot
    with pytest.raises(ValueError):
        Commit(SID, 4, {}, idem_key="k")  # a key without the answer kept under it


def _next_message(pubsub: redis.client.PubSub) -> bytes:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        got = pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
        if got is not None:
            return bytes(got["data"])
    raise AssertionError("no message published within 10 s")


def test_commits_through_the_record_read_back_from_a_real_redis(clean_redis):
    store = Store(connect(clean_redis), 3600, 600)
    assert store.create(SID, {"n": 0}, [{"k": "create"}])
    first = store.load(SID)
    assert first is not None and (first.version, first.revision) == (1, 0)
    pubsub = redis.Redis.from_url(clean_redis).pubsub()
    pubsub.subscribe(keys.channel(SID))
    assert pubsub.get_message(timeout=5) is not None  # subscribed
    idem = keys.idempotency(SID, "seat0", "key")
    message = {"version": 2, "events": [{"type": "x"}], "state": {"n": 1}}
    public = Commit(SID, 0, {"n": 1}, {"k": "move", "v": 2}, idem, {"h": "h", "status": 201},
                    message, (1, {"hand": ["sea"]}))
    assert store.commit(public) == 2
    loaded = store.load(SID, idem)
    assert loaded is not None and (loaded.version, loaded.revision) == (2, 1)
    assert loaded.doc == {"n": 1} and loaded.idem == {"h": "h", "status": 201}
    assert store.log(SID) == [{"k": "create"}, {"k": "move", "v": 2}]
    raw = redis.Redis.from_url(clean_redis)
    assert 0 < raw.ttl(idem) <= 600 and 3000 < raw.ttl(keys.session(SID)) <= 3600
    assert _next_message(pubsub) == (dumps(message) + b"\n1\n" + dumps({"n": 1})
                                      + b'\n1:{"hand":["sea"]}')
    # the same key again: the answer kept, nothing written
    assert store.commit(dataclasses.replace(public, expected=1)) == {"h": "h", "status": 201}
    # private: the version the store holds, the document alone, no publish
    assert store.commit(Commit(SID, 1, {"n": 2})) == 2
    loaded = store.load(SID)
    assert loaded is not None and (loaded.version, loaded.revision, loaded.doc) == \
        (2, 2, {"n": 2})
    assert len(store.log(SID)) == 2
    with pytest.raises(VersionConflict):
        store.commit(Commit(SID, 1, {"n": 9}))
    with pytest.raises(SessionOversize):
        store.commit(Commit(SID, 2, {"n": 9}, {"k": "move"}, max_bytes=10))
    # the next public commit is the next message: the private one published nothing
    store.commit(Commit(SID, 2, {"n": 3}, {"k": "move"}, message={"version": 3}))
    assert _next_message(pubsub) == b'{"version":3}\n3\n{"n":3}'
    pubsub.close()
