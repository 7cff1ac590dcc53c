"""Driving Gaia phones by tapping, as people would: table set-up through the API, seats
taken on the join page, and the simulator's moves (a physical deck behind them) entered
through the play view. Shared by the test_phone_*.py files."""

from __future__ import annotations

import json
from typing import Any

import requests

from companion.games.gaia import feeding
from companion.games.gaia.board import xy
from companion.games.gaia.engine import apply
from companion.games.gaia.playout import Table
from tests.pages.checks import PageWatch, check_screen, phone

TERRAINS = ["plains", "desert", "forest", "sea", "swamp", "mountain"]
TURN_TEXT = {"en": "Your turn", "it": "Tocca a te", "de": "Du bist dran"}


def create_table(live: Any, **options: Any) -> dict[str, Any]:
    r = requests.post(f"{live.url}/api/v1/sessions", json={"game": "gaia", "options": options},
                      timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def setup_of(state: dict[str, Any]) -> dict[str, Any]:
    """The host's set-up that gives the simulator's dealt state (objectives, face-up row)."""
    objectives = [[k for k, n in o["requires"].items() for _ in range(n)]
                  for o in state["objectives"]]
    display = {p: list(part["display"]) for p, part in state["piles"].items() if p != "discard"}
    return {"objectives": objectives, "display": display}


def start(live: Any, table: dict[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    r = requests.post(f"{live.url}/api/v1/sessions/{table['id']}/start",
                      headers={"Authorization": f"Bearer {table['host_token']}"},
                      json={"setup": setup}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


class Taps:
    """Counts the taps (and typed fields) a person makes on one phone."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1

    def pick(self, selector: str, value: str) -> None:
        """One tap on ``value`` in the icon grid ``selector``."""
        choose(self.page, selector, value)
        self.count += 1


def choose(page: Any, selector: str, value: str) -> None:
    """Tap ``value`` in an icon grid (grid.js): its button, not a slot it fills."""
    page.locator(f"{selector} .gridbtn[data-value='{value}']").first.click()


def fill_needs(page: Any, selector: str, needs: list[str]) -> None:
    """A city card's 4 needs, tapped into their slots in order (one tap each)."""
    for need in needs:
        page.taps.pick(selector, need)


def seat_phone(browser: Any, live: Any, code: str, name: str, lang: str = "en") -> Any:
    """A phone scans the code and takes a seat; returns the page (with .watch, .taps)."""
    context = browser.new_context(**phone_args(lang))
    page = context.new_page()
    page.watch = PageWatch(page)  # type: ignore[attr-defined]
    page.taps = Taps(page)  # type: ignore[attr-defined]
    page.goto(f"{live.url}/j/{code}")
    page.wait_for_selector("#join-name:focus")  # the name field is ready for typing
    page.keyboard.type(name)
    page.taps.tap("#join-button")  # type: ignore[attr-defined]
    page.wait_for_selector("#waiting, #board-card")
    return page


def phone_args(lang: str) -> dict[str, Any]:
    """The keyword arguments of checks.phone() (a 360 x 740 touch context)."""
    holder: dict[str, Any] = {}

    class Catch:
        def new_context(self, **kwargs: Any) -> None:
            holder.update(kwargs)

    phone(Catch(), lang)
    return holder


def version(page: Any) -> int:
    return int(page.get_attribute("#play", "data-version") or -1)


def wait_version(page: Any, at: int) -> None:
    """Until the phone shows version ``at`` (locators: the pages' CSP refuses eval)."""
    page.wait_for_selector(f"#play[data-version='{at}']", state="attached", timeout=15000)


# -- entering a move by tapping ---------------------------------------------------------------
def target(page: Any, at: list[int]) -> None:
    page.taps.tap(f"[data-target='{at[0]},{at[1]}']")


def fill_card(page: Any, name: str, card: Any) -> None:
    """Pick a card's values in a sheet's picker (each value, none pre-filled)."""
    taps = page.taps
    if card is None:
        taps.tap(f"[data-field={name}] .gridbtn[data-value=unknown], "
                 f"[data-field={name}-kind] .gridbtn[data-value=unknown]")
    elif isinstance(card, str):
        taps.pick(f"[data-field={name}]", card)
    else:
        taps.pick(f"[data-field={name}-kind]", card["kind"])
        taps.pick(f"[data-field={name}-symbol]", card["symbol"])
        fill_needs(page, f"[data-field={name}-needs]", card.get("needs", []))


def pile_of(card: Any) -> str:
    if isinstance(card, dict):
        return "life"
    return "nature" if card in TERRAINS else "power"


def fill_discard(page: Any, card: Any) -> None:
    options = page.locator("[data-field=discard] .gridbtn").evaluate_all(
        "bs => bs.map(b => [b.dataset.value, b.dataset.card || ''])")
    for value, shown in options:
        if shown and json.loads(shown) == card:
            page.taps.pick("[data-field=discard]", value)
            return
    page.taps.pick("[data-field=discard]", f"u:{pile_of(card)}")
    fill_card(page, "discard-name", card)


def enter_draw(page: Any, move: dict[str, Any], sheet_expected: bool) -> None:
    slot = f"-{move['slot']}" if move["from"] == "display" else ""
    page.taps.tap(f"[data-move=draw-{move['pile']}-{move['from']}{slot}]")
    if not sheet_expected:
        return
    page.wait_for_selector(".modal")
    if move["from"] == "deck":
        fill_card(page, "drawn", move.get("card"))
    if "refill" in move:
        fill_card(page, "refill", move["refill"])
    if "discard" in move:
        fill_discard(page, move["discard"])
    page.taps.tap("#modal-ok")


def enter_city(page: Any, move: dict[str, Any]) -> str:
    known = f"[data-move=city-{move['symbol']}-{'-'.join(move['needs'])}]"
    if page.locator(known).count():
        page.taps.tap(known)
        label = "city-known"
    else:
        label = "city-entered"
        page.taps.tap(f"[data-move=city-new-{move['symbol']}]")
        fill_needs(page, "#needs [data-field=needs]", move["needs"])
        page.taps.tap("#modal-ok")
    target(page, move["at"])
    return label


def enter_feed(page: Any, move: dict[str, Any], choices: list[list[int]]) -> None:
    if move.get("auto"):
        page.taps.tap("[data-move=feed-auto]")
        return
    page.taps.tap("[data-move=feed-choose]")
    for at in choices:
        target(page, at)


def variant(move: dict[str, Any], feed_taps: list[Any]) -> str:
    """What a move exercises on the phone (draw from where, with what asked, ...)."""
    kind = move["type"]
    if kind == "draw":
        extra = [k for k in ("card", "refill", "discard") if k in move]
        return "-".join(["draw", move["from"], *extra])
    if kind == "feed":
        return "feed-auto" if move.get("auto") else f"feed-chosen{'-tapped' if feed_taps else ''}"
    return kind


def enter(page: Any, move: dict[str, Any], state: dict[str, Any], feed_taps: list[Any]) -> str:
    """Tap the move in (state: the state it is made in, as the phone shows it);
    returns what it exercised."""
    kind = move["type"]
    if kind == "play_city":
        return enter_city(page, move)
    if kind == "play_nature":
        page.taps.tap(f"[data-move=nature-{move['terrain']}]")
        target(page, move["at"])
    elif kind == "play_animals":
        page.taps.tap(f"[data-move=animals-{move['symbol']}]")
        target(page, move["at"])
    elif kind == "draw":
        sheet = move["from"] == "deck" or "refill" in move or "discard" in move
        enter_draw(page, move, sheet)
    elif kind == "claim_objective":
        page.taps.tap(f"[data-move=claim-{move['objective']}]")
    elif kind == "feed":
        enter_feed(page, move, feed_taps)
    elif kind == "end_turn":
        page.taps.tap("#end-turn")
    elif kind in ("defend", "pass", "nobody_defended"):
        page.taps.tap(f"[data-move={kind}]")
    else:
        raise AssertionError(f"no way to tap {move}")
    return variant(move, feed_taps)


def chosen_feed(table: Table, seat: int) -> tuple[dict[str, Any], list[Any]]:
    """A chosen feeding in the order the phone asks (build order), and the taps it takes:
    a city whose only source left is obvious needs none."""
    tokens = {k: t["animals"] for k, t in table.state["tiles"].items()}
    sources, taps = [], []
    for city, found in feeding.plan(table.state, seat):
        left = [s for s in found if tokens[s] > 0]
        if not left:
            continue
        src = table.rng.choice(left)
        if len(left) > 1:
            taps.append(xy(src))
        tokens[src] -= 1
        sources.append({"city": xy(city), "from": xy(src)})
    return {"type": "feed", "sources": sources}, taps


def next_move(table: Table) -> tuple[int, dict[str, Any], list[Any]]:
    seat = table.mover()
    move = table.pick(seat)
    taps: list[Any] = []
    if move["type"] == "feed" and "sources" in move:
        move, taps = chosen_feed(table, seat)
    return seat, move, taps


def play(table: Table, pages: dict[int, Any], *, until: int = 10_000,
         on_state: Any = None, on_ask: Any = None) -> int:
    """Play the simulator's moves through the phones; returns how many were made."""
    made = 0
    while table.state["status"] == "playing" and made < until:
        seat, move, taps = next_move(table)
        page = pages[seat]
        before = table.state
        expected = version(page) + 1
        table.state, _ = apply(table.state, seat, move)
        table.after(seat, move, before)
        table.log.append((seat, move))
        if on_ask:
            on_ask(variant(move, taps), page)
        label = enter(page, move, before, taps)
        for p in pages.values():
            wait_version(p, expected)
        made += 1
        if on_state:
            on_state(move, page, label)
    return made


def screen_ok(page: Any, lang: str, name: str) -> None:
    check_screen(page, lang, name=name)
