"""The Gaia phone as a turn guide: whole games tapped through the phones in English,
Italian and German, with the simulator's physical deck supplying the moves."""

from __future__ import annotations

import time

import pytest
import requests

from companion.games.gaia.playout import Table
from companion.games.gaia.turns import placed
from tests.pages import gaia_phone as gp
from tests.pages.checks import axe_check, check_screen

NAMES = ["Ada", "Bruno", "Clara"]


def seated(browser, live, lang, seed, players):
    table = gp.create_table(live)
    sim = Table.deal(seed, players=players)
    pages = {i: gp.seat_phone(browser, live, table["code"], NAMES[i], lang) for i in range(players)}
    gp.start(live, table, gp.setup_of(sim.state))
    for page in pages.values():
        page.wait_for_selector("#board-card")
    return table, sim, pages


# Each game, tapped move by move, exercises these on the phone (a seed that stops doing
# so fails here rather than silently testing less).
MUST = {"play_nature", "play_animals", "draw-deck", "draw-display-refill", "end_turn",
        "claim_objective"}


@pytest.mark.parametrize(("lang", "seed", "players"), [("en", 0, 2), ("it", 5, 3), ("de", 2, 2)])
def test_a_whole_game_tapped_through_the_phones(browser, live, shot, lang, seed, players):
    table, sim, pages = seated(browser, live, lang, seed, players)
    seen: set[str] = set()
    began = time.monotonic()

    def each(move, page, label):
        for seat, p in pages.items():
            turn_now = sim.state["turn"]
            mine = sim.state["status"] == "playing" and turn_now["seat"] == seat \
                and turn_now["phase"] != "reaction"
            turn = gp.TURN_TEXT[lang] if mine else None
            check_screen(p, lang, name=NAMES[seat], turn=turn)
        if label not in seen:
            seen.add(label)
            shot(page, f"{label}")

    asked: set[str] = set()

    def first_time(label, page):  # the screen that asks for a kind of move, once each
        if label not in asked:
            asked.add(label)
            shot(page, f"before-{label}")

    made = gp.play(sim, pages, on_state=each, on_ask=first_time)
    assert sim.state["status"] == "finished"
    score = requests.get(f"{live.url}/api/v1/sessions/{table['id']}/score", timeout=5).json()
    assert score["final"]
    assert {p["seat"]: p["total"] for p in score["players"]} == \
        {p["seat"]: placed(p) for p in sim.state["players"]}  # the phones entered the true game
    for seat, page in pages.items():
        page.wait_for_selector("#result #my-place")
        mine = next(p for p in score["players"] if p["seat"] == seat)
        assert f"{mine['rank']}" in page.inner_text("#my-place")
        winner = NAMES[sim.state["result"]["ranking"][0]]
        assert winner in page.inner_text("#result")
        page.evaluate("window.scrollTo(0, 0)")
        check_screen(page, lang, name=NAMES[seat])
        shot(page, f"result-{seat}")
    axe_check(pages[0])  # the end of the game, as a page kind of its own
    print(f"{lang}: {made} moves in {time.monotonic() - began:.0f} s; {sorted(seen)}")
    exercised = {s.split("-discard")[0].replace("-card", "") for s in seen}
    assert exercised >= MUST, sorted(seen)
    assert {"city-known", "city-entered"} & seen, sorted(seen)
    for page in pages.values():
        page.watch.assert_no_errors()
