"""Wire formats. The OpenAPI document is generated from these schemas."""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, fields, post_dump, validate

from companion.api import game_schemas
from companion.games import GAMES

#: the most players any game seats (a game checks its own bounds)
MOST_SEATS = max(g.max_players for g in GAMES.values())
#: a seat in a path: a seat past the most any game seats is never at a table (422)
SEAT_PATH = {"in": "path", "name": "seat",
             "description": "a seat at this table, from 0 (any other: 422)",
             "schema": {"type": "integer", "minimum": 0, "maximum": MOST_SEATS - 1}}


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
    current_version = fields.Integer(metadata={
        "description": "412: the session's version now (send it in If-Match to retry)"})
    max_entries = fields.Integer(metadata={
        "description": "session_full: the most log entries a session may hold"})


#: The session's turn clock (a session option, not a game option); rematch, export and
#: import keep it.
CLOCK_OPTION = ("Turn clock: null (none), {\"per_turn\": seconds 10-3600} or "
                "{\"per_player\": minutes 1-180} (a chess clock). Running out is an event "
                "(clock_ran_out {seat, over_by}), never an automatic move.")
CLOCK_STATE = ("null without a clock; else {mode: per_turn | per_player, limit: seconds "
               "(per turn, or per player in all), seat: whose clock runs (null when none), "
               "turn_started_at: server time (s) the running turn began, now: server time "
               "(s) this state was read (a client corrects its own clock's skew with it), "
               "used: {seat: seconds used, the running turn included}, remaining: per_turn: "
               "seconds left in this turn (negative: over; null when no turn runs), "
               "per_player: {seat: seconds left}}. Undo puts the clock back as the "
               "remaining log says: the turn in force runs from where that log began it.")


class StateSchema(Schema):
    """Public state: everything but hands and tokens; besides these fields, each game's
    own (a score pad's ``title`` and ``round`` ...) as its public view has them."""

    class Meta:
        unknown = INCLUDE  # documented as open: the game's fields follow the listed ones

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
    clock = fields.Dict(allow_none=True, metadata={"description": CLOCK_STATE})
    known = fields.List(fields.Dict(), metadata={
        "description": "cards or tiles the table has seen, by their faces only (a game "
                       "whose cards are read off the table: its city cards, its tiles), then "
                       "the host's `box` create option: offered first when a card is named; "
                       "never who holds one"})

    @post_dump(pass_original=True)
    def _game_fields(self, data: dict[str, Any], original: Any, **_: Any) -> dict[str, Any]:
        # the game's own view fields pass through: only the game knows them
        extra = {k: v for k, v in original.items() if k not in data} \
            if isinstance(original, dict) else {}
        return {**extra, **data}


class CreateSchema(Strict):
    game = fields.String(required=True, validate=validate.OneOf(sorted(GAMES)))
    options = fields.Dict(load_default=dict, metadata={
        "description": "the game's options (`GET /games`); a game with `known` cards also "
                       "takes `box`: the cards or tiles the host's device saw in earlier "
                       "games, offered "
                       "as suggestions (at most what the game's components hold; a malformed "
                       "one is refused with 422)"})
    clock = fields.Raw(load_default=None, allow_none=True,
                       metadata={"description": CLOCK_OPTION})


class CreatedSchema(Schema):
    id = fields.String()
    code = fields.String()
    join_url = fields.String()
    qr_svg_url = fields.String()
    qr_png_url = fields.String()
    table_url = fields.String()
    host_token = fields.String(metadata={"description": "shown once; keep it"})
    state = fields.Nested(StateSchema)


#: name and colour, and what else any game asks of a joining player (its ``shapes.join``)
JoinSchema = game_schemas.joins_union()


class JoinedSchema(Schema):
    session_id = fields.String()
    seat = fields.Integer()
    player_token = fields.String(metadata={"description": "shown once; keep it"})


class _JoinInfo(Schema):
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
    title = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the game's name in each language"})
    suggested_colors = fields.List(fields.String(), metadata={
        "description": "the colours to offer first, when free (the game's rule)"})
    hint = fields.String(allow_none=True, metadata={
        "description": "message key of a sentence for the join form (in the messages of "
                       "/i18n/<lang>.json)"})
    choices = fields.List(fields.Dict(), metadata={
        "description": "the game's own join fields besides name and colour: "
                       "[{field, label (message key), values}]"})


#: with the other lists a game offers a joining player (``Game.join_choices``)
JoinInfoSchema = type("JoinInfoSchema", (_JoinInfo,), {
    choice: fields.List(fields.String(), metadata={"description": "offered by " + ", ".join(
        g.label["en"] for g in GAMES.values() if choice in g.join_choices)})
    for choice in sorted({c for g in GAMES.values() for c in g.join_choices})})


