"""Kazaam's rules tests; what the registry-wide tests expect of Kazaam (``tests.games.facts``)."""

from companion.games.kazaam import components as _parts

#: words Kazaam's sentences use besides its declared words and option values
SENTENCE_WORDS = [*_parts.TYPES, *_parts.PARTS, *_parts.SLOTS, *_parts.INGREDIENTS,
                  "actions", "reaction", "homunculus_completed", "round_finished", "stopped",
                  "unknown"]
#: events its random playouts are known to reach, besides turns and the end
NARRATED = {"tile_drawn", "part_built", "power_used"}
