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
from companion.games.base import Option
from companion.games.messages import text
from companion.i18n import languages

blp = Blueprint("games", __name__, url_prefix="/api/v1",
                description="The games this service keeps, with their options")


#: words in every language of the catalogue
TextsSchema = Schema.from_dict({lang: fields.String(required=True) for lang in languages()},
                               name="TextsSchema")


class PlayersSchema(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class OptionSchema(Schema):
    name = fields.String(required=True, metadata={"example": "variant"})
    type = fields.String(required=True, metadata={
        "description": "choice, boolean, text (free text), texts (a list of free texts) or "
                       "number (a whole number; a null default means none)"})
    values = fields.List(fields.Raw(), required=True, metadata={
        "description": "the values of a choice or boolean; empty for free inputs"})
    default = fields.Raw(required=True)
    label = fields.Nested(TextsSchema, required=True)
    help = fields.Nested(TextsSchema, required=True)
    value_labels = fields.Dict(keys=fields.String(), values=fields.Nested(TextsSchema),
                               required=True, metadata={
                                   "description": "per value (true/false for booleans)"})
    requires = fields.Dict(allow_none=True, metadata={
        "description": "offered only when these other options have these values"})
    min = fields.Integer(metadata={"description": "number: the lowest value"})
    max = fields.Integer(metadata={"description": "number: the highest value"})
    max_length = fields.Integer(metadata={
        "description": "text, texts: the most characters of one text"})
    max_items = fields.Integer(metadata={"description": "texts: the most texts"})


class ColorSchema(Schema):
    value = fields.String(required=True)
    label = fields.Nested(TextsSchema, required=True)


class GameSchema(Schema):
    id = fields.String(required=True, metadata={"description": "the game's id in URLs"})
    name = fields.String(required=True, metadata={"description": "its name in English"})
    title = fields.Nested(TextsSchema, required=True, metadata={
        "description": "the game's name in each language"})
    summary = fields.Nested(TextsSchema, required=True)
    players = fields.Nested(PlayersSchema, required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    colors = fields.List(fields.Nested(ColorSchema), required=True)
    rules = fields.String(required=True, metadata={"description": "the rules page"})
    words = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                        metadata={"description": "the values pages offer, by kind (terrains, "
                                  "homunculi ...); each one's word is <game>.term.<value> in "
                                  "the messages of /i18n/<lang>.json"})


def _texts(key: str) -> dict[str, str]:
    return {lang: text(key, lang) or key for lang in languages()}


def _bounds(option: Option) -> dict[str, int]:
    """The limits of a free input under the names the start page reads."""
    if option.limits is None:
        return {}
    low, high = option.limits
    if option.type == "number":
        return {"min": low, "max": high}
    if option.type == "texts":
        return {"max_items": low, "max_length": high}
    return {"max_length": high}


def _option(game: str, option: Option) -> dict[str, Any]:
    labels = {}
    for value in option.values:
        word = option.value_key(value)
        found = f"{game}.term.{word}" if text(f"{game}.term.{word}", "en") else f"term.{word}"
        labels[word] = _texts(found)
    default = list(option.default) if isinstance(option.default, tuple) else option.default
    return {"name": option.name, "type": option.type, "values": list(option.values),
            "default": default, "label": _texts(f"{game}.option.{option.name}"),
            "help": _texts(f"{game}.option.{option.name}.help"),
            "value_labels": labels, "requires": option.requires, **_bounds(option)}


def _color(game: Game, color: str) -> dict[str, Any]:
    key = f"{game.name}.term.{color}"
    return {"value": color, "label": _texts(key if text(key, "en") else f"term.{color}")}


def describe(game: Game) -> dict[str, Any]:
    """One game as the start page needs it."""
    return {"id": game.name, "name": game.label["en"], "title": game.label,
            "summary": game.summary,
            "players": {"min": game.min_players, "max": game.max_players},  # any options
            "options": [_option(game.name, o) for o in game.options],
            "colors": [_color(game, c) for c in game.colors],
            "rules": f"/rules/{game.name}",
            "words": {kind: list(values) for kind, values in (game.words or {}).items()}}


@blp.route("/games")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self) -> Any:
        """Every game with its players, options (values, defaults, words) and colours"""
        return [describe(game) for game in GAMES.values()]
