"""The score pad's rules tests; what the registry-wide tests expect of it
(``tests.games.facts``)."""

from companion.games.scorepad import state as _state

#: words the score pad's sentences use besides its declared words and option values
SENTENCE_WORDS = [*_state.SCORING, *_state.COLORS, "score", "end_turn", "round", "total",
                  "last_round", "stopped"]
#: distinct refusals a few played games must meet (a score pad has few rules)
FEWEST_REFUSALS = 4
