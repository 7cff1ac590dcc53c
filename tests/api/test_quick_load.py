"""The union schemas' quick pass (issue 20: a move body validated once, by the game's
shapes, with marshmallow's load skipped when it would return the body unchanged) never
changes what a body loads to, nor what is refused and how: checked against marshmallow's
own load on generated bodies, the edges of every bound included."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields

from companion.api import schemas

SCHEMAS = [schemas.MoveSchema, schemas.HandSchema, schemas.JoinSchema]


def _marshmallow(schema: Schema, body: Any) -> tuple[str, Any]:
    try:
        return "loaded", Schema.load(schema, body)
    except ValidationError as err:
        return "refused", err.messages


def _quick(schema: Schema, body: Any) -> tuple[str, Any]:
    try:
        return "loaded", schema.load(body)
    except ValidationError as err:
        return "refused", err.messages


def _edges(field: fields.Field[Any]) -> st.SearchStrategy[Any]:
    """Values near the field's bounds, of its type and of the types JSON confuses."""
    numbers = [v for validator in field.validators
               for v in (getattr(validator, "min", None), getattr(validator, "max", None))
               if v is not None]
    ints = st.sampled_from(sorted({n + d for n in numbers or [0] for d in (-1, 0, 1)}))
    lengths = st.sampled_from(sorted({max(0, n + d) for n in numbers or [3]
                                      for d in (-1, 0, 1)}))
    texts = lengths.map(lambda n: "x" * n)
    leaf = st.one_of(st.none(), st.booleans(), st.sampled_from([0, 1]), ints, texts,
                     st.floats(allow_nan=False, allow_infinity=False))
    return st.one_of(leaf, st.lists(leaf, max_size=4), lengths.map(lambda n: [1] * n),
                     st.dictionaries(st.sampled_from(["a", "b"]), leaf, max_size=2))


@st.composite
def bodies(draw: Any, schema: Schema) -> Any:
    names = sorted(schema.fields)
    picked = draw(st.lists(st.sampled_from([*names, "nosuchfield"]), unique=True,
                           max_size=5))
    body = {name: draw(_edges(schema.fields[name]) if name in schema.fields
                       else st.integers()) for name in picked}
    if draw(st.booleans()) and "type" in schema.fields:
        body["type"] = draw(st.sampled_from(["place_tile", "x" * 40, "x" * 41]))
    return body if draw(st.integers(0, 9)) else draw(st.sampled_from([[], "move", 3, None]))


@pytest.mark.parametrize("schema_class", SCHEMAS, ids=lambda s: s.__name__)
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_quick_pass_loads_and_refuses_as_marshmallow(schema_class, data):
    schema = schema_class()
    body = data.draw(bodies(schema))
    assert _quick(schema, body) == _marshmallow(schema, body)


def test_a_plain_move_takes_the_quick_pass():
    """The common case does skip the field-by-field load (else nothing was gained)."""
    schema = schemas.MoveSchema()
    body = {"type": "place_tile", "terrain": "forest", "at": [0, 0]}
    assert schema.load(body) is body  # returned as it came: no load ran
    assert Schema.load(schema, body) == body and Schema.load(schema, body) is not body
