"""The table screen on a laptop and a TV: a display that never scrolls, with type read
from two metres. Tables are filled through the API."""

from __future__ import annotations

from tests.api.client import Api

from .checks import PageWatch, check_screen
from .display import SIZES, check_fits, font_px, gaia_map, kazaam_table
from .test_table_screen import screen


def every_page_fits(page) -> list[str]:
    """Each page of panels in turn (its tab clicked): all in view. Returns the units."""
    tabs = page.locator(".tb-tab")
    units: list[str] = []
    for i in range(max(1, tabs.count())):
        if tabs.count():
            tabs.nth(i).click()
            page.wait_for_selector(f".tb-tab[data-page='{i}'][aria-pressed=true]")
            units += (tabs.nth(i).get_attribute("data-units") or "").split()
        check_fits(page)
    return units


def test_a_4x6_gaia_map_fits_at_three_sizes(browser, live, shot):
    api = Api(live.url)
    t = gaia_map(api)
    turn = {"en": "Ada's turn", "it": "Tocca ad Ada", "de": "Ada ist am Zug"}
    for name, size in SIZES.items():
        page, watch = screen(browser, live, t["sid"], t["host"], "en", size)
        page.wait_for_selector("#gaia-board")
        assert page.locator("#gaia-board [data-at][data-terrain]").count() == 24
        units = every_page_fits(page)
        if page.locator(".tb-tab").count():
            # every panel is on some page: nothing is left out by the packing
            assert {"players-panel", "objectives", "face-up", "piles", "feed", "host"} <= set(units)
        if name == "tv":
            assert font_px(page, "#turn") >= 48
            assert font_px(page, "#phase") >= 28 and font_px(page, "#actions-left") >= 28
        shot(page, f"gaia-{name}")
        watch.assert_no_errors()
        page.context.close()
    for lang in ("it", "de"):
        page, watch = screen(browser, live, t["sid"], None, lang, SIZES["laptop"])
        page.wait_for_selector("#gaia-board")
        check_fits(page)
        check_screen(page, lang, turn=turn[lang])
        shot(page, f"gaia-laptop-{lang}")
        watch.assert_no_errors()
        page.context.close()


def test_five_kazaam_boards_fit_at_three_sizes(browser, live, shot):
    api = Api(live.url)
    t = kazaam_table(api)
    for name, size in SIZES.items():
        page, watch = screen(browser, live, t["sid"], t["host"], "en", size)
        page.wait_for_selector("#board .kz-player")
        assert page.locator("#board .kz-player").count() == 5
        assert page.locator("#board .kz-slot").count() == 45
        every_page_fits(page)
        shot(page, f"kazaam-{name}")
        watch.assert_no_errors()
        page.context.close()


def test_pages_take_turns_on_their_own(browser, live):
    """More panels than one page holds: the next page comes without a touch."""
    api = Api(live.url)
    t = gaia_map(api, players=4, cols=2, rows=1)
    context = browser.new_context(viewport=SIZES["small laptop"])
    context.add_init_script("""
      // a quicker clock for this page only: the rotation's 10 s pass in 50 ms
      const real = window.setInterval;
      window.setInterval = (fn, ms, ...rest) => real(fn, ms >= 10000 ? 50 : ms, ...rest);
    """)
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/t/{t['sid']}")
    page.wait_for_selector(".tb-tab[data-page='0'][aria-pressed=true]")
    page.wait_for_selector(".tb-tab[data-page='1'][aria-pressed=true]")
    check_fits(page)
    watch.assert_no_errors()
