"""Marshmallow schemas built from what each game declares (``companion.games.shapes``).

A move is checked once, by the game of its session (``GameOf.apply``); the API
reads only its envelope before (``move_envelope``: an object, its ``type``, the seat
the host names). The OpenAPI document shows one move schema per game (``oneOf`` its
move types, with a discriminator on ``type``), built from the same declarations, for
documentation only. The join and hand bodies are still loaded here: their fields are
the union of what the registered games declare, each game then refusing the fields
it does not use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from apispec import APISpec
from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, fields, validate

from companion.games import GAMES, Game
from companion.games import shapes as sh


def field_for(shape: sh.Shape, name: str = "Fields", shallow: bool = False) -> fields.Field[Any]:
    """The marshmallow field of a shape (null counts as absent, as in the shapes);
    ``name`` names a nested object's schema in the document. ``shallow`` leaves the
    inside of objects to the game's check, which names the unknown field it refuses,
    and a bound a rule states, which the game refuses with that rule."""
    if shallow and isinstance(shape, (sh.Text, sh.Number, sh.Items)) and shape.rule:
        return _ruled(shape)
    if isinstance(shape, sh.Text):
        return fields.String(allow_none=True, validate=validate.Length(max=shape.most))
    if isinstance(shape, sh.Number):
        return fields.Integer(strict=True, allow_none=True,
                              validate=validate.Range(shape.low, shape.high))
    if isinstance(shape, sh.Flag):
        return fields.Boolean(allow_none=True, truthy={True}, falsy={False})
    if isinstance(shape, sh.Items):
        return fields.List(field_for(shape.item, name, shallow), allow_none=True,
                           validate=validate.Length(max=shape.most))
    if isinstance(shape, sh.Fields):
        if shallow:
            return fields.Dict(allow_none=True)
        if not isinstance(shape.fields, dict):  # names the table chose (a score's points)
            each = getattr(shape.fields, "shape", None)
            return fields.Dict(keys=fields.String(), allow_none=True,
                               values=field_for(each, name) if each else fields.Raw())
        return fields.Nested(schema_for(shape.fields, name), allow_none=True)
    return fields.Raw(allow_none=True, metadata={"description": "one of several shapes"})


def _ruled(shape: sh.Text | sh.Number | sh.Items) -> fields.Field[Any]:
    """A field whose bound a rule states: documented here, refused by the game's own
    check with the rule's id and sentence (a 422 without the rule would hide it)."""
    assert shape.rule is not None
    about: dict[str, Any] = {"description": f"refused by rule {shape.rule.rule} when out of "
                                            "these bounds"}
    if isinstance(shape, sh.Number):
        about.update(type="integer", minimum=shape.low, maximum=shape.high)
    elif isinstance(shape, sh.Items):
        about.update(type="array", minItems=shape.least, maxItems=shape.most)
    else:
        about.update(type="string", maxLength=shape.most)
    return fields.Raw(allow_none=True, metadata=about)


def schema_for(declared: Mapping[str, sh.Shape], name: str | None = None,
               extra: dict[str, fields.Field[Any]] | None = None,
               required: Iterable[str] = ()) -> Schema:
    """A strict schema with exactly the declared fields (plus ``extra``); ``required``:
    the names that must be present and not null."""
    name = name or "Fields"
    built: dict[str, fields.Field[Any] | type] = {k: field_for(v, name + _camel(k))
                                             for k, v in declared.items()}
    for key in required:
        built[key].required, built[key].allow_none = True, False  # type: ignore[union-attr]
    built.update(extra or {})
    built["Meta"] = type("Meta", (), {"unknown": RAISE})
    return Schema.from_dict(built, name=name)()  # type: ignore[arg-type]


