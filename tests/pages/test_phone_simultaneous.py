"""A game whose players move at the same time, through its pages: the harvest's page
module is served from the game's own folder (the registry's, not a page's list), two
phones enter one round's points in either order, nothing shows before the last entry,
then both phones show the results."""

from __future__ import annotations

import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp


def test_two_phones_play_a_simultaneous_round_to_the_results(browser, live, shot):
    created = requests.post(f"{live.url}/api/v1/sessions",
                            json={"game": "harvest", "options": {"rounds": 1}}, timeout=10)
    assert created.status_code == 201, created.text
    table = created.json()
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno")
    started = requests.post(f"{live.url}/api/v1/sessions/{table['id']}/start",
                            headers={"Authorization": f"Bearer {table['host_token']}"},
                            json={"setup": {}}, timeout=10)
    assert started.status_code == 201, started.text
    screen = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    screen.goto(f"{live.url}/t/{table['id']}")
    for page in (ada, bruno):  # both may enter at once: nobody waits for a turn
        page.locator("#harvest-enter").wait_for()
        expect(page.locator("#turn-line")).to_have_text("Everyone enters the round")
    # nobody's name before "'s turn": the whole table enters, the screen says who has not
    expect(screen.locator("#turn")).to_have_text("Everyone enters the round")
    expect(screen.locator("#still-to-enter")).to_have_text("Still to enter: Ada, Bruno")
    # Bruno enters first; Ada's phone learns that he did, not what
    bruno.fill("#harvest-points", "17")
    bruno.locator("#harvest-enter button[type=submit]").click()
    bruno.locator("#harvest-wait").wait_for()
    ada.locator("#harvest-table [data-entered='1']").wait_for()
    assert "17" not in ada.inner_text("#harvest-table")
    expect(screen.locator("#still-to-enter")).to_have_text("Still to enter: Ada")
    expect(bruno.locator("#prompt")).to_have_text("Still to enter: Ada")
    ada.fill("#harvest-points", "9")
    ada.locator("#harvest-enter button[type=submit]").click()
    for page in (ada, bruno):
        page.locator("#result #winner", has_text="Bruno").wait_for()
        assert page.locator("#harvest-table [data-seat='1'] [data-total='17']").count() == 1
        assert page.locator("#harvest-table [data-seat='0'] [data-rank='2']").count() == 1
    shot(ada, "results")
    assert "'s turn" not in screen.inner_text("#status")
    faults = [e for page in (ada, bruno) for e in page.watch.errors]
    assert not faults, faults
