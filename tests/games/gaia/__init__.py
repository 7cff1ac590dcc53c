"""Gaia's rules tests; what the registry-wide tests expect of Gaia (``tests.games.facts``)."""

from companion.games.gaia import components as _parts

#: words Gaia's sentences use besides its declared words and option values
SENTENCE_WORDS = [*_parts.TERRAINS, _parts.STAR, *_parts.NEEDS, *_parts.POWER_CARDS,
                  "nature", "life", "power", "city", "deck", "display", "discard", "pairs",
                  "rainbow", "actions", "feeding", "reaction", "tornado", "no_pawns_left",
                  "nature_cards_out", "life_cards_out", "stopped", "unknown"]
#: events its random playouts are known to reach, besides turns and the end
NARRATED = {"tile_placed", "city_built", "fed", "pawn_placed", "power_played"}
#: message keys the code builds rather than writes (WrongPhase: one per phase)
BUILT_KEYS = {f"gaia.phase.{p}" for p in ("feeding", "actions", "reaction", "tornado")}
#: the options under which a played game meets the most refusals
RICHEST_OPTIONS = {"variant": "expert", "catastrophes": True}
