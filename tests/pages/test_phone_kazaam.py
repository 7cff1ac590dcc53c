"""Kazaam on the phones, tapped as people would, in English, Italian and German: three
alchemists and a table screen; every kind of move at least once through the UI (draw,
build, discard, each power with its target, the head's answer both ways, refresh, end
turn, undo, naming a tile in hand) and the result at the end. Every state is checked
(check_screen, PageWatch), scanned with axe and photographed."""

from __future__ import annotations

import time
from typing import Any

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp
from tests.pages.checks import (
    LOCALES,
    PageWatch,
    assert_in_sight,
    axe_check,
    check_screen,
    check_tap_targets,
    phone,
)

NAMES = ["Ada", "Bruno", "Clara"]
PROTOTYPES = ["fire", "bone", "stone"]
OWN = ["mercury", "sulphur", "mandrake"]
TURN = {"en": "Your turn", "it": "Tocca a te", "de": "Du bist dran"}
# what the tail at the head would do, as the server foresees it (K5.6)
TAIL_SAYS = {"en": "If you let it act, your head turns face down.",
             "it": "Se la lasci agire, il tuo pezzo testa viene coperto.",
             "de": "Lässt du ihn wirken, wird dein Teil Kopf verdeckt."}
# K9 start_ingredients: a stock to build from at once, so the opening reaches every power
START = {"mercury": 6, "sulphur": 6, "mandrake": 6}


class Table:
    """The phones, the table screen and a helper per step that checks every screen."""

    def __init__(self, browser: Any, live: Any, lang: str, shot: Any) -> None:
        self.live, self.lang, self.shot, self.step = live, lang, shot, 0
        r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                          json={"game": "kazaam", "options": {"start_ingredients": START}})
        assert r.status_code == 201, r.text
        self.session = r.json()
        seats = zip(NAMES, PROTOTYPES, OWN, strict=True)
        self.phones = [self.join(browser, *seat) for seat in seats]
        self.screen = browser.new_context(viewport={"width": 1280, "height": 800},
                                          locale=LOCALES[lang])
        self.table = self.screen.new_page()
        self.table.watch = PageWatch(self.table)  # type: ignore[attr-defined]
        self.table.goto(f"{live.url}/t/{self.session['id']}")

    def join(self, browser: Any, name: str, prototype: str, own: str) -> Any:
        page = phone(browser, self.lang).new_page()
        page.watch = PageWatch(page)  # type: ignore[attr-defined]
        page.goto(f"{self.live.url}/j/{self.session['code']}")
        page.wait_for_selector("#join-name:focus")
        page.keyboard.type(name)
        page.select_option("#join-prototype", prototype)
        page.select_option("#join-ingredient", own)
        page.click("#join-button")
        page.wait_for_selector("#waiting")
        return page

    def start(self) -> None:
        r = requests.post(f"{self.live.url}/api/v1/sessions/{self.session['id']}/start",
                          headers={"Authorization": f"Bearer {self.session['host_token']}"},
                          json={}, timeout=10)
        assert r.status_code == 201, r.text
        for page in self.phones:
            page.wait_for_selector("#kz-board")

    def check(self, name: str, seat: int, *, turn: str | None = None) -> None:
        """The acting phone and the others: words, layout, errors; a screenshot each."""
        self.step += 1
        for i, page in enumerate(self.phones):
            check_screen(page, self.lang, name=NAMES[i] if i != seat else None,
                         turn=turn if i == seat else None)
            page.watch.assert_no_errors()
        check_tap_targets(self.phones[seat])
        self.shot(self.phones[seat], f"{self.step:02d}-{name}")

    def state(self) -> dict[str, Any]:
        r = requests.get(f"{self.live.url}/api/v1/sessions/{self.session['id']}", timeout=10)
        return r.json()


