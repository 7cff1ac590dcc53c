"""Rule errors raised by the game engines.

Every error names the rule it enforces (an id from ``shared/rules``), a stable
message key and its parameters, so a sentence can be rendered in any
supported language; ``str(error)`` is the English sentence.
"""

from __future__ import annotations

from typing import Any

from companion.games.messages import render


class RuleError(Exception):
    """A move the rules do not allow; the state is unchanged."""

    status = 422

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        self.rule = rule
        self.key = key
        self.params = params
        super().__init__(self.sentence("en"))

    def sentence(self, lang: str = "en") -> str:
        return render(self.key, self.params, lang)

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"rule": self.rule, "key": self.key, "params": self.params,
                "detail": self.sentence(lang)}


class RuleViolation(RuleError):
    """A schema-valid move that the rules forbid."""


class BadMove(RuleError):
    """A move that is not of any known shape."""


class NotYourTurn(RuleError):
    """Somebody else must act now."""

    status = 409


class WrongPhase(RuleError):
    """The move exists but not in the current phase of the turn."""

    status = 409


class GameNotActive(RuleError):
    """The game has not started, or it is over."""

    status = 409
