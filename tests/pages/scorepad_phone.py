"""Driving the score pad in a real browser: phones joining, points tapped on the on-screen
number pad, the table screen; shared by the score pad's page tests."""

from __future__ import annotations

from typing import Any

import requests

from tests.pages.checks import LOCALES, PageWatch, phone

TABLET = {"width": 1280, "height": 800}


class Pad:
    """A score pad session with a phone per player and a table screen."""

    def __init__(self, browser: Any, live: Any, lang: str, options: dict[str, Any],
                 names: list[str]) -> None:
        self.live, self.lang, self.names = live, lang, names
        r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                          json={"game": "scorepad", "options": options})
        assert r.status_code == 201, r.text
        self.session = r.json()
        self.sid = self.session["id"]
        self.phones = [self.join(browser, name) for name in names]
        locale = LOCALES[lang]
        context = browser.new_context(viewport=TABLET, locale=locale,
                                      extra_http_headers={"Accept-Language": f"{locale},{lang}"})
        context.add_init_script(
            f"localStorage.setItem('tc:host:{self.sid}', '{self.session['host_token']}')")
        self.table = context.new_page()
        self.table.watch = PageWatch(self.table)  # type: ignore[attr-defined]
        self.table.goto(f"{live.url}/t/{self.sid}")
        self.table.wait_for_selector("#players li[data-seat='2']")

    def join(self, browser: Any, name: str) -> Any:
        page = phone(browser, self.lang).new_page()
        page.watch = PageWatch(page)  # type: ignore[attr-defined]
        page.goto(f"{self.live.url}/j/{self.session['code']}")
        page.wait_for_selector("#join-name:focus")
        page.keyboard.type(name)
        page.click("#join-button")
        page.wait_for_selector("#waiting")
        return page

    def start(self) -> None:
        """The host starts from the table screen."""
        self.table.click("#start-game")
        self.table.wait_for_selector("#sp-table")
        for page in self.phones:
            page.wait_for_selector("#sp-table")

    def state(self) -> dict[str, Any]:
        return requests.get(f"{self.live.url}/api/v1/sessions/{self.sid}", timeout=10).json()

    def score(self) -> dict[str, Any]:
        return requests.get(f"{self.live.url}/api/v1/sessions/{self.sid}/score",
                            timeout=10).json()

    def wait_version(self, page: Any, version: int) -> None:
        """Until the phone (or screen) drew a state past ``version``."""
        for _ in range(200):
            if self.state()["version"] > version:
                break
            page.wait_for_timeout(25)
        else:
            raise AssertionError("the entry did not land")
        if page.locator("#play").count():
            until(page, "(v) => Number(document.getElementById('play').dataset.version) > v",
                  version)


def until(page: Any, predicate: str, arg: Any = None, seconds: float = 10) -> None:
    """Poll a JS predicate (``wait_for_function`` evaluates a string, which the pages'
    CSP forbids)."""
    for _ in range(int(seconds * 20)):
        if page.evaluate(predicate, arg):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {predicate} ({arg!r})")


def tap_points(page: Any, points: dict[str, int]) -> None:
    """Each field tapped, then its digits on the pad, then ± for a negative number."""
    for field, value in points.items():
        page.click(f".sp-field[data-field='{field}']")
        for digit in str(abs(value)):
            page.click(f".sp-key[data-key='{digit}']")
        if value < 0:
            page.click(".sp-key[data-key=sign]")


def shown(page: Any, field: str) -> str:
    """The number a field shows, with a plain minus sign."""
    text = page.locator(f".sp-field[data-field='{field}'] .sp-value").inner_text()
    return str(text.replace("\u2212", "-"))


def cell_is(page: Any, row: str, seat: int, want: str) -> None:
    """Until the score table's cell shows ``want`` (live updates)."""
    for _ in range(200):
        if page.locator(_cell(row, seat)).count() and cell(page, row, seat) == want:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{row} of seat {seat}: {cell(page, row, seat)!r}, not {want!r}")


def _cell(row: str, seat: int) -> str:
    kind, _, rest = row.partition("-")
    selector = {"round": f"tr[data-round='{rest}']", "category": f"tr[data-category='{rest}']",
                "total": "tr.sp-total", "rank": "tr.sp-rank"}[kind]
    return f"#sp-table {selector} td[data-seat='{seat}']"


def cell(page: Any, row: str, seat: int) -> str:
    """A cell of the score table: row "round-1", "total", "rank" or "category-<name>"."""
    text = page.locator(_cell(row, seat)).inner_text()
    return str(text.replace("\u2212", "-"))