def enter_tile(page: Any, homunculus: str, part: str, ingredients: list[str],
               given: bool = False) -> None:
    """Tile entry: each value picked by the person; nothing is pre-filled (but the
    homunculus whose button opened the sheet: ``given``)."""
    sheet = page.locator(".modal .sheet")
    pressed = sheet.locator("[data-field=homunculus] [aria-pressed=true]")
    if given:
        expect(pressed).to_have_attribute("data-value", homunculus)
    else:
        expect(pressed).to_have_count(0)
        gp.choose(sheet, "[data-field=homunculus]", homunculus)
    expect(sheet.locator("[data-field=part] [aria-pressed=true]")).to_have_count(0)
    assert all(c == "0" for c in sheet.locator("output.kz-count").all_inner_texts())
    gp.choose(sheet, "[data-field=part]", part)
    for name in ingredients:
        sheet.locator(f"[data-more={name}]").click()


def build_unknown(page: Any, homunculus: str, part: str, ingredients: list[str]) -> None:
    """An unnamed tile built: its homunculus' button, then part and ingredients."""
    page.click(f"[data-move=build-new-{homunculus}]")
    enter_tile(page, homunculus, part, ingredients, given=True)


def wait_version(page: Any, before: dict[str, Any], table: Table) -> None:
    """Until the server state moved past ``before`` and the phone drew it."""
    page.wait_for_selector(".modal", state="detached")
    for _ in range(100):
        if table.state()["version"] > before["version"]:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the move did not land")


