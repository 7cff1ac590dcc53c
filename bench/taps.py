"""Taps per move, measured on the real pages: Chromium drives the phones at 360 x 740 (the
host's setup at 1280 x 800) through each kind of move and counts taps, native picker
opens, scrolls and typed characters, then prices them with a keystroke-level model.

    python -m bench.taps [--json out.json]

The model: 1.2 s per decision or value read off a card (one glance per card: its symbol
and needs, or its ingredients), 0.4 s per tap in view, +1 s per scroll, a native picker
2 taps + 1.2 s. A tap counts a scroll when its target was out of the viewport. The last
line reads ``taps: N/M targets met``. About a minute on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import tempfile
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import requests
from werkzeug.serving import make_server

from companion.store.embedded import EmbeddedRedis
from tests.pages import gaia_phone as gp
from tests.pages.checks import phone
from tests.pages.scorepad_phone import tap_points
from tests.pages.tablescreen import fill_gaia_setup
from tests.pages.test_phone_turns import SETUP

DECIDE, TAP, SCROLL, PICKER = 1.2, 0.4, 1.0, 1.2


@dataclass
class Move:
    kind: str
    taps: int
    scrolls: int
    pickers: int
    typed: int
    looks: int  # decisions / cards read
    max_taps: int | None
    max_seconds: float | None

    @property
    def seconds(self) -> float:
        return round(self.looks * DECIDE + self.taps * TAP + self.scrolls * SCROLL
                     + self.pickers * (2 * TAP + PICKER), 1)

    def met(self) -> bool:
        return (self.max_taps is None or self.taps <= self.max_taps) and \
            (self.max_seconds is None or self.seconds <= self.max_seconds) and self.pickers == 0


class Counted(gp.Taps):
    """gp.Taps that also counts scrolls (target out of view) and native pickers."""

    def __init__(self, page: Any) -> None:
        super().__init__(page)
        self.scrolls = self.pickers = 0

    def _seen(self, locator: Any) -> None:
        box = locator.bounding_box()
        height = self.page.viewport_size["height"]
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
            self.scrolls += 1
        if locator.evaluate("e => e.tagName") == "SELECT":
            self.pickers += 1

    def tap(self, selector: str) -> None:
        self._seen(self.page.locator(selector).first)
        super().tap(selector)

    def pick(self, selector: str, value: str) -> None:
        self._seen(self.page.locator(f"{selector} .gridbtn[data-value='{value}']").first)
        super().pick(selector, value)

    def reset(self) -> None:
        self.count = self.scrolls = self.pickers = 0


class Live:
    def __init__(self, redis_url: str, instance: Path) -> None:
        from companion.app import create_app

        self.app = create_app({"REDIS_URL": redis_url, "INSTANCE_PATH": str(instance),
                               "RATE_LIMIT_CREATE": "1000 per minute",
                               "RATE_LIMIT_JOIN": "1000 per minute"})
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.app.extensions["companion"].close()


def counted(page: Any) -> Counted:
    page.taps = Counted(page)
    return page.taps


def record(out: list[Move], kind: str, taps: Counted, looks: int, max_taps: int | None,
           max_seconds: float | None) -> None:
    out.append(Move(kind, taps.count, taps.scrolls, taps.pickers, 0, looks, max_taps, max_seconds))
    taps.reset()


def gaia(browser: Any, live: Live, out: list[Move]) -> None:
    table = gp.create_table(live)
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno")
    a, b = counted(ada), counted(bruno)
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    # naming the starting hand: 2 nature cards and the life card (a city)
    a.tap("#declare")
    a.pick("[data-field=hand-nature-0]", "forest")
    a.pick("[data-field=hand-nature-1]", "sea")
    gp.fill_card(ada, "hand-life-0", {"kind": "city", "symbol": "plains",
                                       "needs": ["forest", "sea", "sea", "animals"]})
    a.tap("#modal-ok")
    record(out, "Gaia: naming the starting hand (3 cards)", a, 3, None, 10)
    ada.wait_for_selector("[data-move=nature-forest]")
    v = gp.version(ada)
    a.tap("[data-move=nature-forest]")
    a.tap("[data-target='0,0']")
    gp.wait_version(ada, v + 1)
    record(out, "Gaia: tile", a, 1, None, 3)
    gp.enter_draw(ada, {"pile": "nature", "from": "deck", "card": None}, True)
    gp.wait_version(ada, v + 2)
    record(out, "Gaia: draw kept unnamed", a, 1, None, 3)
    gp.wait_version(bruno, v + 2)  # no action left: Bruno's turn
    bruno.wait_for_selector("[data-move=draw-nature-deck]")
    gp.enter_draw(bruno, {"pile": "nature", "from": "deck", "card": "sea"}, True)
    gp.wait_version(bruno, v + 3)
    record(out, "Gaia: draw naming a nature card", b, 2, 3, 4)
    gp.enter_draw(bruno, {"pile": "life", "from": "deck", "card": {
        "kind": "city", "symbol": "forest", "needs": ["sea", "sea", "plains", "animals"]}}, True)
    gp.wait_version(bruno, v + 4)
    record(out, "Gaia: draw naming a life card never seen", b, 2, None, None)
    gp.wait_version(ada, v + 4)
    ada.wait_for_selector("[data-move=nature-sea]")
    a.tap("[data-move=nature-sea]")
    a.tap("[data-target='1,0']")
    gp.wait_version(ada, v + 5)
    gp.enter_draw(ada, {"pile": "nature", "from": "deck", "card": None}, True)
    gp.wait_version(ada, v + 6)
    a.reset()
    gp.wait_version(bruno, v + 6)
    bruno.wait_for_selector("[data-move=city-new-sea]")
    gp.enter_city(bruno, {"symbol": "sea", "needs": ["forest", "forest", "desert", "animals"],
                          "at": [1, 0]})
    bruno.wait_for_selector("#gaia-board .city-needs")
    record(out, "Gaia: city card never seen", b, 2, 8, 8)
    ada.context.close()
    bruno.context.close()


# the host's box: city cards seen at this device's earlier tables
BOXED = {"kind": "city", "symbol": "sea", "needs": ["forest", "forest", "sea", "animals"]}
DRAWN = {"kind": "city", "symbol": "desert", "needs": ["plains", "plains", "swamp", "animals"]}
FULL_BOX = [{"kind": "city", "symbol": s, "needs": [a, a, b, "animals"]}
            for s, a, b in (("plains", "forest", "sea"), ("desert", "plains", "swamp"),
                            ("forest", "sea", "sea"), ("sea", "forest", "forest"),
                            ("swamp", "mountain", "desert"), ("mountain", "swamp", "plains"),
                            ("star", "sea", "forest"), ("star", "desert", "plains"),
                            ("plains", "mountain", "forest"), ("desert", "sea", "mountain"),
                            ("forest", "plains", "swamp"), ("sea", "desert", "desert"),
                            ("swamp", "forest", "plains"), ("mountain", "sea", "desert"),
                            ("star", "swamp", "mountain"), ("plains", "desert", "sea"),
                            ("forest", "mountain", "plains"), ("sea", "swamp", "mountain"),
                            ("star", "plains", "plains"))]


def face(card: dict[str, Any]) -> str:
    """A known card's data-card attribute, as the page writes it (JSON.stringify)."""
    return json.dumps(card, separators=(",", ":"))


