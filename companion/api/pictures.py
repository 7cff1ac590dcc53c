"""Pictures: the QR code of the join URL, and the board as SVG."""

from __future__ import annotations

import io
from typing import Any

import qrcode
import qrcode.image.pure
import qrcode.image.svg
from flask import Response
from flask.views import MethodView

from companion.api.http import Blueprint, sessions
from companion.api.links import base_url
from companion.api.problems import language
from companion.games import GAMES

blp = Blueprint("pictures", __name__, url_prefix="/api/v1", description="QR codes and boards")


def _join_url(sid: str) -> str:
    return f"{base_url()}/j/{sessions().load(sid).doc['code']}"


def _picture(body: bytes | str, mimetype: str, version: int | None = None) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Cache-Control"] = "no-cache"
    if version is not None:
        response.headers["ETag"] = f'"{version}"'
    return response


@blp.route("/sessions/<sid>/qr.svg")
class QrSvg(MethodView):
    @blp.doc(responses={"200": {"description": "SVG",
                                "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
    @blp.answers(404, 503)
    def get(self, sid: str) -> Response:
        """QR code of the join URL (SVG)"""
        image = qrcode.make(_join_url(sid), image_factory=qrcode.image.svg.SvgPathImage,
                            box_size=12, border=2)
        return _picture(image.to_string(), "image/svg+xml")


@blp.route("/sessions/<sid>/qr.png")
class QrPng(MethodView):
    @blp.doc(responses={"200": {"description": "PNG",
                                "content": {"image/png": {"schema": {"type": "string",
                                                                     "format": "binary"}}}}})
    @blp.answers(404, 503)
    def get(self, sid: str) -> Response:
        """QR code of the join URL (PNG)"""
        image = qrcode.make(_join_url(sid), image_factory=qrcode.image.pure.PyPNGImage,
                            box_size=10, border=2)
        out = io.BytesIO()
        image.save(out)
        return _picture(out.getvalue(), "image/png")


@blp.route("/sessions/<sid>/board.svg")
class BoardSvg(MethodView):
    @blp.doc(responses={"200": {"description": "SVG",
                                "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
    @blp.answers(404, 503, sends=("ETag",))
    def get(self, sid: str) -> Any:
        """A picture of the table: tiles, animals, cities with needs met, pawns"""
        state, version = sessions().public(sid)
        lang = language()
        response = _picture(GAMES[state["game"]].board_svg(state, lang), "image/svg+xml")
        response.headers["ETag"] = f'"{version}-{lang}"'  # the words are in the picture
        response.headers["Vary"] = "Accept-Language"
        return response
