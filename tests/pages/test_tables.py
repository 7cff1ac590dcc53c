"""Through the pages, as people would: a table screen and two phones."""

from __future__ import annotations

import re

from . import gaia_phone as gp
from .tablescreen import start_from_table

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True}


def phone(browser, live, code: str, name: str, **choices: str):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live.url}/j/{code}")
    page.fill("input[name=name]", name)
    for field, value in choices.items():
        page.select_option(f"select[name={field}]", value)
    page.click("#join button.primary")
    page.wait_for_selector("#waiting")
    page.errors = errors  # type: ignore[attr-defined]
    return page


def open_table(browser, live, game: str):
    table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    table.goto(f"{live.url}/")
    table.check(f"input[value={game}]")
    table.click("#start button.primary")
    table.wait_for_url(re.compile(r".*/t/[0-9a-f]{32}$"))
    table.wait_for_selector("#join-code")
    # what the QR code encodes: the join link shown under it
    link = table.get_attribute("#join-link", "href")
    code = table.inner_text("#join-code")
    assert link.endswith(f"/j/{code}")
    return table, code


def test_gaia_opening_through_the_pages(browser, live, shot):
    table, code = open_table(browser, live, "gaia")
    ada = phone(browser, live, code, "Ada", color="blue")
    bo = phone(browser, live, code, "Bo")
    table.wait_for_selector("#players li:nth-child(2)")  # both arrived, live
    assert "Ada" in table.inner_text("#players") and "Bo" in table.inner_text("#players")
    shot(table, "lobby")
    start_from_table(table)  # the checklist is filled by hand (nothing pre-filled)
    table.wait_for_selector("#board")
    ada.wait_for_selector("#actions")
    assert "Your turn" in ada.inner_text("#status")
    # Ada places a forest tile by tapping the highlighted square
    ada.click("[data-move=nature-forest]")
    ada.wait_for_selector("[data-target='0,0']")
    ada.click("[data-target='0,0']")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")
    bo.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")  # live on Bo's phone
    ada.click("[data-move=nature-sea]")
    ada.click("[data-target='1,0']")
    ada.wait_for_selector("#gaia-board [data-at='1,0'][data-terrain=sea]")
    bo.wait_for_selector("#status [data-move=end-turn]")
    assert "Your turn" in bo.inner_text("#status")
    # Bo builds a city on the sea tile: two forest needs met by the one forest
    bo.click("[data-move=city-new-sea]")
    for need in ["forest", "forest", "desert", "animals"]:
        gp.choose(bo, "#needs [data-field=needs]", need)
    bo.click("#modal-ok")
    bo.click("[data-target='1,0']")
    bo.wait_for_selector("#gaia-board .city-needs")
    ada.wait_for_selector("#gaia-board .city-needs")
    assert bo.text_content("#gaia-board .city-needs") == "2/4"
    table.wait_for_selector("#feed li:nth-child(4)")
    assert "city" in table.inner_text("#feed").lower()
    shot(bo, "city")
    shot(table, "after-city")
    # a mis-tap is one tap away from undone, everywhere
    bo.click("#undo")
    bo.wait_for_selector("#gaia-board .city-needs", state="detached")
    ada.wait_for_selector("#gaia-board .city-needs", state="detached")
    # a rejection shows its sentence and links to its rule
    bo.click("[data-move=nature-plains]")
    bo.click("[data-target='1,1']")
    bo.click("[data-move=nature-plains]")
    assert not bo.is_visible("[data-target='5,5']")
    shot(bo, "after-undo")
    assert ada.errors == [] and bo.errors == []  # type: ignore[attr-defined]


def test_rejection_shows_the_rule(browser, live):
    """A move the server refuses shows its sentence with a link to its rule: Ada's
    second screen still offers a square her phone has just filled (someone moved
    first), because it hears of that move late."""
    table, code = open_table(browser, live, "gaia")
    ada = phone(browser, live, code, "Ada")
    phone(browser, live, code, "Bo")
    start_from_table(table)
    ada.wait_for_selector("#actions")
    late = ada.context.new_page()  # the same seat on a second screen that hears nothing
    late.route(re.compile(r".*/events$"), lambda route: route.abort())
    late.goto(ada.url)
    late.click("[data-move=nature-forest]")
    late.wait_for_selector("[data-target='0,0']")
    ada.click("[data-move=nature-forest]")
    ada.click("[data-target='0,0']")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")
    late.click("[data-target='0,0']")
    late.wait_for_selector("#toast:not([hidden]) a")
    assert late.get_attribute("#toast a", "href") == "/rules/gaia#G4.2"
    assert "already has a forest tile" in late.inner_text("#toast")
    late.goto(f"{live.url}/rules/gaia#G4.2")
    assert "G4.2" in late.inner_text("dt:target")


