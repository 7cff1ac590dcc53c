"""The setup draft: the table's phones enter the game's setup together in the lobby."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from companion.api import schemas
from companion.api.http import Blueprint, bearer, expected_version, respond, sessions

blp = Blueprint("setup", __name__, url_prefix="/api/v1",
                description="The setup the table's phones fill in before the start")


class SetupSlotSchema(schemas.Strict):
    slot = fields.String(required=True, validate=validate.Length(min=1, max=40), metadata={
        "description": "a dotted place of the start's setup, e.g. `objectives.2`, "
                       "`display.nature.0`, `display.life.1`"})
    value = fields.Raw(required=True, allow_none=True, metadata={
        "description": "what the start's setup holds there (an objective's terrains, a "
                       "card); null empties the slot"})


class SetupDraftResultSchema(Schema):
    version = fields.Integer()
    events = fields.List(fields.Dict())
    state = fields.Nested(schemas.StateSchema, metadata={
        "description": "the public state; its `setup_draft` maps each slot filled to "
                       "`{value, by}` (by: the player's name, null for the host)"})


@blp.route("/sessions/<sid>/setup")
class SetupDraft(MethodView):
    @blp.arguments(SetupSlotSchema())
    @blp.response(200, SetupDraftResultSchema)
    @blp.alt_response(409, schema=schemas.ProblemSchema,
                      description="the game has started, or the draft changed too often")
    @blp.alt_response(422, schema=schemas.ProblemSchema,
                      description="no such slot, or a value the setup refuses there")
    @blp.answers(400, 401, 404, 412, 413, 415, 503, reads=("If-Match",), sends=("ETag",))
    def put(self, body: dict[str, Any], sid: str) -> Any:
        """Put one slot of the setup (a seat or the host, in the lobby): every screen sees
        it fill; the last write stands, If-Match refuses a stale one (412). The host's
        start still sends the whole setup"""
        return respond(sessions().put_setup(sid, bearer(), body["slot"], body["value"],
                                            expected_version()))


__all__ = ["blp"]
