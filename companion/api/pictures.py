"""Pictures: the QR code of the join URL, and the board as SVG."""

from __future__ import annotations

import functools
import hashlib
import io
from typing import Any

import qrcode
import qrcode.image.pure
import qrcode.image.svg
from flask import Response, current_app, request
from flask.views import MethodView

from companion.api.http import Blueprint, sessions
from companion.api.links import base_url
from companion.api.problems import language
from companion.games import GAMES

blp = Blueprint("pictures", __name__, url_prefix="/api/v1", description="QR codes and boards")


def _join_url(sid: str) -> str:
    return f"{base_url()}/j/{sessions().load(sid).doc['code']}"


def _picture(body: bytes | str, mimetype: str, tag: str) -> Response:
    """The picture with its validator (``tag``, unquoted); a 304 with no body when
    ``If-None-Match`` already names it. Kept only while revalidated (no-cache): a
    join code or a board changes."""
    response = Response(body, mimetype=mimetype)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = f'"{tag}"'
    return response


def _unchanged(tag: str) -> Response | None:
    if not request.if_none_match.contains_weak(tag):
        return None
    response = current_app.response_class(status=304)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["ETag"] = f'"{tag}"'
    return response


def _qr_tag(url: str, kind: str) -> str:
    """The QR picture's validator: it depends on the link only (the address and the
    join code), so a screen that reloads it gets a 304 until the code changes."""
    return hashlib.sha256(f"{kind}\n{url}".encode()).hexdigest()[:24]


#: a QR code drawn once per link and format (4-6 ms of CPU each time otherwise); the
#: links of the tables in play, bounded
@functools.lru_cache(maxsize=512)
def _qr(url: str, kind: str) -> bytes:
    if kind == "svg":
        svg = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=12,
                          border=2)
        return bytes(svg.to_string())
    png = qrcode.make(url, image_factory=qrcode.image.pure.PyPNGImage, box_size=10, border=2)
    out = io.BytesIO()
    png.save(out)
    return out.getvalue()


def _qr_response(sid: str, kind: str, mimetype: str) -> Response:
    url = _join_url(sid)
    tag = _qr_tag(url, kind)
    return _unchanged(tag) or _picture(_qr(url, kind), mimetype, tag)


@blp.route("/sessions/<sid>/qr.svg")
class QrSvg(MethodView):
    @blp.doc(responses={"200": {"description": "SVG",
                                "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
    @blp.answers(304, 404, 503, reads=("If-None-Match",), sends=("ETag",))
    def get(self, sid: str) -> Response:
        """QR code of the join URL (SVG); 304 while ``If-None-Match`` names its ETag"""
        return _qr_response(sid, "svg", "image/svg+xml")


@blp.route("/sessions/<sid>/qr.png")
class QrPng(MethodView):
    @blp.doc(responses={"200": {"description": "PNG",
                                "content": {"image/png": {"schema": {"type": "string",
                                                                     "format": "binary"}}}}})
    @blp.answers(304, 404, 503, reads=("If-None-Match",), sends=("ETag",))
    def get(self, sid: str) -> Response:
        """QR code of the join URL (PNG); 304 while ``If-None-Match`` names its ETag"""
        return _qr_response(sid, "png", "image/png")


@blp.route("/sessions/<sid>/board.svg")
class BoardSvg(MethodView):
    @blp.doc(responses={"200": {"description": "SVG",
                                "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
    @blp.answers(304, 404, 503, reads=("If-None-Match",), sends=("ETag",))
    def get(self, sid: str) -> Any:
        """A picture of the table: tiles, animals, cities with needs met, pawns; 304
        while ``If-None-Match`` names its ETag"""
        state, version = sessions().public(sid)
        lang = language()
        tag = f"{version}-{lang}"  # the words are in the picture
        response = _unchanged(tag) or _picture(
            GAMES[state["game"]].board_svg(state, lang), "image/svg+xml", tag)
        response.headers["Vary"] = "Accept-Language"
        return response
