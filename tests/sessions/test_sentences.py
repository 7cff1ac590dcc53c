"""Every refusal the sessions layer or the API can raise is a sentence in en, it and de,
and the call gives every field its sentence names (nobody reads
``session.too_few_players min 2``); every session rule id has its statement."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import string
from pathlib import Path

import pytest

import companion
from companion.games.messages import catalogue
from companion.i18n import languages
from companion.sessions import rules

SOURCE = Path(companion.__file__).parent
LAYERS = ("sessions", "api")
# the sentences are registered by the modules that use them: import them all
for _module in pkgutil.walk_packages(companion.__path__, "companion."):
    importlib.import_module(_module.name)
NOT_PARAMS = {"rule", "extra", "retry_after", "detail"}


def refusals() -> list[tuple[str, str, frozenset[str]]]:
    """(where, key, parameter names) of every ``said(Kind, "key", ...)`` in the layers."""
    found = []
    for layer in LAYERS:
        for path in sorted((SOURCE / layer).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id == "said" and len(node.args) >= 2
                        and isinstance(node.args[1], ast.Constant)):
                    names = frozenset(k.arg for k in node.keywords if k.arg) - NOT_PARAMS
                    where = f"{path.relative_to(SOURCE)}:{node.lineno}"
                    found.append((where, str(node.args[1].value), names))
    return found


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_walk_finds_the_refusals():
    keys = {key for _, key, _ in refusals()}
    assert {"session.too_few_players", "session.store_down", "join.started",
            "session.rate_limited"} <= keys


@pytest.mark.parametrize(("where", "key", "names"), refusals(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_each_refusal_is_a_full_sentence_in_every_language(where, key, names):
    assert key in catalogue(), f"{where}: {key} has no sentence"
    for lang in languages():
        template = catalogue()[key].get(lang, "")
        assert template.strip(), f"{where}: {key} has no {lang} sentence"
        missing = _fields(template) - names
        assert not missing, f"{where}: {key} ({lang}) names {missing}, not given"


@pytest.mark.parametrize("rule", rules.RULES)
def test_each_session_rule_has_its_statement(rule):
    texts = catalogue()[rules.statement_key(rule)]
    assert all(texts.get(lang, "").strip() for lang in languages())
    assert len({texts[lang] for lang in languages()}) == len(languages())  # really translated


def test_no_game_rule_id_is_used_for_a_session_refusal():
    # Gaia's and Kazaam's ids ("G2.4", "K1") belong to their rules pages
    for layer in LAYERS:
        for path in (SOURCE / layer).rglob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                        and node.func.id in ("GameNotActive", "RuleViolation", "RuleError"):
                    raise AssertionError(f"{path}:{node.lineno} raises a game's rule error")
