"""GET /api/v1/games: every game with its players and options, in three languages.

Read from the games' own definitions (``companion.games.<game>.options``), so the
start page shows exactly what ``POST /sessions`` accepts, with the same defaults.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import Schema, fields

from companion.api.http import Blueprint
from companion.games import GAMES, Game
from companion.games.base import COLORS, Option
from companion.games.messages import LANGUAGES, text

blp = Blueprint("games", __name__, url_prefix="/api/v1",
                description="The games this service keeps, with their options")


class TextsSchema(Schema):
    en = fields.String(required=True)
    it = fields.String(required=True)
    de = fields.String(required=True)


class PlayersSchema(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class OptionSchema(Schema):
    name = fields.String(required=True, metadata={"example": "variant"})
    type = fields.String(required=True, metadata={"description": "choice or boolean"})
    values = fields.List(fields.Raw(), required=True)
    default = fields.Raw(required=True)
    label = fields.Nested(TextsSchema, required=True)
    help = fields.Nested(TextsSchema, required=True)
    value_labels = fields.Dict(keys=fields.String(), values=fields.Nested(TextsSchema),
                               required=True, metadata={
                                   "description": "per value (true/false for booleans)"})
    requires = fields.Dict(allow_none=True, metadata={
        "description": "offered only when these other options have these values"})


class ColorSchema(Schema):
    value = fields.String(required=True)
    label = fields.Nested(TextsSchema, required=True)


class GameSchema(Schema):
    id = fields.String(required=True, metadata={"example": "gaia"})
    name = fields.String(required=True, metadata={"example": "Gaia"})
    summary = fields.Nested(TextsSchema, required=True)
    players = fields.Nested(PlayersSchema, required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    colors = fields.List(fields.Nested(ColorSchema), required=True)
    rules = fields.String(required=True, metadata={"description": "the rules page"})
    words = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                        metadata={"description": "the values pages offer, by kind (terrains, "
                                  "homunculi ...); each one's word is <game>.term.<value> in "
                                  "/i18n/<lang>.json"})


def _texts(key: str) -> dict[str, str]:
    return {lang: text(key, lang) or key for lang in LANGUAGES}


def _option(game: str, option: Option) -> dict[str, Any]:
    labels = {}
    for value in option.values:
        word = option.value_key(value)
        found = f"{game}.term.{word}" if text(f"{game}.term.{word}", "en") else f"term.{word}"
        labels[word] = _texts(found)
    return {"name": option.name, "type": option.type, "values": list(option.values),
            "default": option.default, "label": option.label, "help": option.help,
            "value_labels": labels, "requires": option.requires}


def describe(game: Game) -> dict[str, Any]:
    """One game as the start page needs it."""
    return {"id": game.name, "name": game.name.capitalize(),
            "summary": game.summary or {lang: game.name for lang in LANGUAGES},
            "players": {"min": game.min_players, "max": game.max_players},
            "options": [_option(game.name, o) for o in game.options],
            "colors": [{"value": c, "label": _texts(f"term.{c}")} for c in COLORS],
            "rules": f"/rules/{game.name}",
            "words": {kind: list(values) for kind, values in (game.words or {}).items()}}


@blp.route("/games")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self) -> Any:
        """Every game with its players, options (values, defaults, words) and colours"""
        return [describe(game) for game in GAMES.values()]
