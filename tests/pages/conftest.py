"""A real browser: Debian's Chromium driven by Playwright, against the live app."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    for name in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", "chromium",
                 "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    path = chromium_path()
    if path is None:
        message = "Chromium is missing (apt-get install chromium; .ci/run does it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def shot(request):
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str) -> None:
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{name}.png"), full_page=True)

    return take