class StartSchema(Strict):
    seating = fields.List(fields.Integer(strict=True), validate=validate.Length(max=MOST_SEATS))
    first_player = fields.Integer(strict=True)
    setup = fields.Dict(load_default=dict, metadata={
        "description": "the game's own setup (one schema per game)",
        "allOf": [{"$ref": "#/components/schemas/GameSetup"}]})


#: An object with a ``type`` (and the seat the host names); the rest of the move is
#: checked once, by the session's game (its ``shapes``). The document shows each
#: game's own move schema (GameMove).
MoveSchema = game_schemas.move_envelope()


class MoveResultSchema(Schema):
    seq = fields.Integer(metadata={"description": "the move's number in the game"})
    version = fields.Integer()
    events = fields.List(fields.Dict())
    state = fields.Nested(StateSchema)
    me = fields.Dict(metadata={
        "description": "with `?include=me`: the acting seat's private view and legal moves "
                       "after the move (the body of `GET /me?include=legal`); absent for the "
                       "host playing a seat that has a phone, and in a replayed answer"})


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


class CodeChangedSchema(ChangeResultSchema):
    id = fields.String()
    code = fields.String(metadata={"description": "the new join code"})
    join_url = fields.String()
    qr_svg_url = fields.String()
    qr_png_url = fields.String()
    table_url = fields.String()


class SeatAddedSchema(ChangeResultSchema):
    seat = fields.Integer(metadata={"description": "the new seat (no phone holds it)"})


class SeatQuery(Strict):
    seat = fields.Integer(validate=validate.Range(min=0, max=63),
                          metadata={"description": "host only: a seat without a phone"})


class MeQuery(SeatQuery):
    include = fields.String(validate=validate.OneOf(["legal"]), metadata={
        "description": "`legal`: the answer also carries the seat's legal moves "
                       "(`legal_moves`, as `GET /legal-moves` gives them), from the same read"})


class MoveQuery(Strict):
    include = fields.String(validate=validate.OneOf(["me"]), metadata={
        "description": "`me`: the answer also carries the acting seat's private view and "
                       "legal moves (`me`), so the moving phone needs no further read"})


#: every pile any game's hand declares (each game's ``shapes.hand`` bounds its own)
HandSchema = game_schemas.hands_union()


class MeSchema(Schema):
    seat = fields.Integer(allow_none=True)
    name = fields.String()
    color = fields.String()
    host = fields.Boolean()
    hand = fields.Dict()
    your_turn = fields.Boolean()
    revealed = fields.Dict()
    declare_again = fields.Boolean(metadata={
        "description": "your declarations were turned back into unknown cards or "
                       "tiles (a card taken that they could not hold, or one taken "
                       "unseen from a fully declared hand: the game's rule says which): "
                       "declare your hand again"})
    known = fields.List(fields.Dict(), metadata={
        "description": "the table's known cards or tiles, and the ones this seat named "
                       "in its own hand (or an ear showed it)"})
    version = fields.Integer()
    legal_moves = fields.List(fields.Dict(), metadata={
        "description": "with `?include=legal`: the seat's legal moves ([] for the host "
                       "without `?seat=`)"})


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
    time_used = fields.Integer(metadata={"description": "with a turn clock: seconds this "
                                                        "player used, the running turn "
                                                        "included"})


class ScoreSchema(Schema):
    final = fields.Boolean()
    version = fields.Integer()
    tie_broken_by = fields.String(metadata={"description": "a final ranking where a tie was "
                                                           "broken: by what (`seating`, G9.3)"})
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
    players = fields.List(fields.Dict(), required=True,
                          validate=validate.Length(max=MOST_SEATS))
    setup = fields.Dict(allow_none=True)
    moves = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=2000))
    finished_by_host = fields.Boolean(load_default=False)
    status = fields.String()
    version = fields.Integer()
    clock = fields.Raw(allow_none=True, load_default=None,
                       metadata={"description": CLOCK_OPTION})
    started_at = fields.Float(allow_none=True, metadata={
        "description": "server time (s) the game started; each move carries its own "
                       "``t``. On import the recorded times give the time used; the turn "
                       "in force starts again at the import"})
    time_used = fields.Dict(metadata={"description": "seconds each seat used (a clock "
                                                     "only); recomputed on import"})


class RulesSchema(Schema):
    game = fields.String()
    language = fields.String()
    rules = fields.List(fields.Dict())


class HealthSchema(Schema):
    status = fields.String()
    store_disk = fields.String(metadata={
        "description": "readiness only: the store's disk is `ok`, `low` (under "
                       "STORE_DISK_RESERVE: new sessions wait, 503 creation_paused) or "
                       "`unmeasured` (Redis's files are not on this machine)"})


class BgStatsSchema(Schema):
    final = fields.Boolean(metadata={"description": "the game is over (else: the score so far)"})
    play = fields.Dict(metadata={"description": "the play in BG Stats' import format (game, "
                                                "playDate, durationMin, players …)"})
    url = fields.String(metadata={"description": "app.bgstatsapp.com/createPlay.html link "
                                               "that opens BG Stats' import dialog"})
