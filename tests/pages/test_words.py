"""Words on the pages: the start page in three languages (built from GET /games, with
the code box), narrations without squares, the rules page. The page words themselves
are checked in test_catalogue_words.py (they live in the catalogue)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests

from .checks import PageWatch, axe_check, check_screen, check_tap_targets, phone

JS = Path(__file__).resolve().parents[2] / "companion" / "pages" / "static" / "js"
LANGS = ("en", "it", "de")


def _open_start(browser, live, lang):
    context = phone(browser, lang)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/")
    page.wait_for_selector("#start:not([hidden]) [data-option]")
    return context, page, watch


@pytest.mark.parametrize("lang", LANGS)
def test_start_page_builds_the_options_from_the_games_listing(browser, live, shot, lang):
    games = requests.get(f"{live.url}/api/v1/games", timeout=10).json()
    context, page, watch = _open_start(browser, live, lang)
    try:
        shot(page, "start")
        check_screen(page, lang)
        check_tap_targets(page)
        axe_check(page)
        gaia = next(g for g in games if g["id"] == "gaia")
        text = page.inner_text("#new-table")
        for option in gaia["options"]:
            if option["requires"]:
                continue  # shown only once the option it depends on is chosen
            assert option["label"][lang] in text
            assert option["help"][lang] in text
        page.check("label:has(input[name=opt-variant][value=expert])")
        catastrophes = next(o for o in gaia["options"] if o["name"] == "catastrophes")
        assert catastrophes["label"][lang] in page.inner_text("#new-table")
        page.check("label:has(input[name=game][value=kazaam])")
        kazaam = next(g for g in games if g["id"] == "kazaam")
        assert kazaam["options"][0]["help"][lang] in page.inner_text("#new-table")
        shot(page, "kazaam")
        check_screen(page, lang)
        watch.assert_no_errors()
    finally:
        context.close()


def test_creating_a_table_with_options_that_are_not_the_defaults(browser, live, shot):
    context, page, watch = _open_start(browser, live, "it")
    try:
        page.check("label:has(input[name=opt-variant][value=expert])")
        page.check("label:has(input[name=opt-catastrophes][value=true])")
        page.check("label:has(input[name=opt-feeding][value=all])")
        page.check("label:has(input[name=opt-auto_end_turn][value=false])")
        shot(page, "chosen")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
        sid = page.url.rsplit("/", 1)[1]
        options = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()["options"]
        assert options["variant"] == "expert" and options["catastrophes"] is True
        assert options["feeding"] == "all" and options["auto_end_turn"] is False
        assert options["end_on"] == "pile_and_display_empty"  # untouched: the default
        assert page.evaluate(f"localStorage.getItem('tc:host:{sid}')")
        watch.assert_no_errors()
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_code_box_checks_the_code_then_opens_the_table(browser, live, shot, lang):
    created = requests.post(f"{live.url}/api/v1/sessions", json={"game": "kazaam"},
                            timeout=10).json()
    context, page, watch = _open_start(browser, live, lang)
    try:
        box = page.locator("[data-codebox]")
        with watch.expecting(404, "/join/"):
            box.locator("input").fill("zzz-999")
            box.locator("button").click()
            page.wait_for_selector(".codebox-note:not(:empty)")
        note = box.locator(".codebox-note").inner_text()
        assert "ZZZ999" in note
        shot(page, "wrong-code")
        check_screen(page, lang)
        check_tap_targets(page)
        code = created["code"]
        box.locator("input").fill(f"{code[:3].lower()} {code[3:].lower()}")
        box.locator("button").click()
        page.wait_for_url(f"**/j/{code}")
        watch.assert_no_errors()
    finally:
        context.close()


# --- narrations on the pages: names, not squares ---------------------------------------

_NARRATE = """async ([game, events, names, state]) => {
  const common = await import('/static/js/common.js');
  await common.loadMessages();
  return events.map((e) => common.narrate(game, e, names, state));
}"""


def _played(game: str, seed: int):
    from companion.games import GAMES
    module = __import__(f"companion.games.{game}.playout", fromlist=["Table"])
    options = {"variant": "expert", "catastrophes": True} if game == "gaia" else {}
    table = module.Table.deal(seed, 3, **options)
    events = [e for _, evs in table.play() for e in evs]
    return events, GAMES[game].view_for(table.state, None)


@pytest.mark.parametrize("lang", LANGS)
def test_pages_narrate_both_games_by_names_in_the_language(browser, live, lang):
    context = phone(browser, lang)
    page = context.new_page()
    try:
        page.goto(f"{live.url}/")
        names = ["Ada", "Bo", "Cy"]
        for game in ("gaia", "kazaam"):
            events, view = _played(game, 5)
            lines = page.evaluate(_NARRATE, [game, events, names, view])
            assert len(lines) == len(events) and all(lines), game
            text = "\n".join(lines)
            assert not re.search(r"\[\s*-?\d+\s*,\s*-?\d+\s*\]", text)
            assert not re.search(r"\bundefined\b|\bnull\b|\bNaN\b|\[object|\{\w+\}", text)
            assert "Ada" in text and "Bo" in text
        if lang != "en":
            assert "forest" not in text and "wood" not in text.replace("Holz", "")
    finally:
        context.close()


def test_a_square_is_named_by_what_is_on_it(browser, live):
    context = phone(browser, "it")
    page = context.new_page()
    try:
        page.goto(f"{live.url}/")
        state = {"board": {"tiles": [
            {"at": [0, 0], "terrain": "forest", "animals": 0,
             "city": {"builder": 1, "symbol": "forest", "needs": [], "pawns": []}},
            {"at": [1, 0], "terrain": "swamp", "animals": 2, "city": None},
            {"at": [0, 1], "terrain": "plains", "animals": 0, "city": None}]}}
        # a sentence given squares where it expects words still names what is there
        event = {"type": "tiles_swapped", "terrain": [0, 0], "other": [1, 0]}
        line = page.evaluate(_NARRATE, ["gaia", [event], ["Ada", "Bo"], state])[0]
        assert line == ("le tessere la città di Bo (foresta) e gli animali sulla tessera "
                        "palude si scambiano di posto")
        event = {"type": "tiles_swapped", "terrain": [0, 1], "other": [5, 5]}
        line = page.evaluate(_NARRATE, ["gaia", [event], ["Ada", "Bo"], state])[0]
        assert "la tessera pianura" in line and "una casella vuota" in line
    finally:
        context.close()


RULES_TITLE = {"en": "Gaia: the rules", "it": "Gaia: le regole", "de": "Gaia: die Regeln"}


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_in_the_readers_language(browser, live, shot, lang):
    from companion.games.rules import rules_for
    context = phone(browser, lang)
    page = context.new_page()
    watch = PageWatch(page)
    try:
        page.goto(f"{live.url}/rules/gaia#G6.2")
        assert page.inner_text("h1") == RULES_TITLE[lang]
        assert page.title().startswith(RULES_TITLE[lang])
        g62 = next(r for r in rules_for("gaia", lang) if r["id"] == "G6.2")
        assert g62["language"] == lang and g62["text"] in page.inner_text("main")
        shot(page, "rules")
        check_screen(page, lang)
        check_tap_targets(page)
        axe_check(page)
        # the picker asks the server for the other language, and it sticks
        other = "de" if lang != "de" else "it"
        page.select_option("#lang", other)
        page.locator("h1", has_text=RULES_TITLE[other]).wait_for()  # (no string eval: CSP)
        page.goto(f"{live.url}/rules/kazaam")
        # the stored choice sends the page to its language (rules.js, location.replace):
        # wait for that navigation, not just the first page's load
        page.wait_for_url(f"**/rules/kazaam?lang={other}")
        assert page.inner_text("h1").startswith("Kazaam") and f"lang={other}" in page.url
        watch.assert_no_errors()
    finally:
        context.close()
