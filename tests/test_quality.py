"""The linters are part of the suite (ruff everywhere, mypy --strict on the whole
package); every imported package is declared; the pure layers import no web framework."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_is_clean():
    result = run("ruff", "check", "companion", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_whole_package():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr



def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*")
    return {_normal(names.match(spec).group(0))  # type: ignore[union-attr]
            for spec in project["dependencies"]}


def imported_top_levels() -> dict[str, Path]:
    """Top-level modules imported anywhere under companion/ (absolute imports only)."""
    found: dict[str, Path] = {}
    for path in (ROOT / "companion").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.setdefault(alias.name.split(".")[0], path)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.setdefault(node.module.split(".")[0], path)
    return found


def test_every_imported_package_is_declared():
    owners = packages_distributions()
    wanted = declared()
    missing = []
    for module, path in sorted(imported_top_levels().items()):
        if module in sys.stdlib_module_names or module == "companion":
            continue
        dists = {_normal(d) for d in owners.get(module, [])}
        assert dists, f"{module} (imported in {path.relative_to(ROOT)}) is not installed"
        if not dists & wanted:
            missing.append(f"{module} ({', '.join(sorted(dists))}) in {path.relative_to(ROOT)}")
    assert not missing, "imported but not declared in pyproject.toml: " + "; ".join(missing)


def test_the_walk_sees_what_the_code_imports():
    # the check above means nothing if the walk finds nothing: these are certainly used
    assert {"flask", "redis", "orjson", "limits"} <= set(imported_top_levels())


def _loaded_after_import(module: str, banned: tuple[str, ...]) -> list[str]:
    code = (f"import sys, importlib; importlib.import_module({module!r}); "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({list(banned)!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return list(ast.literal_eval(out.strip()))


@pytest.mark.parametrize(("module", "banned"), [
    ("companion.sessions", ("flask", "werkzeug", "marshmallow")),
    ("companion.games", ("flask", "werkzeug", "marshmallow", "redis")),
])
def test_pure_layers_import_no_web_framework(module, banned):
    assert _loaded_after_import(module, banned) == []


def test_the_purity_check_would_see_a_web_import():
    # the same probe on the web layer finds Flask: an empty answer above means something
    assert "flask" in _loaded_after_import("companion.api.http", ("flask", "redis"))
