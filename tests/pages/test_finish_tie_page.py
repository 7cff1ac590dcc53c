"""G9.3 on the pages: after a host's finish that seating decided, the results say so
in the reader's language (360 px wide, Italian and German): on the table screen and
on a seated phone."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.games.messages import text
from tests.api.client import DISPLAY, OBJECTIVES, Api

from .checks import check_screen
from .gaia_phone import create_table, seat_phone, start
from .test_table_screen import PHONE, screen


@pytest.mark.parametrize("lang", ["it", "de"])
def test_g9_3_the_table_screen_says_seating_broke_the_tie(browser, live, shot, lang):
    api = Api(live.url)
    t = api.table(3)
    assert api.post(f"/sessions/{t['sid']}/finish", t["host"], json={}).status_code == 201
    page, watch = screen(browser, live, t["sid"], None, lang, PHONE)
    page.wait_for_selector("#breakdown")
    said = page.locator("#results #tie-break")
    assert said.inner_text() == text("gaia.result.tie_broken_by.seating", lang)
    # G9.4: seating decided only the winner; the two others share second place, in words
    shared = i18n.load(lang)["pages"]["tb.rankShared"].replace("{rank}", "2")
    assert page.locator("#breakdown tbody tr td:first-child").all_inner_texts() == [
        "1", shared, shared]
    check_screen(page, lang)
    shot(page, f"tie-break-{lang}")
    watch.assert_no_errors()


@pytest.mark.parametrize("lang", ["it", "de"])
def test_g9_3_a_phone_says_seating_broke_the_tie(browser, live, shot, lang):
    table = create_table(live)
    names = ["Ada", "Bo"] if lang == "it" else ["Anna", "Ben"]
    phones = [seat_phone(browser, live, table["code"], n, lang) for n in names]
    start(live, table, {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[2],
                        "display": DISPLAY})
    api = Api(live.url)
    assert api.post(f"/sessions/{table['id']}/finish", table["host_token"],
                    json={}).status_code == 201
    phone = phones[0]
    phone.wait_for_selector("#result #tie-break")
    assert phone.inner_text("#result #tie-break") == \
        text("gaia.result.tie_broken_by.seating", lang)
    check_screen(phone, lang)
    shot(phone, f"phone-tie-break-{lang}")
    phone.watch.assert_no_errors()
