"""Your tables: the start page lists what this browser created or joined,
with game, players, status and result, and "Forget" drops one."""

from __future__ import annotations

import json

from tests.api.client import Api

from .checks import LOCALES, PageWatch, axe_check, check_screen, check_tap_targets
from .test_table_screen import PHONE


def test_two_tables_then_forget_one(browser, live, shot):
    api = Api(live.url)
    hosted = api.create("gaia")
    api.join(hosted["code"], "Ada")
    played = api.create("kazaam")
    bo = api.join(played["code"], "Bo", prototype="wood", ingredient="mercury")
    api.join(played["code"], "Cy", prototype="fire", ingredient="sulphur")
    assert api.post(f"/sessions/{played['id']}/start", played["host_token"],
                    json={"setup": {}}).status_code == 201
    assert api.post(f"/sessions/{played['id']}/finish", played["host_token"]).status_code == 201
    winners = api.get(f"/sessions/{played['id']}").json()["result"]
    for lang, words in (("en", ("waiting for players", "finished", "you play as Bo")),
                        ("de", ("wartet auf Mitspielende", "beendet", "du spielst als Bo")),
                        ("it", ("in attesa dei giocatori", "finita", "giochi come Bo"))):
        context = browser.new_context(viewport=PHONE, locale=LOCALES[lang])
        seat = [{"sid": played["id"], "seat": 0, "token": bo["player_token"], "name": "Bo"}]
        stored = json.dumps(json.dumps(seat))
        context.add_init_script(  # once per tab: a reload must not bring a forgotten one back
            f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', 1);"
            f"localStorage.setItem('tc:host:{hosted['id']}', '{hosted['host_token']}');"
            f"localStorage.setItem('tc:seats:{played['code']}', {stored}); }}")
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{live.url}/")
        page.wait_for_selector("#your-tables-list li:nth-child(2)")
        first = page.inner_text(f"li[data-sid='{hosted['id']}']")
        second = page.inner_text(f"li[data-sid='{played['id']}']")
        assert "Gaia" in first and "Ada" in first and words[0] in first
        assert "Kazaam" in second and "Bo, Cy" in second and words[1] in second
        assert words[2] in second
        names = {0: "Bo", 1: "Cy"}
        assert all(names[w] in second for w in winners.get("winners") or [winners["winner"]])
        link = page.get_attribute
        assert link(f"li[data-sid='{hosted['id']}'] a", "href") == f"/t/{hosted['id']}"
        assert link(f"li[data-sid='{played['id']}'] a", "href") == f"/j/{played['code']}"
        check_screen(page, lang, allow=["Kazaam", "Gaia"])
        check_tap_targets(page)
        axe_check(page)
        shot(page, f"your-tables-{lang}")
        # forget the Kazaam table: its seat token is gone from this browser, the other stays
        page.click(f"li[data-sid='{played['id']}'] .yt-forget")
        page.wait_for_selector(f"li[data-sid='{played['id']}']", state="detached")
        kept = page.evaluate(f"[localStorage.getItem('tc:seats:{played['code']}'),"
                             f" localStorage.getItem('tc:host:{hosted['id']}')]")
        assert kept == [None, hosted["host_token"]]
        page.reload()
        page.wait_for_selector(f"li[data-sid='{hosted['id']}']")
        assert page.locator("#your-tables-list li").count() == 1
        watch.assert_no_errors()
        context.close()
