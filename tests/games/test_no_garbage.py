"""Judging a move leaves no reference cycle behind: the collector of a worker serving
hundreds of tables must not be fed the request's stack on every move."""

from __future__ import annotations

import contextlib
import gc

import pytest

from companion.games.errors import BadMove
from companion.games.shapes import Either, Fields, Items, Number, Text, check

#: the second option fits, so the first one's misfit is kept while the next is tried
UNION = Fields({"card": Either((Text(12), Fields({"kind": Text(12), "on": Text(12)})))})


@pytest.fixture
def collector_off():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_a_union_shape_that_fits_its_second_option_leaves_no_cycle(collector_off):
    for _ in range(50):
        check(UNION, {"card": {"kind": "animals", "on": "swamp"}})
    assert gc.collect() == 0


def test_a_refused_union_leaves_no_cycle_either(collector_off):
    shape = Fields({"at": Either((Items(Number(0, 9), 2), Text(3)))})
    with pytest.raises(BadMove):
        check(shape, {"at": [1, 99]})
    gc.collect()  # the refusal pytest.raises kept is a cycle of its own
    for _ in range(50):
        with contextlib.suppress(BadMove):
            check(shape, {"at": [1, 99]})
    assert gc.collect() == 0