def wait_slot(page: Any, seat: int, slot: str, state: str = ".built") -> None:
    """Until that place shows the state (another player's board may be folded away)."""
    page.wait_for_selector(f"#kz-boards [data-seat='{seat}'][data-slot={slot}]{state}",
                           state="attached")


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_kazaam_opening_tapped_through_three_phones(browser, live, shot, lang):
    table = Table(browser, live, lang, shot)
    ada, bruno, clara = table.phones
    table.start()
    ada.wait_for_selector("#actions")
    table.check("start", 0, turn=TURN[lang])
    axe_check(ada)
    axe_check(bruno)

    # Ada: builds three parts from tiles she names (tail, an arm, an ear)
    for tile, slot in ((("fire", "tail", ["mercury", "sulphur"]), "tail"),
                       (("fire", "arm", ["mercury", "mandrake"]), "left_arm"),
                       (("fire", "ear", ["sulphur", "mandrake"]), "right_ear")):
        before = table.state()
        build_unknown(ada, *tile)
        if tile[1] == "tail":
            axe_check(ada)  # the sheet with its pickers and counters
            check_tap_targets(ada)
            table.shot(ada, f"tile-entry-{lang}")
        ada.click("#modal-ok")
        if tile[1] != "tail":  # two places of that kind: the board asks for a tap
            ada.wait_for_selector(f"[data-target='0/{slot}']")
            assert_in_sight(ada, f"[data-target='0/{slot}']")  # the board came into view
            table.shot(ada, f"pick-slot-{slot}")
            ada.click(f"[data-target='0/{slot}']")
        wait_version(ada, before, table)
        wait_slot(ada, 0, slot, ".built")
    wait_slot(bruno, 0, "right_ear")  # live on Bruno's
    bruno.wait_for_selector("#actions")
    table.check("ada-built", 1, turn=TURN[lang])

    # Bruno: a head, a draw he takes back, a draw, a discard that pays ingredients
    before = table.state()
    build_unknown(bruno, "bone", "head", ["mercury", "sulphur"])
    bruno.click("#modal-ok")
    wait_version(bruno, before, table)
    wait_slot(bruno, 1, "head", ".built")
    bruno.click("[data-move=draw]")
    bruno.wait_for_selector("#hand .t-unknown:nth-child(3):last-child")
    table.check("bruno-drew", 1, turn=TURN[lang])
    bruno.click("#undo")
    bruno.wait_for_selector("#hand .t-unknown:nth-child(2):last-child")
    bruno.click("[data-move=draw]")
    bruno.wait_for_selector("#hand .t-unknown:nth-child(3):last-child")
    before = table.state()
    bruno.click("[data-move=discard-unknown]")
    enter_tile(bruno, "bone", "leg", ["mercury", "mandrake"])
    bruno.click("#modal-ok")
    wait_version(bruno, before, table)
    pool = table.state()["players"][1]["ingredients"]
    # the tile's ingredients and Bruno's own (sulphur); the head cost mercury and sulphur
    assert (pool["mercury"], pool["sulphur"], pool["mandrake"]) == (6, 6, 7)
    clara.wait_for_selector("#actions")
    assert clara.locator("#kz-piles .kz-tile").count() == 1  # the discard pile, face up
    table.check("bruno-discarded", 2, turn=TURN[lang])

    # Clara: a leg and a torso, then the leg's power takes the bone leg from the discards
    assert not ada.is_visible("#kz-boards [data-seat='2'][data-slot=torso]")  # folded away
    ada.click("#kz-boards details[data-seat='2'] > summary")  # Ada opens Clara's board
    for tile, slot in ((("stone", "leg", ["mercury", "sulphur"]), "left_leg"),
                       (("stone", "torso", ["mercury", "sulphur"]), "torso")):
        before = table.state()
        build_unknown(clara, *tile)
        clara.click("#modal-ok")
        if slot == "left_leg":
            clara.click(f"[data-target='2/{slot}']")
        wait_version(clara, before, table)
    # it stays open through the live updates, and shows what Clara built
    ada.locator("#kz-boards [data-seat='2'][data-slot=torso].built").wait_for()
    before = table.state()
    clara.click("[data-move=power-left_leg]")
    clara.locator(".modal [data-choice]").first.click()
    table.shot(clara, "leg-choice")
    clara.click("#modal-ok")
    wait_version(clara, before, table)
    assert table.state()["piles"]["discard"] == []
    wait_slot(clara, 2, "left_leg", ".down")
    ada.wait_for_selector("#actions")
    table.check("clara-leg", 0, turn=TURN[lang])

    # Ada: the tail at Bruno's head opens the reaction window; Bruno cancels it
    ada.click("[data-move=power-tail]")
    ada.wait_for_selector("[data-target='1/head']")
    assert ada.locator("[data-target='0/right_ear']").count() == 1  # her own parts, too
    assert ada.locator("[data-target='0/tail']").count() == 0  # but not the tail in use (K5.3)
    table.shot(ada, "tail-targets")
    ada.click("[data-target='1/head']")
    bruno.wait_for_selector("#reaction [data-move=react-cancel]")
    expect(bruno.locator("#reaction .react-effect")).to_have_text(TAIL_SAYS[lang])
    assert "●" in bruno.title()
    table.check("reaction-asked", 1)
    axe_check(bruno)
    bruno.click("[data-move=react-cancel]")
    bruno.wait_for_selector("#reaction", state="detached")
    wait_slot(ada, 1, "head", ".down")
    # the arm takes a tile from Bruno, named by Ada (she sees it now)
    before = table.state()
    ada.wait_for_selector("[data-move=power-left_arm]")
    ada.click("[data-move=power-left_arm]")
    ada.click(".modal [data-choice='1']")
    ada.click("#modal-ok")
    ada.wait_for_selector("#kz-arm-skip")
    enter_tile(ada, "bone", "arm", ["sulphur", "mandrake"])
    ada.click("#modal-ok")
    wait_version(ada, before, table)
    ada.wait_for_selector("#hand .kz-tile")
    # the ear looks at Clara's hand: her declared bone leg and one unnamed tile
    ada.click("[data-move=power-right_ear]")
    ada.click(".modal [data-choice='2']")
    ada.click("#modal-ok")
    ada.wait_for_selector("#revealed .kz-tile")
    table.check("ada-powers", 0)
    ada.click("#forget")  # names can be taken back: the tile is unnamed again
    ada.wait_for_selector("#hand .t-unknown")
    assert table.state()["players"][0]["hand_size"] == 1
    bruno.wait_for_selector("#actions")

    # Bruno: names the tile left in his hand, refreshes his head, ends his turn
    bruno.click("#declare")
    enter_tile(bruno, "reptile", "head", ["mercury", "sulphur"])
    bruno.click("#modal-ok")
    bruno.wait_for_selector("#hand .kz-tile")
    # fix your hand: a named tile is corrected, here there and back
    named = bruno.locator("#hand .cards .kz-tile:not(.t-unknown)").first
    named.wait_for()  # the tile just named (the unnamed ones share the class)
    first = named.inner_text()
    for cost in (["mercury", "mandrake"], ["mercury", "sulphur"]):
        bruno.click("[data-fix='0']")
        enter_tile(bruno, "reptile", "head", cost)
        bruno.click("#modal-ok")
        bruno.wait_for_selector(".modal", state="detached")
        if cost[1] == "mandrake":
            expect(named).not_to_have_text(first)
    expect(named).to_have_text(first)
    table.check("bruno-declared", 1, turn=TURN[lang])
    bruno.click("[data-move=refresh]")
    wait_slot(bruno, 1, "head", ".built:not(.down)")
    bruno.click("[data-move=draw]")  # and names the tile he drew: his whole hand is named
    bruno.wait_for_selector("#hand .t-unknown")
    bruno.click("#declare")
    enter_tile(bruno, "reptile", "ear", ["mandrake", "sulphur"])
    bruno.click("#modal-ok")
    bruno.wait_for_selector("#hand .kz-tile:nth-child(2):not(.t-unknown)")
    bruno.click("#end-turn")
    clara.wait_for_selector("#actions")

    # Clara: the torso's three ingredients, then she ends her turn
    before = table.state()
    clara.click("[data-move=power-torso]")
    for name in ("mandrake", "mandrake", "sulphur"):
        clara.click(f".modal [data-more={name}]")
    clara.click(".modal [data-more=mercury]")  # a fourth is refused by the counter
    table.shot(clara, "torso")
    clara.click("#modal-ok")
    wait_version(clara, before, table)
    assert table.state()["players"][2]["ingredients"]["mandrake"] == 6 + 2
    clara.click("#end-turn")
    ada.wait_for_selector("#actions")

    # Ada: refresh, and the tail again at Bruno's head: this time he lets it act
    ada.click("[data-move=refresh]")
    ada.wait_for_selector("[data-move=power-tail]")
    ada.click("[data-move=power-tail]")
    ada.click("[data-target='1/head']")
    bruno.wait_for_selector("#reaction [data-move=react-accept]")
    bruno.click("[data-move=react-accept]")
    wait_slot(bruno, 1, "head", ".down")
    table.check("tail-accepted", 0)
    # her arm takes a tile from Bruno without naming it: nobody knows which of his two
    # named tiles left, so his names are reset (K5.2) and his phone asks for them again
    ada.click("[data-move=power-left_arm]")
    ada.click(".modal [data-choice='1']")
    ada.click("#modal-ok")
    ada.click("#kz-arm-skip")
    bruno.wait_for_selector("#kz-reset")
    assert table.state()["players"][1]["hand_size"] == 1
    bruno.wait_for_selector("#hand .t-unknown")
    table.check("names-reset", 1)
    table.table.get_by_text("Clara").first.wait_for()
    check_screen(table.table, lang)
    axe_check(table.table)
    table.shot(table.table, "table-screen")
    table.table.watch.assert_no_errors()  # type: ignore[attr-defined]

    # the host finishes the game: every phone shows the result and the winner
    r = requests.post(f"{live.url}/api/v1/sessions/{table.session['id']}/finish",
                      headers={"Authorization": f"Bearer {table.session['host_token']}"},
                      json={}, timeout=10)
    assert r.status_code in (200, 201), r.text
    for page in table.phones:
        page.wait_for_selector("#result #winner")
    table.check("result", 0)
    table.check("result-bruno", 1)
    began = time.monotonic()  # idle phones stay quiet: under 30 requests a minute
    ada.wait_for_timeout(10_000)
    for page in table.phones:
        assert sum(1 for at, _ in page.watch.requests if at >= began) < 5


