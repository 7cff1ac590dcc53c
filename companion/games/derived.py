"""Values derived from a state object, made once per object.

A move's answer and every phone's frame read the same facts of one state — the cards
the table has seen, for instance, which every seat's view lists — and a worker builds
those views one seat at a time. States are never changed in place once made (an engine
changes only its own copy, ``base.copy_state``), so a value derived from a state object
stays true for as long as the object lives: :func:`per_state` keeps the last few, by the
object's identity. It holds each state it keeps, so an identity is never reused while
kept. A greenlet switch cannot happen inside it (no I/O); two threads at worst make a
value twice.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: states kept per function: a worker's views of one message come one after another, so a
#: few cover the sessions whose frames interleave
KEPT = 16


def per_state(make: Callable[[Any], T]) -> Callable[[Any], T]:
    """``make(state)``, made once per state object (its last :data:`KEPT` states). The
    value is shared: callers build new lists from it and never change it."""
    kept: OrderedDict[int, tuple[Any, T]] = OrderedDict()

    @functools.wraps(make)
    def derived(state: Any) -> T:
        found = kept.get(id(state))
        if found is not None and found[0] is state:
            return found[1]
        value = make(state)
        kept[id(state)] = (state, value)
        while len(kept) > KEPT:
            kept.popitem(last=False)
        return value

    return derived
