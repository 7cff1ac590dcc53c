"""Seats without a phone (the host adds one, or takes one over) and seat links."""

from __future__ import annotations

from typing import Any

import qrcode
import qrcode.image.svg
from flask.views import MethodView

from companion.api import contract, schemas
from companion.api.http import Blueprint, bearer, idem, respond, sessions
from companion.api.links import base_url, with_links

blp = Blueprint("seats", __name__, url_prefix="/api/v1",
                description="Seats the host plays for, and links that hand a seat to a phone")


@blp.route("/sessions/<sid>/seats")
class SeatList(MethodView):
    @blp.arguments(schemas.JoinSchema())
    @blp.response(201, schemas.SeatAddedSchema)
    @blp.alt_response(403, schema=schemas.ProblemSchema, description="not the host")
    @blp.alt_response(409, schema=schemas.ProblemSchema, description="the game has started")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="colour taken, full")
    @blp.answers(400, 401, 404, 413, 415, 503, **contract.KEYED)
    def post(self, fields: dict[str, Any], sid: str) -> Any:
        """Add a seat without a phone (host, in the lobby); the host plays for it"""
        return respond(sessions().add_seat(sid, bearer(), fields, idem(sid, "seat")))


@blp.route("/sessions/<sid>/seats/<int:seat>/takeover", parameters=[schemas.SEAT_PATH])
class SeatTakeover(MethodView):
    @blp.response(201, schemas.ChangeResultSchema)
    @blp.alt_response(403, schema=schemas.ProblemSchema, description="not the host")
    @blp.alt_response(409, schema=schemas.ProblemSchema, description="already without phone")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="no such seat")
    @blp.answers(400, 401, 404, 413, 415, 503, **contract.KEYED)
    def post(self, sid: str, seat: int) -> Any:
        """The host plays for this seat from now on: its phone's token stops working
        (a public event, ``seat_taken_over``)"""
        return respond(sessions().take_over(sid, bearer(), seat,
                                            idem(sid, f"takeover{seat}")))


@blp.route("/sessions/<sid>/seats/<int:seat>", parameters=[schemas.SEAT_PATH])
class Seat(MethodView):
    @blp.response(201, schemas.ChangeResultSchema)
    @blp.alt_response(403, schema=schemas.ProblemSchema, description="not the host")
    @blp.alt_response(409, schema=schemas.ProblemSchema, description="the game has started")
    @blp.alt_response(422, schema=schemas.ProblemSchema, description="no such seat")
    @blp.answers(400, 401, 404, 503, **contract.KEYED)
    def delete(self, sid: str, seat: int) -> Any:
        """Remove a seat (host, in the lobby): the seats after it move up one, each
        keeping its phone; the removed seat's token stops working (``player_removed``)"""
        return respond(sessions().remove_seat(sid, bearer(), seat,
                                              idem(sid, f"remove{seat}")))


@blp.route("/sessions/<sid>/code")
class JoinCode(MethodView):
    @blp.response(201, schemas.CodeChangedSchema)
    @blp.alt_response(403, schema=schemas.ProblemSchema, description="not the host")
    @blp.answers(400, 401, 404, 409, 422, 503, **contract.KEYED)
    def post(self, sid: str) -> Any:
        """A new join code (host): the old code and the seat links carrying it stop
        working; seated players keep their seats (``code_changed``)"""
        body, status, headers = respond(sessions().rotate_code(sid, bearer(),
                                                               idem(sid, "code")))
        return with_links({**body, "id": sid}), status, headers


def seat_link(code: str, seat: int, token: str) -> dict[str, Any]:
    """The link that opens a seat's play view on another device, and its QR code.

    The token travels only in the fragment (never sent to a server, never in a
    log), and the QR code is drawn here from the response itself, so no request
    ever carries the token in its URL."""
    url = f"{base_url()}/j/{code}#seat={seat}&token={token}"
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage,
                        box_size=10, border=2)
    svg = image.to_string().decode()
    return {"seat": seat, "seat_url": url, "qr_svg": svg[svg.index("<svg"):]}