TILE = {"homunculus": "reptile", "part": "arm", "ingredients": ["dragon_blood", "unicorn_horn"]}
# One of each event the Kazaam engine emits, with the fields it gives them.
EVENTS = {
    "tile_drawn": {"seat": 0}, "part_built": {"seat": 0, "slot": "left_arm", "tile": TILE},
    "tile_discarded": {"seat": 1, "tile": TILE, "gained": ["dragon_blood", "phoenix_feather"]},
    "parts_refreshed": {"seat": 1, "slots": ["left_ear", "tail"]},
    "power_used": {"seat": 0, "slot": "right_leg", "power": "leg"},
    "hand_looked_at": {"seat": 0, "target": 1}, "tile_taken": {"seat": 1, "target": 0},
    "reaction_requested": {"seat": 1, "by": 0, "slot": "right_ear"},
    "part_turned_down": {"seat": 1, "slot": "torso"},
    "part_discarded": {"seat": 1, "slot": "head", "tile": TILE},
    "tile_from_discard": {"seat": 0, "tile": TILE},
    "ingredients_taken": {"seat": 0, "ingredients": ["mandrake", "mandrake", "sulphur"]},
    "power_cancelled": {"seat": 1, "by": 0, "slot": "tail"},
    "power_accepted": {"seat": 1, "by": 0, "slot": "tail"},
    "pile_reshuffled": {"count": 12}, "homunculus_completed": {"seat": 0},
    "final_round": {"seat": 0}, "turn_passed": {"seat": 1},
    "game_over": {"result": {"reason": "homunculus_completed", "winners": [0]}},
    "game_stalled": {"reason": "kazaam.stalled.no_tiles"},  # K6.2
}


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_every_kazaam_event_reads_as_a_sentence(browser, live, lang):
    """Each event the catalogue has, narrated as the phones and the table do."""
    context = phone(browser, lang)
    page = context.new_page()
    page.goto(f"{live.url}/rules/kazaam")
    said = page.evaluate("""async (events) => {
      const common = await import('/static/js/common.js');
      await common.loadMessages();
      const keys = Object.keys((await (await fetch(`/i18n/${common.lang()}.json`)).json()).messages)
        .filter((k) => k.startsWith('kazaam.event.')).map((k) => k.slice(13));
      const list = document.createElement('ul');
      const out = {};
      for (const type of keys) {
        out[type] = common.narrate('kazaam', { type, ...(events[type] || {}) }, ['Ada', 'Bruno']);
        const li = document.createElement('li'); li.textContent = out[type]; list.append(li);
      }
      document.getElementById('main').replaceChildren(list);
      return out;
    }""", EVENTS)
    assert set(said) == set(EVENTS), "an event without a sample here, or a sample without an event"
    assert all(said.values()), [k for k, v in said.items() if not v]
    assert "Bruno" in said["hand_looked_at"] and "Ada" in said["reaction_requested"]
    check_screen(page, lang)
    context.close()


