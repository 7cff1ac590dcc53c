"""Results to take home: the ranking of ``GET …/score`` as a CSV file, and as a play for
the BG Stats app (its public "push plays from other apps" format: a JSON object, also
sent url-encoded in an ``https://app.bgstatsapp.com/createPlay.html?data=…`` link)."""

from __future__ import annotations

import csv
import io
import json
import time
from typing import Any
from urllib.parse import quote

from flask import Response
from flask.views import MethodView

from companion.api import schemas
from companion.api.http import Blueprint, sessions
from companion.games import GAMES

blp = Blueprint("results", __name__, url_prefix="/api/v1",
                description="Results: CSV and a BG Stats play")

BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Tabletop Companion"


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        keys += [k for k, v in (row.get("breakdown") or {}).items()
                 if isinstance(v, int | float) and k not in keys]
    return keys


def score_csv(score: dict[str, Any]) -> str:
    """One line per player in rank order: rank, seat, name, total, each breakdown number,
    how a tie was broken (G9.3: the score's ``tie_broken_by``, empty when none) and, for
    a place several players share (G9.4), the others' names (``shared_with``)."""
    rows = sorted(score["players"], key=lambda r: (r["rank"], r["seat"]))
    keys = _columns(rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["rank", "seat", "name", "total", *keys, "tie_broken_by", "shared_with"])
    for r in rows:
        shared = "; ".join(_cell(o["name"]) for o in rows
                           if o["rank"] == r["rank"] and o["seat"] != r["seat"])
        writer.writerow([r["rank"], r["seat"], _cell(r["name"]), r["total"],
                         *[(r.get("breakdown") or {}).get(k, 0) for k in keys],
                         score.get("tie_broken_by", ""), shared])
    return out.getvalue()


def _cell(name: Any) -> Any:
    """A name a spreadsheet would run as a formula is written as text (CSV injection)."""
    return "'" + name if str(name).startswith(("=", "+", "-", "@")) else name


def bgstats_play(doc: dict[str, Any], score: dict[str, Any]) -> dict[str, Any]:
    """The play as BG Stats imports it: game, date, duration and each player's result."""
    game = GAMES[doc["game"]]
    state = doc.get("state") or {}
    first = state.get("first_player", (state.get("turn") or {}).get("seat"))
    created = int(doc.get("created") or time.time())
    players = [{"name": r["name"], "rank": r["rank"], "score": r["total"],
                "winner": r["rank"] == 1, "startPlayer": r["seat"] == first,
                "sourcePlayerId": str(r["seat"]), "role": ""}
               for r in sorted(score["players"], key=lambda r: (r["rank"], r["seat"]))]
    low_wins = bool((doc.get("options") or {}).get("low_wins"))  # the score pad's option
    return {"game": {"name": game.label["en"], "sourceGameId": doc["game"],
                     "highestWins": not low_wins, "noPoints": False},
            "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(created)),
            "durationMin": max(0, int(time.time() - created) // 60),
            "location": SOURCE, "board": "", "comments": "", "players": players}


@blp.route("/sessions/<sid>/score.csv")
class ScoreCsv(MethodView):
    @blp.doc(responses={"200": {"description": "CSV (RFC 4180)",
                                "content": {"text/csv": {"schema": {"type": "string"}}}}})
    @blp.answers(404, 503)
    def get(self, sid: str) -> Response:
        """The score table as a CSV file: rank, seat, name, total, breakdown, tiebreak"""
        body = score_csv(sessions().score(sid))
        response = Response(body, mimetype="text/csv")
        response.headers["Content-Disposition"] = f'attachment; filename="results-{sid[:8]}.csv"'
        return response


@blp.route("/sessions/<sid>/score/bgstats")
class ScoreBgStats(MethodView):
    @blp.response(200, schemas.BgStatsSchema)
    @blp.answers(404, 503)
    def get(self, sid: str) -> Any:
        """The result as a BG Stats play (``play``) and the link that imports it (``url``)"""
        score = sessions().score(sid)
        play = bgstats_play(sessions().load(sid).doc, score)
        data = json.dumps(play, separators=(",", ":"), ensure_ascii=False)
        return {"final": score["final"], "play": play, "url": BGSTATS_LINK + quote(data, safe="")}
