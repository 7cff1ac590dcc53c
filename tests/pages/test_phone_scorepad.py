"""The score pad in a real browser, tapped as a table would: three phones entering points
on the on-screen number pad (S2.1), the turn passing with each entry (S2.2), undo and
corrections (S2.3), the ranking at the end (S3.2, low_wins), the table screen's score
table updating live, and the start page's inputs for the pad's options; every screen in
en/it/de checked (check_screen, PageWatch, axe) and photographed at 360 px."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.pages.checks import (
    PageWatch,
    assert_in_sight,
    axe_check,
    check_screen,
    check_tap_targets,
    phone,
)
from tests.pages.scorepad_phone import Pad, cell, cell_is, shown, tap_points

NAMES = ["Ada", "Bruno", "Clara"]
CATS = ["Cards", "Roads"]
TURN = {"en": "Your turn", "it": "Tocca a te", "de": "Du bist dran"}
# what each player types, turn by turn: two rounds of three turns
TYPED = [{"Cards": 7, "Roads": 2}, {"Cards": 12, "Roads": -3}, {"Cards": 4, "Roads": 0},
         {"Cards": 9, "Roads": 5}, {"Cards": 1, "Roads": 10}, {"Cards": 15, "Roads": -1}]


def looks_right(pad: Pad, page: object, lang: str, seat: int, turn: bool = False) -> None:
    check_screen(page, lang, name=NAMES[seat], turn=TURN[lang] if turn else None)
    page.watch.assert_no_errors()  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_per_turn_game_with_categories_to_the_end(browser, live, shot, lang):
    pad = Pad(browser, live, lang, {"title": "Catan", "categories": CATS, "rounds": 2}, NAMES)
    pad.start()
    ada = pad.phones[0]
    ada.wait_for_selector("#sp-entry")
    shot(ada, "entry")
    assert_in_sight(ada, "#sp-save")  # the pad and its button fit the phone
    looks_right(pad, ada, lang, 0, turn=True)
    check_tap_targets(ada)
    axe_check(ada)
    shot(ada, "entry")
    assert pad.phones[1].locator("#sp-entry").count() == 0  # not Bruno's turn
    looks_right(pad, pad.phones[1], lang, 1)

    # Ada types, takes it back with the session's undo, and types again
    tap_points(ada, {"Cards": 3})
    before = pad.state()["version"]
    ada.click("#sp-save")
    pad.wait_version(ada, before)
    ada.click("#undo")
    pad.wait_version(ada, before + 1)
    assert pad.state()["players"][0]["total"] == 0
    assert pad.state()["turn"]["seat"] == 0
    shot(ada, "undone")

    totals = [0, 0, 0]
    for i, points in enumerate(TYPED):
        seat = i % 3
        page = pad.phones[seat]
        page.wait_for_selector("#sp-entry")
        tap_points(page, points)
        assert [shown(page, f) for f in CATS] == [str(points[f]) for f in CATS]
        assert f"{sum(points.values())}" in page.inner_text("#sp-sum").replace("\u2212", "-")
        if i == 1:
            shot(page, "typed-negative")
            check_screen(page, lang, name=NAMES[seat], turn=TURN[lang])
        before = pad.state()["version"]
        page.click("#sp-save")
        pad.wait_version(page, before)
        totals[seat] += sum(points.values())
        # the table screen follows live: the entry in its round's row
        round_no = i // 3 + 1
        cell_is(pad.table, f"round-{round_no}", seat, str(sum(points.values())))
        if i == 2:
            pad.table.watch.assert_no_errors()
            check_screen(pad.table, lang)
            shot(pad.table, "table-round-1")
            looks_right(pad, pad.phones[0], lang, 0, turn=True)

    # the end: the totals are the sums of what was typed, ranked highest first
    score = pad.score()
    assert {r["seat"]: r["total"] for r in score["players"]} == dict(enumerate(totals))
    by_total = sorted(range(3), key=lambda s: -totals[s])
    assert [r["seat"] for r in score["players"]] == by_total
    for page in pad.phones:
        page.wait_for_selector("#result")
    for seat, page in enumerate(pad.phones):
        for s in range(3):
            assert cell(page, "total", s) == str(totals[s])
            assert cell(page, "category-Cards", s) == str(TYPED[s]["Cards"] + TYPED[s + 3]["Cards"])
        assert cell(page, "rank", by_total[0]) == "1"
        looks_right(pad, page, lang, seat)
    winner = NAMES[by_total[0]]
    assert winner in pad.phones[0].inner_text("#winner")
    # Clara's roads came to 0 + (-1): said with a minus sign, as the tables print it
    ranking = pad.phones[0].inner_text("#result .ranking")
    assert "Roads \u22121" in ranking and "-1" not in ranking
    shot(pad.phones[0], "result")
    axe_check(pad.phones[0])
    pad.table.wait_for_selector("#results")
    assert winner in pad.table.inner_text("#winner")
    for s in range(3):
        assert cell(pad.table, "total", s) == str(totals[s])
    check_screen(pad.table, lang)
    pad.table.watch.assert_no_errors()
    shot(pad.table, "table-end")


def test_per_round_entries_for_others_a_correction_and_low_wins(browser, live, shot):
    lang = "de"
    pad = Pad(browser, live, lang, {"title": "Hearts", "rounds": 1, "scoring": "per_round",
                                    "low_wins": True}, NAMES)
    pad.start()
    ada, bruno, clara = pad.phones
    ada.wait_for_selector("#sp-entry")
    # her own seat and the current round are chosen; she picks Bruno and enters his 8
    assert ada.get_attribute(".sp-person[data-target='0']", "aria-checked") == "true"
    assert ada.get_attribute("#sp-round", "data-value") == "1"
    ada.click(".sp-person[data-target='1']")
    tap_points(ada, {"total": 8})
    assert "Bruno" in ada.inner_text("#sp-save")
    before = pad.state()["version"]
    ada.click("#sp-save")
    pad.wait_version(ada, before)
    assert pad.state()["players"][1]["entries"] == {"1": {"total": 8}}
    cell_is(bruno, "round-1", 1, "8")
    check_screen(bruno, lang, name="Bruno")
    # the keyboard works too: Ada enters her own 5 by typing
    ada.click(".sp-person[data-target='0']")
    ada.focus(".sp-field[data-field=total]")
    ada.keyboard.type("5")
    shot(ada, "keyboard")
    ada.keyboard.press("Enter")
    pad.wait_version(ada, before + 1)
    # Clara corrects Bruno's round 1: his 8 is shown and replaced by 5
    clara.click(".sp-person[data-target='1']")
    assert shown(clara, "total") == "8"
    earlier = clara.inner_text("#sp-earlier")
    assert "Bruno" in earlier and "8" in earlier
    clara.click(".sp-key[data-key='5']")
    assert re.search(r"8\s*→\s*5", clara.inner_text("#sp-save"))
    check_screen(clara, lang, name="Clara")
    check_tap_targets(clara)
    axe_check(clara)
    shot(clara, "correction")
    before = pad.state()["version"]
    clara.click("#sp-save")
    pad.wait_version(clara, before)
    log = requests.get(f"{live.url}/api/v1/sessions/{pad.sid}/moves", timeout=10).json()
    assert log["entries"][-1]["events"][0]["type"] == "score_corrected"
    assert log["entries"][-1]["events"][0]["was"] == 8
    before = pad.state()["version"]
    clara.click(".sp-person[data-target='2']")  # her own
    tap_points(clara, {"total": 9})
    assert "Clara" in clara.inner_text("#sp-save")
    clara.click("#sp-save")
    pad.wait_version(clara, before)
    # every seat has points for the one round: the game is over (S3.1), lowest first
    score = pad.score()
    assert [(r["name"], r["total"], r["rank"]) for r in score["players"]] == [
        ("Ada", 5, 1), ("Bruno", 5, 1), ("Clara", 9, 3)]
    for page in pad.phones:
        page.wait_for_selector("#result")
    assert cell(ada, "rank", 0) == "1" and cell(ada, "rank", 1) == "1"
    assert cell(ada, "rank", 2) == "3"
    assert "Ada" in ada.inner_text("#winner") and "Bruno" in ada.inner_text("#winner")
    assert "Niedrigste Summe gewinnt" in ada.inner_text("#sp-table caption")
    check_screen(ada, lang, name="Ada")
    shot(ada, "result")
    pad.table.wait_for_selector("#results")
    check_screen(pad.table, lang)
    shot(pad.table, "table-end")
    for page in [*pad.phones, pad.table]:
        page.watch.assert_no_errors()


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_start_page_makes_a_score_pad_for_catan(browser, live, shot, lang):
    page = phone(browser, lang).new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/")
    page.check("label:has(input[name=game][value=scorepad])")
    page.wait_for_selector("[data-option=categories]")
    page.fill("[data-option=title] input", "Catan")
    rows = "[data-option=categories] .rows input"
    page.locator(rows).first.click()
    for i, name in enumerate(["Cards", "Longest road", "Army"]):
        page.keyboard.type(name)
        if i < 2:
            page.keyboard.press("Enter")  # the next row opens
    assert page.locator(rows).count() == 3
    page.click("[data-option=rounds] label.fixed input[type=number]")
    page.keyboard.type("10")
    shot(page, "scorepad-options")
    check_screen(page, lang, allow=["e.g"])  # "e.g." in the English help is not a key
    check_tap_targets(page)
    axe_check(page)
    # a number out of bounds is refused beside the field, in the page's language
    page.fill("[data-option=max_players] input[type=number]", "40")
    page.click("#create")
    note = page.locator("[data-option=max_players] .field-note")
    assert note.is_visible() and "12" in note.inner_text()
    check_screen(page, lang, allow=["e.g"])
    shot(page, "scorepad-refused")
    page.click("[data-option=max_players] .stepper .step:first-child")  # one less: 12
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    sid = page.url.rsplit("/", 1)[1]
    options = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()["options"]
    assert options["title"] == "Catan" and options["rounds"] == 10
    assert options["categories"] == ["Cards", "Longest road", "Army"]
    assert options["max_players"] == 12 and options["scoring"] == "per_turn"
    watch.assert_no_errors()
    page.context.close()


def test_a_big_table_stays_readable_on_a_tv_a_tablet_and_a_phone(browser, live, shot):
    """Eight players, four categories, five rounds entered through the API: the table
    screen's score table fits a TV and a tablet, and on a phone it scrolls inside its
    card, never the page."""
    url = f"{live.url}/api/v1"
    names = ["Ada", "Bruno", "Clara", "Dario", "Elena", "Franz", "Greta", "Hugo"]
    cats = ["Cards", "Longest road", "Army", "Harbours"]
    created = requests.post(f"{url}/sessions", timeout=10, json={
        "game": "scorepad", "options": {"title": "Catan", "categories": cats, "rounds": 5}}).json()
    tokens = [requests.post(f"{url}/join/{created['code']}", json={"name": n},
                            timeout=10).json()["player_token"] for n in names]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    assert requests.post(f"{url}/sessions/{created['id']}/start", headers=host, json={},
                         timeout=10).status_code == 201
    for turn in range(8 * 4 + 3):  # four rounds and three turns of the fifth
        seat = turn % 8
        points = {c: (seat * 7 + turn * 3 + i) % 23 - 5 for i, c in enumerate(cats)}
        r = requests.post(f"{url}/sessions/{created['id']}/moves", timeout=10,
                          headers={"Authorization": f"Bearer {tokens[seat]}"},
                          json={"type": "score", "points": points})
        assert r.status_code == 201, r.text
    totals = {p["seat"]: p["total"] for p in
              requests.get(f"{url}/sessions/{created['id']}", timeout=10).json()["players"]}
    for size, name in (({"width": 1920, "height": 1080}, "tv"),
                       ({"width": 1280, "height": 800}, "tablet")):
        context = browser.new_context(viewport=size, locale="it-IT",
                                      extra_http_headers={"Accept-Language": "it-IT,it"})
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{live.url}/t/{created['id']}")
        page.wait_for_selector("#sp-table")
        assert all(cell(page, "total", s) == str(t).replace("-", "-") for s, t in totals.items())
        assert page.locator("#sp-table th.on-turn[data-seat='3']").count() == 1
        assert page.locator("#sp-table tr.current[data-round='5']").count() == 1
        check_screen(page, "it")
        width = page.evaluate("document.getElementById('sp-table').getBoundingClientRect().width")
        assert width <= size["width"]
        shot(page, name)
        watch.assert_no_errors()
        context.close()
    page = phone(browser, "en").new_page()
    page.goto(f"{live.url}/t/{created['id']}")
    page.wait_for_selector("#sp-table")
    check_screen(page, "en")  # the table scrolls inside its card: the page does not
    shot(page, "phone-table")
    page.context.close()


def test_many_rows_keep_the_pad_in_reach_and_refuse_too_many_points(browser, live, shot):
    """Eight rows with long names on a 360 px phone: a tapped row brings the number pad
    and Save into sight; a number past 10,000 is refused on the pad with a sentence."""
    cats = ["Cards", "Longest road bonus track", "Army", "Harbours and ports", "Cities",
            "Settlements", "Development", "Victory points cards"]
    pad = Pad(browser, live, "it", {"categories": cats}, NAMES)
    pad.start()
    ada = pad.phones[0]
    ada.wait_for_selector("#sp-entry")
    ada.click(f".sp-field[data-field='{cats[-1]}']")
    assert_in_sight(ada, "#sp-save")
    assert_in_sight(ada, ".sp-key[data-key='5']")
    for digit in "10000":
        ada.click(f".sp-key[data-key='{digit}']")
    assert not ada.is_visible("#sp-note")
    ada.click(".sp-key[data-key='1']")  # 100001: out of the rules' range (S2.1)
    assert ada.is_visible("#sp-note") and "10.000" in ada.inner_text("#sp-note")
    assert shown(ada, cats[-1]) == "10000"
    ada.click(".sp-key[data-key=sign]")
    ada.click(".sp-key[data-key=back]")
    assert shown(ada, cats[-1]) == "-1000"
    check_screen(ada, "it", name="Ada")
    check_tap_targets(ada)
    shot(ada, "many-rows")
    before = pad.state()["version"]
    ada.click("#sp-save")
    pad.wait_version(ada, before)
    assert pad.state()["players"][0]["categories"][cats[-1]] == -1000
    assert pad.state()["turn"]["seat"] == 1
    ada.watch.assert_no_errors()


@pytest.mark.parametrize("lang", ["it", "de"])
def test_per_round_open_phones_follow_the_round_in_play_and_each_others_saves(
        browser, live, shot, lang):
    """S2.2: with two forms open, a save on one phone shows on the other's
    form for the same seat ("replaces"), and once round 1 has everyone's points both
    round pickers are on round 2 — no reload; the next entry is round 2's, not a
    replacement of round 1's."""
    pad = Pad(browser, live, lang, {"title": "Hearts", "rounds": 3, "scoring": "per_round"},
              NAMES)
    pad.start()
    ada, bruno, clara = pad.phones
    for page in (ada, bruno):
        page.wait_for_selector("#sp-entry")
    bruno.click(".sp-person[data-target='0']")  # Bruno opens Ada's round 1 ...
    assert shown(bruno, "total") == "\u2013"  # nothing entered yet
    before = pad.state()["version"]
    tap_points(ada, {"total": 4})  # ... while Ada saves her own 4
    ada.click("#sp-save")
    pad.wait_version(bruno, before)
    expect(bruno.locator(".sp-field[data-field=total] .sp-value")).to_have_text("4")
    expect(bruno.locator("#sp-earlier")).to_be_visible()
    assert "Ada" in bruno.inner_text("#sp-earlier")
    bruno.click(".sp-key[data-key='6']")
    assert re.search(r"4\s*→\s*6", bruno.inner_text("#sp-save"))
    check_screen(bruno, lang, name="Bruno")
    shot(bruno, "live-replaces")
    bruno.click(".sp-key[data-key=back]")
    # Clara enters Bruno's and her own points: round 1 is complete
    for seat, points in ((1, 3), (2, 2)):
        clara.click(f".sp-person[data-target='{seat}']")
        tap_points(clara, {"total": points})
        before = pad.state()["version"]
        clara.click("#sp-save")
        pad.wait_version(clara, before)
    assert pad.state()["round"] == 2
    for page in (ada, bruno, clara):
        expect(page.locator("#sp-round")).to_have_attribute("data-value", "2")
    # Bruno's form, still on Ada, is now for her round 2: nothing to replace
    assert bruno.get_attribute(".sp-person[data-target='0']", "aria-checked") == "true"
    expect(bruno.locator("#sp-earlier")).to_be_hidden()
    tap_points(bruno, {"total": 7})
    assert "→" not in bruno.inner_text("#sp-save") and "Ada" in bruno.inner_text("#sp-save")
    shot(bruno, "round-2")
    before = pad.state()["version"]
    bruno.click("#sp-save")
    pad.wait_version(bruno, before)
    assert pad.state()["players"][0]["entries"] == {"1": {"total": 4}, "2": {"total": 7}}
    for page in (ada, bruno):
        page.watch.assert_no_errors()
