"""The listener's pattern subscription read off its socket (``live.Pattern``),
against a real Redis: whole messages in order whatever their size or burst, a
subscription in effect once confirmed, a timeout that returns, a cut that is seen."""

from __future__ import annotations

import time

import pytest
import redis

from companion.live import Pattern
from companion.store import keys


@pytest.fixture
def pair(clean_redis):
    client = redis.Redis.from_url(clean_redis)
    pattern = Pattern(client, keys.CHANNEL_PATTERN)
    pattern.confirmed(timeout=5)
    yield client, pattern
    pattern.close()
    client.close()


def heard(pattern: Pattern, count: int) -> list[tuple[bytes, bytes]]:
    got: list[tuple[bytes, bytes]] = []
    deadline = time.monotonic() + 10
    while len(got) < count and time.monotonic() < deadline:
        got += pattern.messages(timeout=1.0)
    return got


def test_confirmed_means_in_effect_and_each_message_arrives_whole(pair):
    client, pattern = pair
    big = b'{"version":7,' + b"\n".join(b"x" * 997 for _ in range(300)) + b"}"  # ~300 kB
    # the subscription is in effect when confirmed: this PUBLISH reaches it
    assert client.publish(keys.channel("s1"), b"first\r\n*2\r\n") == 1
    assert client.publish(keys.channel("s2"), big) == 1
    assert heard(pattern, 2) == [(keys.channel("s1").encode(), b"first\r\n*2\r\n"),
                                 (keys.channel("s2").encode(), big)]


def test_a_burst_is_heard_in_order_and_other_channels_are_not(pair):
    client, pattern = pair
    with client.pipeline(transaction=False) as pipe:
        for k in range(500):
            pipe.publish(keys.channel(f"s{k % 7}"), b"%d" % k)
        pipe.publish("elsewhere", b"not ours")  # outside the pattern
        pipe.execute()
    got = heard(pattern, 500)
    assert [data for _channel, data in got] == [b"%d" % k for k in range(500)]
    assert pattern.messages(timeout=0.2) == []  # nothing else came


def test_a_quiet_wait_returns_empty_after_its_timeout(pair):
    _client, pattern = pair
    started = time.monotonic()
    assert pattern.messages(timeout=0.3) == []
    assert 0.25 <= time.monotonic() - started < 2


def test_a_cut_connection_raises_instead_of_going_quiet(pair):
    client, pattern = pair
    assert client.client_kill_filter(_type="pubsub") == 1
    with pytest.raises(redis.ConnectionError):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pattern.messages(timeout=0.5)
