"""The linters are part of the suite: ruff everywhere, mypy --strict on the engines."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_ruff_is_clean():
    result = run("ruff", "check", "companion", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean_on_the_engines():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engines_import_no_web_or_store_code():
    for path in (ROOT / "companion" / "games").rglob("*.py"):
        text = path.read_text()
        for banned in ("flask", "redis", "marshmallow"):
            assert f"import {banned}" not in text and f"from {banned}" not in text, path