def name_tile(page, homunculus: str, part: str, ingredients: list[str]) -> None:
    if not page.locator(".sheet [data-field=homunculus] [aria-pressed=true]").count():
        gp.choose(page, ".sheet [data-field=homunculus]", homunculus)
    gp.choose(page, ".sheet [data-field=part]", part)
    for name in ingredients:
        page.click(f".sheet [data-more={name}]")


def test_kazaam_opening_through_the_pages(browser, live, shot):
    table, code = open_table(browser, live, "kazaam")
    ada = phone(browser, live, code, "Ada", prototype="wood", ingredient="mercury")
    bo = phone(browser, live, code, "Bo", prototype="fire", ingredient="sulphur")
    table.wait_for_selector("#players li:nth-child(2)")
    start_from_table(table)  # the checklist is filled by hand (nothing pre-filled)
    ada.wait_for_selector("#actions")
    ada.click("[data-move=draw]")
    ada.wait_for_selector("#hand .t-unknown:nth-child(4):last-child")
    # discard an unknown tile, naming it (nothing pre-filled): wood arm (mercury, sulphur)
    ada.click("[data-move=discard-unknown]")
    name_tile(ada, "wood", "arm", ["mercury", "sulphur"])
    ada.click("#modal-ok")
    ada.locator("#kz-pool [data-ingredient=mercury]", has_text="\u00d7 2").wait_for()
    # build a wood head for exactly mercury + sulphur
    ada.click("[data-move=build-new-wood]")
    name_tile(ada, "wood", "head", ["mercury", "sulphur"])
    ada.click("#modal-ok")
    ada.wait_for_selector("#kz-board [data-slot=head].built")
    bo.wait_for_selector("#end-turn")  # the turn came to Bo, live
    table.wait_for_selector("[data-seat='0'][data-slot=head].built")  # and to the table
    shot(ada, "built")
    shot(table, "boards")
    ada.click("#undo")
    ada.wait_for_selector("#kz-board [data-slot=head]:not(.built)")
    assert "Your turn" in ada.inner_text("#status")
    assert ada.errors == [] and bo.errors == []  # type: ignore[attr-defined]


def test_italian_phone_gets_italian_pages_and_sentences(browser, live):
    table, code = open_table(browser, live, "gaia")
    context = browser.new_context(locale="it-IT", **PHONE)
    page = context.new_page()
    page.goto(f"{live.url}/j/{code}")
    assert page.inner_text("#join button.primary") == "Entra al tavolo"
    assert "Il tuo nome" in page.inner_text("#join")
    page.fill("input[name=name]", "Ada")
    page.click("#join button.primary")
    page.wait_for_selector("#waiting")
    phone(browser, live, code, "Bo")
    start_from_table(table)  # the checklist is filled by hand (nothing pre-filled)
    page.wait_for_selector("#actions")
    assert "Tocca a te" in page.inner_text("#status")
    page.click("[data-move=nature-forest]")
    page.click("[data-target='0,0']")
    page.locator("#last", has_text="posa una").wait_for()
    assert "Ada posa una tessera foresta" in page.inner_text("#last")
    assert "[0,0]" not in page.inner_text("#last")
    # switching the language by hand sticks across reloads
    page.select_option("#lang", "de")
    page.wait_for_load_state()
    page.wait_for_selector("#status")
    assert "Du bist dran" in page.inner_text("#status")


def test_gaia_expert_power_card_and_the_window_through_the_pages(browser, live, shot):
    table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    table.goto(f"{live.url}/")
    table.check("input[name=opt-variant][value=expert]")
    table.click("#start button.primary")
    table.wait_for_selector("#join-code")
    code = table.inner_text("#join-code")
    ada = phone(browser, live, code, "Ada")
    bo = phone(browser, live, code, "Bo")
    table.wait_for_selector("#players li:nth-child(2)")
    start_from_table(table)  # the checklist is filled by hand (nothing pre-filled)
    ada.wait_for_selector("#actions")
    ada.click("[data-move=nature-swamp]")
    ada.click("[data-target='0,0']")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=swamp]")
    # Ada plays her hidden power card as a Sun on the swamp: Bo is asked to answer
    ada.click("[data-move=power-sun]")
    ada.click("[data-target='0,0']")
    bo.wait_for_selector("#answers [data-move=pass]")
    assert "●" in bo.title()
    shot(bo, "asked")
    bo.click("#answers [data-move=pass]")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=plains]")
    bo.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=plains]")
    table.locator("#feed li", has_text=re.compile("sun", re.I)).first.wait_for()
    assert ada.errors == [] and bo.errors == []  # type: ignore[attr-defined]
