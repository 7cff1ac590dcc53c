"""The harvest's rules tests; what the registry-wide tests expect of it
(``tests.games.facts``)."""

#: words its sentences use besides its declared words: why a game ended
SENTENCE_WORDS = ["last_round", "stopped"]
#: events its playouts reach besides the end
NARRATED = {"entered", "round_scored"}
#: distinct refusals a few played games meet (one move type, few rules)
FEWEST_REFUSALS = 2
