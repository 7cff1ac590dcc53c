"""The application layer: load, decide (the engine), commit — one :class:`Sessions`
facade over small modules of functions. No web framework is imported here: callers
pass versions and tokens, and get domain refusals (``companion.errors``) back."""

from companion.sessions.core import Change, Context, ExpectedVersion, Idem, Outcome
from companion.sessions.service import Sessions
from companion.sessions.views import player_bounds, public_state, turn_seat

__all__ = ["Change", "Context", "ExpectedVersion", "Idem", "Outcome", "Sessions",
           "player_bounds", "public_state", "turn_seat"]