def test_the_host_answers_the_tail_for_a_seat_without_a_phone(browser, live, shot):
    """K5.6: the host may answer for a seat whose phone is away, from the play view the
    table screen opens for that seat (/j/<code>#host=<sid>&seat=<n>)."""
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                      json={"game": "kazaam", "options": {"start_ingredients": START}})
    session = r.json()
    host = {"Authorization": f"Bearer {session['host_token']}"}
    sid, code = session["id"], session["code"]
    table = Table.__new__(Table)  # only the joining helper, for Ada's phone
    table.live, table.lang, table.session = live, "it", session
    ada = table.join(browser, "Ada", "fire", "mercury")
    r = requests.post(f"{live.url}/api/v1/sessions/{sid}/seats", headers=host, timeout=10,
                      json={"name": "Bruno", "color": "blue", "prototype": "bone",
                            "ingredient": "sulphur"})
    assert r.status_code == 201, r.text
    r = requests.post(f"{live.url}/api/v1/sessions/{sid}/start", headers=host, json={},
                      timeout=10)
    assert r.status_code == 201, r.text
    # the host's device keeps the host token; its play view for Bruno's seat
    screen = phone(browser, "it")
    screen.add_init_script(f"localStorage.setItem('tc:host:{sid}', '{session['host_token']}')")
    proxy = screen.new_page()
    proxy.watch = PageWatch(proxy)  # type: ignore[attr-defined]
    proxy.goto(f"{live.url}/j/{code}#host={sid}&seat=1")
    proxy.wait_for_selector("#kz-board")

    def build(page: Any, seat: int, tile: tuple[str, str, list[str]]) -> None:
        build_unknown(page, *tile)
        page.click("#modal-ok")
        wait_slot(page, seat, tile[1], ".built")

    ada.wait_for_selector("#actions")
    build(ada, 0, ("fire", "tail", ["mercury", "sulphur"]))
    ada.click("#end-turn")
    proxy.wait_for_selector("#actions")
    build(proxy, 1, ("bone", "head", ["mercury", "sulphur"]))
    proxy.click("#end-turn")
    ada.wait_for_selector("[data-move=power-tail]")
    ada.click("[data-move=power-tail]")
    ada.click("[data-target='1/head']")
    proxy.wait_for_selector("#reaction [data-move=react-cancel]")
    check_screen(proxy, "it", name="Bruno")
    axe_check(proxy)
    shot(proxy, "host-asked")
    proxy.click("[data-move=react-cancel]")
    wait_slot(ada, 1, "head", ".down")
    state = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()
    assert state["players"][1]["board"]["head"]["face_up"] is False
    assert state["players"][0]["board"]["tail"]["face_up"] is False  # the tail stays spent
    check_screen(ada, "it", name="Ada")
    for page in (ada, proxy):
        page.watch.assert_no_errors()


