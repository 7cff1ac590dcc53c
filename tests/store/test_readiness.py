"""The pool's zero-timeout "data left unread?" check under gevent (companion/store/readiness.py):
the system's poll answers it, and it still finds what a cancelled command left behind."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# run in a process of its own: monkey-patching must come first and must not leak into
# the test process
PROBE = """
from gevent import monkey; monkey.patch_all()
import json, select, sys, gevent
from companion.store import connect
from redis._parsers import hiredis

calls = {"gevent": 0}
cooperative = select.poll
def counted():
    calls["gevent"] += 1
    return cooperative()
select.poll = counted  # what hiredis's parser would reach through the patched module

client = connect(sys.argv[1])
client.set("readiness:key", "value")
calls["gevent"] = 0
for _ in range(50):
    assert client.get("readiness:key") == b"value"
zero_timeout_through_gevent = calls["gevent"]

# a command whose reply is never read (as a cancelled request leaves it): the next
# checkout must see the pending reply and not hand it to the next command
pool = client.connection_pool
conn = pool.get_connection()
conn.send_command("PING")
gevent.sleep(0.05)
pool.release(conn)
after_leftover = client.get("readiness:key")

# a wait with a timeout still goes through gevent's poll: the listener's kind of wait
calls["gevent"] = 0
pubsub = client.pubsub()
pubsub.subscribe("readiness:channel")
pubsub.get_message(timeout=1.0)  # the subscribe confirmation
pubsub.get_message(timeout=0.2)  # nothing more: waits cooperatively
waited_through_gevent = calls["gevent"]
pubsub.close()
print(json.dumps({"zero": zero_timeout_through_gevent, "leftover": after_leftover.decode(),
                  "waited": waited_through_gevent}))
"""


def test_zero_timeout_checks_skip_gevent_and_still_find_a_left_reply(clean_redis):
    out = subprocess.run([sys.executable, "-c", PROBE, clean_redis], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    # 50 commands, each checked before it is sent: none through gevent's poll
    assert seen["zero"] == 0
    # the PING's "PONG" left on the connection was found and the connection renewed
    assert seen["leftover"] == "value"
    # a listener's timed wait is still cooperative
    assert seen["waited"] >= 1