def union(declarations: Iterable[Mapping[str, sh.Shape]], name: str,
          extra: dict[str, fields.Field[Any]] | None = None) -> type[Schema]:
    """One strict schema naming every field any of ``declarations`` has, so a field
    none has is refused here, as is a value of the wrong form when they all shape the
    field alike; the rest is left to the declaration that applies (``games.shapes``)."""
    merged: dict[str, sh.Shape | None] = {}
    for declared in declarations:
        for key, shape in declared.items():
            merged[key] = shape if merged.get(key, shape) == shape else None
    built: dict[str, fields.Field[Any] | type] = {
        key: fields.Raw(allow_none=True) if shape is None
        else field_for(shape, name + _camel(key), shallow=True)
        for key, shape in merged.items()}
    built.update(extra or {})
    built["Meta"] = type("Meta", (), {"unknown": RAISE})
    return Schema.from_dict(built, name=name)  # type: ignore[arg-type]


def _declared(game: Game) -> sh.Shapes:
    return game.shapes or sh.Shapes({}, sh.Fields({}), sh.Fields({}))


#: what the API reads of every move before its game is asked: which move, and the
#: seat the host acts for
ENVELOPE: dict[str, fields.Field[Any]] = {
    "type": fields.String(required=True, validate=validate.Length(max=40)),
    "seat": fields.Integer(strict=True, metadata={
        "description": "the host: the seat it acts for; in a game whose moves name a "
                       "seat (the score pad), whose entry it is"})}


def move_envelope() -> type[Schema]:
    """The move body as the API loads it: these fields, the rest left as sent."""
    meta = type("Meta", (), {"unknown": INCLUDE})
    return type("MoveSchema", (Schema,), {**ENVELOPE, "Meta": meta})


@cache
def _move_form(game: str, kind: str) -> Schema:
    """The fields of one move type of a game, each checked for its form only (a bound
    a rule states and the inside of an object are left to the game)."""
    form = union([_declared(GAMES[game]).moves[kind].fields],
                 _camel(game, "move", kind, "form"), ENVELOPE)
    return form(unknown=EXCLUDE)  # a field the move lacks: the game's own sentence says so


def form_errors(game: str, move: dict[str, Any]) -> dict[str, Any]:
    """For a move its game's shapes refused (``games.shapes.Misshapen``): the field
    errors to answer as the API answers any body of the wrong form (422 with
    marshmallow's field list) when a field of its move type has the wrong type or is
    out of a bound no rule states. Empty when the refusal is the game's to say: a
    field the move type does not have, a bound a rule states, a field inside an
    object."""
    return _move_form(game, move["type"]).validate(move)


def joins_union() -> type[Schema]:
    return union((_declared(g).join.fields for g in GAMES.values()), "Join", {
        "name": fields.String(required=True, validate=validate.Length(min=1, max=24))})


def hands_union() -> type[Schema]:
    return union((_declared(g).hand.fields for g in GAMES.values()), "Hand")


def _camel(*parts: str) -> str:
    return "".join(p.replace("_", " ").title().replace(" ", "") for p in parts)


def document(spec: APISpec) -> None:
    """Per game: a component schema per move type, the game's move schema (``oneOf``
    them, discriminated by ``type``) and its setup; then ``Move`` and ``Setup``,
    ``oneOf`` the games' (which game a session plays decides which applies)."""
    games, setups = [], []
    for game in GAMES.values():
        declared = _declared(game)
        mapping = {}
        for kind, shape in declared.moves.items():
            name = _camel(game.name, "move", kind)
            spec.components.schema(name, schema=schema_for(shape.fields, name, {
                "type": fields.String(required=True, validate=validate.OneOf([kind]))},
                shape.needed))
            mapping[kind] = f"#/components/schemas/{name}"
        name = _camel(game.name, "move")
        spec.components.schema(name, {
            "description": f"A move in {game.label['en']}, by its type",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}})
        games.append({"$ref": f"#/components/schemas/{name}"})
        setup = _camel(game.name, "setup")
        spec.components.schema(setup, schema=schema_for(declared.setup.fields, setup))
        setups.append({"$ref": f"#/components/schemas/{setup}"})
    spec.components.schema("GameMove", {
        "description": "A move: the schema of the session's game applies",
        "oneOf": games})
    spec.components.schema("GameSetup", {
        "description": "The host's setup: the schema of the session's game applies",
        "oneOf": setups})


#: the request body of POST .../moves as documented (``blp.doc(requestBody=...)``)
MOVE_BODY: dict[str, Any] = {"content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/GameMove"}}}}
