"""How bench/fanout.py and bench/floor.py add their figures up from the parts they
measured (pure: a test imports it without gevent's patching)."""

from __future__ import annotations

#: the workers bench.table serves with: each hears every published move
WORKERS = 2


def frames(m: dict[str, float], streams: int) -> tuple[float, float]:
    """A public and a seat frame's cost: what ``streams`` more streams of that kind added
    per message to the one-stream figure ``m["one"]``, ÷ ``streams`` (bench.fanout and
    bench.floor measure them so)."""
    return (m["public"] - m["one"]) / streams, (m["seat"] - m["one"]) / streams


def derive(m: dict[str, float], streams: int, phones: float) -> dict[str, float]:
    """The per-frame and per-move figures from the medians ``m`` of one run: a frame is
    what ``streams`` more streams added per message, ÷ ``streams``; the listener is the
    one-stream message less its one (public) frame; a move at bench.table's mix is the
    POST, every worker's listener, ``phones`` seat frames and the screen's public one;
    the floor is the same with a request that does nothing and public frames only."""
    public, seat = frames(m, streams)
    listener = m["one"] - public
    return {"public": public, "seat": seat, "listener": listener,
            "summed": m["move"] + WORKERS * listener + phones * seat + public,
            "floor": m["noop"] + WORKERS * listener + (phones + 1) * public}
