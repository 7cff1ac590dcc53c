"""Taps per move, measured on the real pages: Chromium drives the phones at 360 x 740 (the
host's setup at 1280 x 800) through each kind of move and counts taps, native picker
opens, scrolls and typed characters, then prices them with a keystroke-level model. The
Gaia setup is measured twice: the host alone on the table screen, and shared by the
table's 4 phones (the table's time is the slowest phone's share plus the host's Start).

    python -m bench.taps [--json out.json]

The model: 1.2 s per decision or value read off a card (one glance per card: its symbol
and needs, or its ingredients), 0.4 s per tap in view, +1 s per scroll, a native picker
2 taps + 1.2 s. A tap counts a scroll when its target was out of the viewport. The last
line reads ``taps: N/M targets met``. About a minute on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
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
from tests.pages.tablescreen import GOALS, open_place
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


# the 4-player setup: 6 objectives, 3 nature and 2 life cards face up (G2)
OBJECTIVES = [("forest", "sea"), ("plains", "desert"), ("swamp", "mountain"),
              ("forest", "plains"), ("sea", "desert"), "rainbow"]
NATURE = ["plains", "forest", "sea"]
LIFE_NEW = [{"kind": "city", "symbol": "star", "needs": ["sea", "sea", "forest", "plains"]},
            {"kind": "animals", "symbol": "forest"}]
LIFE_BOXED = [FULL_BOX[6], FULL_BOX[18]]


def goal_face(goal: Any) -> dict[str, Any]:
    terrains = list(gp.TERRAINS) if goal == "rainbow" else [goal[0], goal[0], goal[1], goal[1]]
    return {"kind": "objective", "terrains": sorted(terrains, key=gp.TERRAINS.index)}


def setup_places(full_box: bool) -> list[tuple[str, Any]]:
    """Every place of the checklist with the card the table turned up there."""
    life = LIFE_BOXED if full_box else LIFE_NEW
    return ([(f"objectives.{i}", g) for i, g in enumerate(OBJECTIVES)]
            + [(f"display.nature.{i}", c) for i, c in enumerate(NATURE)]
            + [(f"display.life.{i}", c) for i, c in enumerate(life)])


def enter_place(page: Any, taps: Counted, slot: str, card: Any, boxed: bool) -> None:
    """One place entered as a person does: its place opened (a tap, unless open), then
    its card: a face from the box in one tap, else from the grids."""
    open_place(page, slot, taps.tap)
    if slot.startswith("objectives."):
        if boxed:
            taps.tap(f"#setup [data-field=objective-known] .knownbtn"
                     f"[data-card='{face(goal_face(card))}']")
        elif card == "rainbow":
            taps.tap("#setup [data-field=objective-whole] .gridbtn[data-value=rainbow]")
        else:
            for terrain in card:
                taps.tap(f"#setup [data-field=pairs] .gridbtn[data-value='{terrain}']")
    elif ".nature." in slot:
        taps.tap(f"#setup [data-field=nature] .gridbtn[data-value='{card}']")
    elif boxed and card.get("kind") == "city":
        taps.tap(f"#setup [data-field=life-known] .knownbtn[data-card='{face(card)}']")
    else:
        taps.tap(f"#setup [data-field=life-kind] .gridbtn[data-value='{card['kind']}']")
        taps.tap(f"#setup [data-field=symbol] .gridbtn[data-value='{card['symbol']}']")
        for need in card.get("needs", []):
            taps.tap(f"#setup [data-field=needs] .gridbtn[data-value='{need}']")
    page.wait_for_selector(f"#setup [data-slot='{slot}'].filled")


def host_page(browser: Any, live: Live, table: dict[str, Any]) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"localStorage.setItem('tc:host:{table['id']}', "
                            f"'{table['host_token']}')")
    page = context.new_page()
    page.goto(f"{live.url}/t/{table['id']}")
    page.wait_for_selector("#setup")
    return page


def box_of(full_box: bool) -> dict[str, Any]:
    return {"box": [*FULL_BOX, *GOALS]} if full_box else {}


def gaia_setup(browser: Any, live: Live, out: list[Move], full_box: bool = False) -> None:
    """The host alone enters the 4-player setup on the table screen (1280 x 800)."""
    table = gp.create_table(live, **box_of(full_box))
    for name in ["A", "B", "C", "D"]:
        r = requests.post(f"{live.url}/api/v1/join/{table['code']}", json={"name": name},
                          timeout=10)
        assert r.status_code == 201, r.text
    page = host_page(browser, live, table)
    taps = Counted(page)
    places = setup_places(full_box)
    for slot, card in places:
        enter_place(page, taps, slot, card, full_box)
    taps.tap("#start-game")
    page.wait_for_selector("#turn")
    box = "full box" if full_box else "nothing in the box"
    # the model forbids 15 s to one person with 11 cards (11 looks alone are 13.2 s): the
    # full box's target is the table's, shared by the phones (below)
    record(out, f"Gaia: host setup alone, 4 players, {box} (1280 x 800)", taps, len(places),
           None, None if full_box else 40)
    page.context.close()


def gaia_setup_shared(browser: Any, live: Live, out: list[Move], full_box: bool) -> None:
    """The 4 phones (360 x 740) enter the cards in front of them, split as they sit (place
    i to seat i mod 4), one phone after another so that each one's count is its own; the
    table waits for the slowest phone, then the host taps Start."""
    table = gp.create_table(live, **box_of(full_box))
    phones = [gp.seat_phone(browser, live, table["code"], n) for n in ["A", "B", "C", "D"]]
    host = host_page(browser, live, table)
    places = setup_places(full_box)
    shares: list[Move] = []
    done = 0
    for k, page in enumerate(phones):
        mine = places[k::len(phones)]
        # this phone shows what the others entered before it starts (a fixed count)
        page.wait_for_function(f"() => document.querySelectorAll('#setup .su-cell.filled')"
                               f".length === {done}")
        taps = Counted(page)
        for slot, card in mine:
            enter_place(page, taps, slot, card, full_box)
        done += len(mine)
        shares.append(Move(f"phone {k + 1}", taps.count, taps.scrolls, taps.pickers, 0,
                           len(mine), None, None))
    host.wait_for_function(f"() => document.querySelectorAll('#setup .su-cell.filled')"
                           f".length === {len(places)}")
    start = Counted(host)
    start.tap("#start-game")
    host.wait_for_selector("#turn")
    slowest = max(shares, key=lambda m: m.seconds)
    each = " / ".join(f"{m.seconds:g}" for m in shares)
    box = "full box" if full_box else "nothing in the box"
    out.append(Move(f"Gaia: setup shared by the 4 phones, {box} (the table's time: the "
                    f"slowest phone's share + the host's Start; phones {each} s)",
                    slowest.taps + start.count, slowest.scrolls + start.scrolls,
                    slowest.pickers, 0, slowest.looks, None, 15 if full_box else None))
    for page in [*phones, host]:
        page.context.close()


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
            gaia_setup_shared(browser, live, moves, full_box=False)
            gaia_setup_shared(browser, live, moves, full_box=True)
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
