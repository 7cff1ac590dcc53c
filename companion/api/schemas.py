"""Wire formats. The OpenAPI document is generated from these schemas."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from companion.games import GAMES


class Strict(Schema):
    class Meta:
        unknown = RAISE


class ProblemSchema(Schema):
    type = fields.String(metadata={"description": "URI of the problem type (a rule link)"})
    title = fields.String()
    status = fields.Integer()
    detail = fields.String(metadata={"description": "a sentence in the request's language"})
    code = fields.String(metadata={"description": "stable machine-readable code"})
    rule = fields.String(metadata={"description": "the rule id, e.g. G6.2"})
    key = fields.String(metadata={"description": "message key of the sentence"})
    params = fields.Dict(metadata={"description": "parameters of the sentence"})
    errors = fields.Dict(metadata={"description": "field errors"})


class StateSchema(Schema):
    """Public state: everything but hands and tokens."""

    id = fields.String()
    game = fields.String()
    status = fields.String(validate=validate.OneOf(["lobby", "playing", "finished"]))
    version = fields.Integer()
    moves = fields.Integer(metadata={"description": "moves in force (undone ones left out)"})
    code = fields.String(metadata={"description": "join code (in the lobby)"})
    options = fields.Dict()
    order = fields.List(fields.Integer(), metadata={"description": "turn order (seats)"})
    players = fields.List(fields.Dict())
    turn = fields.Dict(allow_none=True)
    board = fields.Dict()
    supply = fields.Dict(allow_none=True)
    piles = fields.Dict(allow_none=True)
    objectives = fields.List(fields.Dict())
    result = fields.Dict(allow_none=True)
    rematch = fields.Dict()


class CreateSchema(Strict):
    game = fields.String(required=True, validate=validate.OneOf(sorted(GAMES)))
    options = fields.Dict(load_default=dict)


class CreatedSchema(Schema):
    id = fields.String()
    code = fields.String()
    join_url = fields.String()
    qr_svg_url = fields.String()
    qr_png_url = fields.String()
    table_url = fields.String()
    host_token = fields.String(metadata={"description": "shown once; keep it"})
    state = fields.Nested(StateSchema)


class JoinSchema(Strict):
    name = fields.String(required=True, validate=validate.Length(min=1, max=24))
    color = fields.String()
    prototype = fields.String(metadata={"description": "Kazaam: the homunculus type"})
    ingredient = fields.String(metadata={"description": "Kazaam: the alchemist's ingredient"})


class JoinedSchema(Schema):
    session_id = fields.String()
    seat = fields.Integer()
    player_token = fields.String(metadata={"description": "shown once; keep it"})


class JoinInfoSchema(Schema):
    session_id = fields.String()
    game = fields.String()
    status = fields.String()
    open = fields.Boolean(metadata={"description": "seats can still be taken (the lobby)"})
    options = fields.Dict()
    players = fields.List(fields.Dict())
    min_players = fields.Integer()
    max_players = fields.Integer()
    seats_left = fields.Integer()
    colors = fields.List(fields.String())
    prototypes = fields.List(fields.String())
    ingredients = fields.List(fields.String())


class StartSchema(Strict):
    seating = fields.List(fields.Integer(strict=True), validate=validate.Length(max=8))
    first_player = fields.Integer(strict=True)
    setup = fields.Dict(load_default=dict, metadata={
        "description": "Gaia: {objectives: [[T,T,T,T] | [T x6]], display: {nature: [T,T,T], "
                       "life: [CARD, CARD]}}; Kazaam: {}"})


#: Every field any game's moves use (the document's summary); each game then refuses
#: the fields its own move types do not use (``companion/games/<game>/shapes.py``).
MoveSchema = Strict.from_dict({
    "type": fields.String(required=True, validate=validate.Length(max=40)),
    "seat": fields.Integer(strict=True, metadata={"description": "host only: the seat"}),
    "pile": fields.String(), "from": fields.String(), "slot": fields.Raw(),
    "card": fields.Raw(), "refill": fields.Raw(), "discard": fields.Raw(),
    "terrain": fields.String(), "symbol": fields.String(),
    "needs": fields.List(fields.String(), validate=validate.Length(max=8)),
    "at": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
    "claim_cities": fields.List(fields.List(fields.Integer(strict=True)),
                                validate=validate.Length(max=64)),
    "objective": fields.Integer(strict=True),
    "sources": fields.List(fields.Dict(), validate=validate.Length(max=64)),
    "auto": fields.Boolean(),
    "tile": fields.Dict(), "target": fields.Dict(),
    "answer": fields.String(), "to": fields.Raw(),
    "taken": fields.List(fields.Dict(), validate=validate.Length(max=8),
                         metadata={"description": "Gaia Tornado: the card taken from each"}),
    "keep": fields.Integer(strict=True, metadata={"description": "Gaia Tornado: kept card"}),
}, name="Move")


class MoveResultSchema(Schema):
    seq = fields.Integer(metadata={"description": "the move's number in the game"})
    version = fields.Integer()
    events = fields.List(fields.Dict())
    state = fields.Nested(StateSchema)


class ChangeResultSchema(Schema):
    version = fields.Integer()
    events = fields.List(fields.Dict())
    state = fields.Nested(StateSchema)


class UndoSchema(Strict):
    to_version = fields.Integer(strict=True, metadata={"description": "host: rewind to"})


class TokenSchema(Schema):
    player_token = fields.String()
    seat = fields.Integer()
    seat_url = fields.String(metadata={"description": "opens the seat's play view on a "
                                                      "phone; the token is in the fragment"})
    qr_svg = fields.String(metadata={"description": "QR code of seat_url (SVG markup)"})


class SeatAddedSchema(ChangeResultSchema):
    seat = fields.Integer(metadata={"description": "the new seat (no phone holds it)"})


class SeatQuery(Strict):
    seat = fields.Integer(validate=validate.Range(min=0, max=63),
                          metadata={"description": "host only: a seat without a phone"})


class HandSchema(Strict):
    nature = fields.List(fields.Raw(), validate=validate.Length(max=12))
    life = fields.List(fields.Raw(), validate=validate.Length(max=12))
    power = fields.List(fields.Raw(), validate=validate.Length(max=12))
    tiles = fields.List(fields.Raw(), validate=validate.Length(max=12))


class MeSchema(Schema):
    seat = fields.Integer(allow_none=True)
    name = fields.String()
    color = fields.String()
    host = fields.Boolean()
    hand = fields.Dict()
    your_turn = fields.Boolean()
    revealed = fields.Dict()
    declare_again = fields.Boolean(metadata={
        "description": "Kazaam K5.2: an arm took an unnamed tile from your fully declared "
                       "hand; declare your hand again"})
    version = fields.Integer()


class LegalSchema(Schema):
    seat = fields.Integer()
    version = fields.Integer()
    moves = fields.List(fields.Dict())


class LegalQuery(Strict):
    seat = fields.Integer(metadata={"description": "host only: whose moves"})


class StateQuery(Strict):
    wait = fields.Float(validate=validate.Range(min=0, max=30),
                        metadata={"description": "long-poll up to this many seconds"})
    since = fields.Integer(metadata={"description": "wait until version > since"})


class ScoreRowSchema(Schema):
    seat = fields.Integer()
    name = fields.String()
    total = fields.Integer()
    rank = fields.Integer()
    breakdown = fields.Dict()


class ScoreSchema(Schema):
    final = fields.Boolean()
    version = fields.Integer()
    players = fields.List(fields.Nested(ScoreRowSchema))


class LogEntrySchema(Schema):
    version = fields.Integer()
    kind = fields.String()
    seat = fields.Integer()
    by = fields.String()
    move = fields.Dict()
    to = fields.Integer()
    events = fields.List(fields.Dict())


class LogSchema(Schema):
    version = fields.Integer()
    entries = fields.List(fields.Nested(LogEntrySchema))
    next = fields.Integer(allow_none=True, metadata={
        "description": "more entries follow: pass this as ``since`` for the next page; "
                       "null when this page reaches the current version"})


class LogQuery(Strict):
    since = fields.Integer(strict=False, validate=validate.Range(min=0, max=2**31),
                           metadata={"description": "entries after this version"})
    limit = fields.Integer(validate=validate.Range(min=1, max=10_000), metadata={
        "description": "page size; at most MOVES_PAGE (200 by default) are returned"})


class RecordSchema(Schema):
    format = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(sorted(GAMES)))
    options = fields.Dict(load_default=dict)
    players = fields.List(fields.Dict(), required=True, validate=validate.Length(max=8))
    setup = fields.Dict(allow_none=True)
    moves = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=2000))
    finished_by_host = fields.Boolean(load_default=False)
    status = fields.String()
    version = fields.Integer()


class RulesSchema(Schema):
    game = fields.String()
    language = fields.String()
    rules = fields.List(fields.Dict())


class HealthSchema(Schema):
    status = fields.String()