def gaia_known(browser: Any, live: Live, out: list[Move]) -> None:
    """Cards the table has seen (the host's box): a draw naming one, a play of one."""
    table = gp.create_table(live, box=[BOXED, DRAWN])
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno")
    a, b = counted(ada), counted(bruno)
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    a.tap("[data-move=nature-forest]")
    a.tap("[data-target='0,0']")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")
    v = gp.version(ada)
    a.reset()
    a.tap("[data-move=draw-life-deck]")
    a.tap(f"[data-field=drawn-known] .knownbtn[data-card='{face(DRAWN)}']")
    a.tap("#modal-ok")
    gp.wait_version(ada, v + 1)
    record(out, "Gaia: a draw naming a known life card (box)", a, 1, 3, 4)
    gp.wait_version(bruno, v + 1)
    bruno.wait_for_selector("[data-move=nature-sea]")
    b.tap("[data-move=nature-sea]")
    b.tap("[data-target='1,0']")
    gp.wait_version(bruno, v + 2)
    b.reset()
    b.tap(f"[data-move=city-known-sea-{'-'.join(BOXED['needs'])}]")
    b.tap("[data-target='1,0']")
    gp.wait_version(bruno, v + 3)
    record(out, "Gaia: any move whose card the table has seen (a box city played)", b, 1, 3, 4)
    ada.context.close()
    bruno.context.close()


