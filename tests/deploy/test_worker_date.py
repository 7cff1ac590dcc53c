"""The Date header a worker writes is made once a second (companion/worker.py)."""

from __future__ import annotations

import email.utils
import time

import requests

from companion import worker
from tests.api.serving import Served


def test_the_date_is_formatted_once_a_second_and_a_given_time_as_before(monkeypatch):
    made: list[float | None] = []

    def formatted(timestamp: float | None = None) -> str:
        made.append(timestamp)
        return email.utils.formatdate(timestamp, usegmt=True)

    clock = [1_800_000_000.2]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    date = worker.date_once_a_second(formatted)
    first = date()
    clock[0] = 1_800_000_000.9  # the same second
    assert date() == first and len(made) == 1
    clock[0] = 1_800_000_001.0  # the next one
    later = date()
    assert later != first and len(made) == 2
    assert email.utils.parsedate_to_datetime(later).timestamp() == 1_800_000_001
    assert date(86_400.0) == "Fri, 02 Jan 1970 00:00:00 GMT" and made[-1] == 86_400.0


def test_a_served_answer_carries_the_current_date(clean_redis, tmp_path):
    served = Served(tmp_path, REDIS_URL=clean_redis)
    try:
        dates = [requests.get(served.url + "/healthz", timeout=5).headers["Date"]
                 for _ in range(3)]
    finally:
        served.stop()
    for date in dates:  # gunicorn's own format, and now
        assert date.endswith(" GMT")
        assert abs(email.utils.parsedate_to_datetime(date).timestamp() - time.time()) < 3
