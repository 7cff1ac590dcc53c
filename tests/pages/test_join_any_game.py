"""The join form reads the game from GET /join (its title, colours, own fields): a game it
was not written for, the score pad with twelve colours, joins in every language."""

from __future__ import annotations

import pytest
import requests

from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch, axe_check, check_screen

TEAL = {"en": "teal", "it": "verde acqua", "de": "Petrol"}


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_score_pad_is_joined_with_its_own_name_and_twelve_colours(browser, live, shot, lang):
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=5,
                      json={"game": "scorepad", "options": {"title": "Skat"}})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    page = browser.new_context(**gp.phone_args(lang)).new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/j/{code}")
    page.wait_for_selector("#join-name:focus")
    heading = page.inner_text("#join h1")
    # the table named its pad after the game it keeps (S1.1 title): that is what they join
    assert "Skat" in heading and "scorepad" not in heading.lower()
    labels = page.locator("#join-color option").all_inner_texts()
    assert len(labels) == 12 and TEAL[lang] in labels
    assert page.input_value("#join-color") == "red"  # no colour suggested: the first free
    assert page.inner_text("#join-hint") == ""  # no game's hint
    assert page.locator("#join select").count() == 1  # no fields of other games
    check_screen(page, lang)
    axe_check(page)
    shot(page, f"scorepad-join-{lang}")
    page.fill("#join-name", "Ada")
    page.select_option("#join-color", "teal")
    page.click("#join-button")
    page.wait_for_selector("#lobby-players li")
    assert TEAL[lang] in page.inner_text("#lobby-players")
    watch.assert_no_errors()
    page.context.close()