def gaia_setup(browser: Any, live: Live, out: list[Move], full_box: bool = False) -> None:
    table = gp.create_table(live, **({"box": FULL_BOX} if full_box else {}))
    for name in ["A", "B", "C", "D"]:
        r = requests.post(f"{live.url}/api/v1/join/{table['code']}", json={"name": name},
                          timeout=10)
        assert r.status_code == 201, r.text
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"localStorage.setItem('tc:host:{table['id']}', "
                            f"'{table['host_token']}')")
    page = context.new_page()
    page.goto(f"{live.url}/t/{table['id']}")
    page.wait_for_selector("#setup")
    taps = Counted(page)
    objectives = [("forest", "sea"), ("plains", "desert"), ("swamp", "mountain"),
                  ("forest", "plains"), ("sea", "desert"), "rainbow"]
    life = [{"kind": "city", "symbol": "star", "needs": ["sea", "sea", "forest", "plains"]},
            {"kind": "animals", "symbol": "forest"}]
    # the checklist's height past the first screen, a scroll per 80 % of a screen
    bottom = page.locator("#setup").bounding_box()
    if full_box:  # the face-up city cards are in the box: one tap each, before the grids
        life = [FULL_BOX[6], FULL_BOX[18]]
        fill_gaia_setup(page, objectives=objectives, nature=["plains", "forest", "sea"])
        for i, card in enumerate(life):
            page.locator(f"[data-life='{i}'] .knownbtn[data-card='{face(card)}']").click()
        per_life = [1, 1]
    else:
        fill_gaia_setup(page, objectives=objectives, nature=["plains", "forest", "sea"], life=life)
        per_life = [2 + len(card.get("needs", [])) for card in life]
    # taps as fill_gaia_setup makes them: kind + 2 terrains per pair, 1 per other goal,
    # 1 per nature card, kind + symbol (+ 4 needs) per life card (or its box face), Start
    taps.count = sum(3 if isinstance(o, tuple) else 1 for o in objectives) + 3 + sum(per_life) + 1
    height = (bottom["y"] + bottom["height"]) if bottom else 800
    taps.scrolls = max(0, math.ceil((height - 800) / 640))
    page.click("#start-game")
    page.wait_for_selector("#turn")
    record(out, f"Gaia: host setup, 4 players, {'full box' if full_box else 'nothing in the box'}",
           taps, len(objectives) + 5, None, 15 if full_box else 40)
    context.close()


KAZAAM_BOXED = {"homunculus": "wood", "part": "head", "ingredients": ["mercury", "sulphur"]}


