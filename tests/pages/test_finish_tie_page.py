"""G9.3 on the table screen: after a host's finish that seating decided, the results
say so in the screen's language (360 px wide, Italian and German)."""

from __future__ import annotations

import pytest

from companion.games.messages import text
from tests.api.client import Api

from .checks import check_screen
from .test_table_screen import PHONE, screen


@pytest.mark.parametrize("lang", ["it", "de"])
def test_g9_3_the_results_say_seating_broke_the_tie(browser, live, shot, lang):
    api = Api(live.url)
    t = api.table(3)
    assert api.post(f"/sessions/{t['sid']}/finish", t["host"], json={}).status_code == 201
    page, watch = screen(browser, live, t["sid"], None, lang, PHONE)
    page.wait_for_selector("#breakdown")
    said = page.locator("#results #tie-break")
    assert said.inner_text() == text("gaia.result.tie_broken_by.seating", lang)
    check_screen(page, lang)
    shot(page, f"tie-break-{lang}")
    watch.assert_no_errors()
