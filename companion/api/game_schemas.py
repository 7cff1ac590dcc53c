"""Marshmallow schemas built from what each game declares (``companion.games.shapes``).

The API names no game: the fields a request may carry are the union of what the
registered games declare (anything else is refused with 422 and field errors),
each game then refuses the fields it does not use, and the OpenAPI document shows
one move schema per game (``oneOf`` its move types, with a discriminator on
``type``), built from the same declarations the sessions layer checks against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from apispec import APISpec
from marshmallow import RAISE, Schema, fields, validate

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
               extra: dict[str, fields.Field[Any]] | None = None) -> Schema:
    """A strict schema with exactly the declared fields (plus ``extra``)."""
    name = name or "Fields"
    built: dict[str, fields.Field[Any] | type] = {k: field_for(v, name + _camel(k))
                                             for k, v in declared.items()}
    built.update(extra or {})
    built["Meta"] = type("Meta", (), {"unknown": RAISE})
    return Schema.from_dict(built, name=name)()  # type: ignore[arg-type]


def union(declarations: Iterable[Mapping[str, sh.Shape]], name: str,
          extra: dict[str, fields.Field[Any]] | None = None) -> type[Schema]:
    """One strict schema naming every field any game declares, so a field no game
    has is refused here, as is a value of the wrong form when every game shapes the
    field alike; the rest is left to the game's own declaration (``sessions.bounds``)."""
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
    return Union.from_dict(built, name=name)  # type: ignore[arg-type]


Check = Callable[[Any], bool]


class Union(Schema):
    """A union schema that skips marshmallow's field-by-field load when a quick pass over
    the body, made from these same fields, shows the load would return the body as it is
    (the move body used to be validated twice, here and by the game's own shapes).
    Anything the quick pass is not sure of — a refusal, a value marshmallow would convert
    (``1`` for ``true``, ``true`` for an integer) — goes through ``load`` as before, so
    every 422 and its field list are marshmallow's, unchanged."""

    _quick: dict[str, Check] | None = None
    _required: frozenset[str] = frozenset()

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: Any = None) -> Any:
        quick = type(self)._quick
        if quick is None:
            quick = type(self)._quick = _quick_checks(self.fields)
            type(self)._required = frozenset(k for k, f in self.fields.items() if f.required)
        if (not many and not partial and unknown in (None, RAISE) and quick
                and isinstance(data, dict) and self._required.issubset(data)
                and all(k in quick and quick[k](v) for k, v in data.items())):
            return data
        return super().load(data, many=many, partial=partial, unknown=unknown)


def _quick_checks(declared: Mapping[str, fields.Field[Any]]) -> dict[str, Check]:
    """Per field, a check that marshmallow would load a value unchanged; empty (never
    quick) when one field's load is not that simple."""
    checks = {}
    for name, field in declared.items():
        check = _quick(field)
        if check is None or field.data_key not in (None, name) or field.dump_only \
                or field.attribute not in (None, name):
            return {}
        checks[name] = check
    return checks


def _quick(field: fields.Field[Any]) -> Check | None:
    bounds = _bounds(field)
    if bounds is None:
        return None
    low, high = bounds
    fit: Check | None = None
    if type(field) is fields.Raw:
        fit = _anything
    elif type(field) is fields.String:
        fit = lambda v: type(v) is str and (high is None or len(v) <= high)  # noqa: E731
    elif type(field) is fields.Integer and field.strict:
        fit = lambda v: (type(v) is int and (low is None or v >= low)  # noqa: E731
                         and (high is None or v <= high))
    elif type(field) is fields.Boolean and field.truthy == {True} and field.falsy == {False}:
        fit = lambda v: v is True or v is False  # noqa: E731
    elif type(field) is fields.List:
        inner = _quick(field.inner)
        if inner is not None:
            fit = lambda v: (type(v) is list and (high is None or len(v) <= high)  # noqa: E731
                             and all(inner(x) for x in v))
    elif type(field) is fields.Dict and field.key_field is None and field.value_field is None:
        fit = lambda v: type(v) is dict  # noqa: E731
    if fit is None:
        return None
    check = fit
    return (lambda v: v is None or check(v)) if field.allow_none else check


def _anything(_value: Any) -> bool:
    return True


def _bounds(field: fields.Field[Any]) -> tuple[int | None, int | None] | None:
    """(low, high) of the field's one Length(max) or inclusive Range, (None, None)
    without validators; None when it has another kind of validator."""
    found: tuple[int | None, int | None] = (None, None)
    for validator in field.validators:
        if type(validator) is validate.Length and validator.min is None \
                and validator.equal is None:
            found = (None, validator.max)
        elif type(validator) is validate.Range and validator.min_inclusive \
                and validator.max_inclusive:
            found = (validator.min, validator.max)
        else:
            return None
    return found if len(field.validators) <= 1 else None


def _declared(game: Game) -> sh.Shapes:
    return game.shapes or sh.Shapes({}, sh.Fields({}), sh.Fields({}))


def moves_union() -> type[Schema]:
    return union((m.fields for g in GAMES.values() for m in _declared(g).moves.values()),
                 "Move", {
        "type": fields.String(required=True, validate=validate.Length(max=40)),
        "seat": fields.Integer(strict=True, metadata={
            "description": "the host: the seat it acts for; in a game whose moves name a "
                           "seat (the score pad), whose entry it is"})})


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
                "type": fields.String(required=True, validate=validate.OneOf([kind]))}))
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
