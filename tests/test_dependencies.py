"""The lock file pins every dependency within pyproject's ranges, and CI, the image
and the README's Quick start install through it with one and the same command."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not pinned: {line}"
            out[canonicalize_name(name)] = version.strip()
    return out


def test_the_lock_pins_every_dependency_within_its_range():
    pinned = pins()
    wanted = [Requirement(r) for r in
              (*PROJECT["dependencies"], *PROJECT["optional-dependencies"]["test"])]
    for req in wanted:
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not in requirements.lock"
        assert req.specifier.contains(pinned[name], prereleases=True), (req, pinned[name])


def test_python_3_11_to_3_13_are_allowed():
    from packaging.specifiers import SpecifierSet

    allowed = SpecifierSet(PROJECT["requires-python"])
    assert all(v in allowed for v in ("3.11.7", "3.12.1", "3.13.0", "3.13.5"))
    assert "3.10.14" not in allowed


def test_ci_the_image_and_the_readme_install_through_the_lock():
    run = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert "-c requirements.lock" in run
    quick = (ROOT / "README.md").read_text().split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in quick.splitlines() if line.startswith("    ")]
    assert run in commands, "the README's test command must be exactly what .ci/run runs"
    assert all("-c requirements.lock" in c for c in commands if "pip install" in c)
    docker = (ROOT / "deploy" / "Dockerfile").read_text()
    assert re.search(r"^COPY .*requirements\.lock", docker, re.M)
    assert re.search(r"pip install .*-c requirements\.lock", docker)