def kazaam(browser: Any, live: Live, out: list[Move]) -> None:
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10, json={
        "game": "kazaam", "options": {"start_ingredients": {"mercury": 9, "sulphur": 9},
                                      "box": [KAZAAM_BOXED]}})
    session = r.json()
    pages = []
    for name in ["Ada", "Bruno"]:
        page = phone(browser, "en").new_page()
        page.goto(f"{live.url}/j/{session['code']}")
        page.wait_for_selector("#join-name:focus")
        page.keyboard.type(name)
        page.click("#join-button")
        page.wait_for_selector("#waiting")
        pages.append(page)
    r = requests.post(f"{live.url}/api/v1/sessions/{session['id']}/start", json={}, timeout=10,
                      headers={"Authorization": f"Bearer {session['host_token']}"})
    ada = pages[0]
    a = counted(ada)
    ada.wait_for_selector("[data-move=build-new-fire]")
    a.tap("[data-move=build-new-fire]")
    a.pick(".modal [data-field=part]", "ear")
    for name in ["mercury", "mercury", "sulphur"]:
        a.tap(f".modal [data-more={name}]")
    a.tap("#modal-ok")
    a.tap("[data-target='0/left_ear']")  # an ear: which of its two places
    ada.wait_for_selector("#kz-board [data-slot=left_ear].built")
    record(out, "Kazaam: tile never seen, 3 ingredients, an ear", a, 1, 7, 6)
    a.tap("[data-move=build-new-fire]")  # the second fire ear: its cost fills by itself
    a.pick(".modal [data-field=part]", "ear")
    a.tap("#modal-ok")
    ada.wait_for_selector("#kz-board [data-slot=right_ear].built")
    record(out, "Kazaam: a tile of a kind the table saw", a, 1, 3, 4)
    v = gp.version(ada)
    a.tap("[data-move=draw]")
    gp.wait_version(ada, v + 1)
    record(out, "Kazaam: draw", a, 0, None, 3)
    bruno = pages[1]
    b = counted(bruno)
    known = "[data-move=build-known-wood-head-mercury-sulphur]"
    bruno.wait_for_selector(known)
    v = gp.version(bruno)
    b.tap(known)  # a head has one place: the tile is the only tap
    gp.wait_version(bruno, v + 1)
    record(out, "Kazaam: any move whose tile the table has seen (box)", b, 1, 3, 4)
    for page in pages:
        page.context.close()


def scorepad(browser: Any, live: Live, out: list[Move]) -> None:
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                      json={"game": "scorepad", "options": {"title": "Hearts"}})
    session = r.json()
    page = phone(browser, "en").new_page()
    page.goto(f"{live.url}/j/{session['code']}")
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type("Ada")
    page.click("#join-button")
    page.wait_for_selector("#waiting")
    requests.post(f"{live.url}/api/v1/join/{session['code']}", json={"name": "Bo"}, timeout=10)
    requests.post(f"{live.url}/api/v1/sessions/{session['id']}/start", json={}, timeout=10,
                  headers={"Authorization": f"Bearer {session['host_token']}"})
    page.wait_for_selector("#sp-entry")
    taps = Counted(page)
    fields = page.locator(".sp-field").evaluate_all("fs => fs.map(f => f.dataset.field)")
    box = page.locator(".sp-key[data-key='7']").bounding_box()
    tap_points(page, {fields[0]: 7})
    taps.count = 1 + (len(fields) > 1)  # one digit (+ the field when there are several)
    taps.scrolls = int(box is None or box["y"] + box["height"] > 740)
    taps.tap("#sp-save")
    page.wait_for_selector("#sp-entry", state="detached")
    record(out, "Score pad: own points", taps, 1, 3, None)
    page.context.close()


def report(moves: list[Move]) -> str:
    lines = ["| move | taps | scrolls | pickers | model s | target | met |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for m in moves:
        target = " · ".join(filter(None, [f"≤ {m.max_taps} taps" if m.max_taps else "",
                                          f"≤ {m.max_seconds:g} s" if m.max_seconds else ""]))
        lines.append(f"| {m.kind} | {m.taps} | {m.scrolls} | {m.pickers} | {m.seconds} | "
                     f"{target or '—'} | {'yes' if m.met() else 'NO'} |")
    aimed = [m for m in moves if m.max_taps or m.max_seconds]
    lines.append(f"\ntaps: {sum(m.met() for m in aimed)}/{len(aimed)} targets met")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="taps-"))
    redis_server = EmbeddedRedis(work / "redis").start()
    live = Live(redis_server.url, work)
    moves: list[Move] = []
    try:
        with sync_playwright() as p:
            chromium = shutil.which("chromium") or "/usr/bin/chromium"
            browser = p.chromium.launch(executable_path=chromium, args=[
                "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"])
            for run in (gaia, gaia_known, kazaam, scorepad, gaia_setup):
                run(browser, live, moves)
            gaia_setup(browser, live, moves, full_box=True)
            browser.close()
    finally:
        live.stop()
        redis_server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(report(moves))
    if args.json:
        rows = [asdict(m) | {"seconds": m.seconds} for m in moves]
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
