"""What each page of the service requests, per client kind and per trigger: the list
bench/table.py's simulated clients follow, and that tests/bench/test_page_requests.py
compares with what a real browser records. Keep it in step with the pages.

Pure data (no gevent): a test process can import it.
"""

from __future__ import annotations

LANG = "en"

#: load() in play.js: the seat's private view and its legal moves, one answer
ME = "GET /api/v1/sessions/{sid}/me?include=legal"

# What each page asks for, per trigger. "{sid}" is the session; "{lang}" the page's language;
# a query string is part of the request (it decides what the server computes).
# Static files (HTML, JS modules, CSS, icons) are left out: a browser caches them.
REQUESTS: dict[str, dict[str, list[str]]] = {
    # companion/pages/static/js/play.js (the phone)
    "phone": {
        # start(): loadMessages() (common.js), then load(): Promise.all of the state and
        # the seat's private view with its legal moves; then seatLive() (common.js) opens
        # the seat's own stream, GET …/me/events with the token in a header
        "load": ["GET /i18n/{lang}.json", "GET /api/v1/sessions/{sid}", ME],
        # onLive() on the seat's stream: a version newer than the one shown calls
        # load(msg.state, msg.me): the message carries the state and the seat's own view
        # with its legal moves, so nothing is read
        "message": [],
        # the same callback when a message carries no state (the host reading a seat
        # without a phone, on the public stream): load() reads both
        "message_no_state": ["GET /api/v1/sessions/{sid}", ME],
        # load() called while a load is running: a version already on its way is not
        # read again (the mover's own live message); a newer one is shown once the
        # running load ends, with the state and view its message carried
        "again": [],
        # send(move): the POST (?include=me), whose answer brings the state and the
        # seat's own part: load(r.data.state, r.data.me) reads nothing; the mover's own
        # live message, held while the POST is on its way, is then already shown
        "move": ["POST /api/v1/sessions/{sid}/moves?include=me"],
        # load() on a finished game whose score it has not read for this version
        "finished": ["GET /api/v1/sessions/{sid}/score"],
    },
    # companion/pages/static/js/table.js (the table screen)
    "screen": {
        # top level: loadMessages() (the catalogue), refresh() (the state), loadFeed()
        # (the log); then live()
        "load": ["GET /i18n/{lang}.json", "GET /api/v1/sessions/{sid}",
                 "GET /api/v1/sessions/{sid}/moves"],
        # onMessage(): update(message.state) draws it; no request
        "message": [],
        # onMessage() without a state: refresh()
        "message_no_state": ["GET /api/v1/sessions/{sid}"],
        # update() → loadScore() on a finished game
        "finished": ["GET /api/v1/sessions/{sid}/score"],
    },
}


def requests_for(kind: str, trigger: str, sid: str, given: bool = False) -> list[str]:
    """The trigger's list; ``given``: the state is at hand, so the state read is skipped."""
    listed = [r.format(sid=sid, lang=LANG) for r in REQUESTS[kind][trigger]]
    if given:
        listed = [r for r in listed if r != f"GET /api/v1/sessions/{sid}"]
    return listed