# Ada's nine parts, turn by turn (draws between): two homunculi, so chains and the
# prototype both count. (homunculus, part, place)
NINE = [[("fire", "head", "head"), ("fire", "torso", "torso"), ("fire", "tail", "tail")],
        [("fire", "ear", "left_ear"), ("wood", "ear", "right_ear"), ("fire", "arm", "left_arm")],
        [("wood", "arm", "right_arm"), ("fire", "leg", "left_leg"), ("wood", "leg", "right_leg")]]


def test_a_whole_kazaam_game_to_its_result(browser, live, shot):
    """end=finish_round: Ada completes her homunculus, Bruno plays the final round, and
    both phones show the ranking; the points are the rules' (K7), counted by hand."""
    lang = "de"
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10, json={
        "game": "kazaam", "options": {"end": "finish_round",
                                      "start_ingredients": {"mercury": 9, "sulphur": 9}}})
    session = r.json()
    table = Table.__new__(Table)
    table.live, table.lang, table.session = live, lang, session
    ada = table.join(browser, "Ada", "fire", "mercury")
    bruno = table.join(browser, "Bruno", "bone", "sulphur")
    r = requests.post(f"{live.url}/api/v1/sessions/{session['id']}/start", json={}, timeout=10,
                      headers={"Authorization": f"Bearer {session['host_token']}"})
    assert r.status_code == 201, r.text
    for i, turn in enumerate(NINE):
        if i:  # three draws refill the hand
            for n in range(1, 4):
                ada.click("[data-move=draw]")
                ada.wait_for_selector(f"#hand .t-unknown:nth-child({n}):last-child")
            bruno.wait_for_selector("#end-turn").click()
        ada.wait_for_selector("#actions [data-move^=build-new-]")
        for homunculus, part, place in turn:
            build_unknown(ada, homunculus, part, ["mercury", "sulphur"])
            ada.click("#modal-ok")
            target = ada.locator(f"[data-target='0/{place}']")
            if part in ("ear", "arm", "leg") and place.startswith("left"):
                target.click()
            wait_slot(ada, 0, place, ".built")
        if i < len(NINE) - 1:
            bruno.wait_for_selector("#end-turn").click()
    # the final round: Bruno's phone says so, then he ends the last turn
    bruno.wait_for_selector("#kz-end b")
    assert "Letzte Runde" in bruno.inner_text("#kz-end")
    check_screen(bruno, lang, name="Bruno", turn=TURN[lang])
    shot(bruno, "final-round")
    bruno.click("#end-turn")
    for page in (ada, bruno):
        page.wait_for_selector("#result #winner")
    score = requests.get(f"{live.url}/api/v1/sessions/{session['id']}/score", timeout=10).json()
    ada_score = next(p for p in score["players"] if p["seat"] == 0)
    # K7: parts 2+2+7, prototype (six fire parts) 6, chains (every part has a like
    # neighbour) 9, first complete 4
    assert ada_score["total"] == 11 + 6 + 9 + 4
    assert "Ada" in ada.inner_text("#winner") and "30" in bruno.inner_text("#result")
    assert "letzte Runde ist gespielt" in ada.inner_text("#kz-end")  # why it ended
    # Bruno earned nothing: his line lists no bonus at 0 (as the table screen leaves it blank)
    expect(ada.locator("#result .ranking li", has_text="Bruno").locator(".hint")).to_have_text("")
    for page, name in ((ada, "Ada"), (bruno, "Bruno")):
        check_screen(page, lang, name=name)
        axe_check(page)
        page.watch.assert_no_errors()
    shot(ada, "result")
