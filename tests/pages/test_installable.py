"""Installable: the manifest every page links, its icons, and the table
screen's word when the browser cannot keep the screen on."""

from __future__ import annotations

import requests

from tests.api.client import Api

from .checks import PageWatch
from .test_table_screen import screen


def test_the_manifest_is_linked_and_complete(browser, live):
    page = browser.new_context().new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/")
    href = page.get_attribute("link[rel=manifest]", "href")
    r = requests.get(live.url + href, timeout=10)
    assert r.headers["Content-Type"].startswith("application/manifest+json")
    manifest = r.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == page.get_attribute("meta[name=theme-color]", "content")
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert {"any", "maskable"} <= purposes
    for icon in manifest["icons"]:
        got = requests.get(live.url + icon["src"], timeout=10)
        assert got.status_code == 200 and got.headers["Content-Type"].startswith(icon["type"])
        assert got.text.startswith("<svg")
    watch.assert_no_errors()


def test_without_wake_lock_the_host_is_told_what_to_do(browser, live):
    api = Api(live.url)
    created = api.create("kazaam")
    page, watch = screen(browser, live, created["id"], created["host_token"], "de")
    # 127.0.0.1 is a secure context: Wake Lock exists, nothing to say
    assert page.locator("#no-wake-lock").count() == 0
    page.context.close()
    context = browser.new_context()
    # as over plain http on a LAN address, where browsers leave navigator.wakeLock out
    context.add_init_script("delete Navigator.prototype.wakeLock;"
                            f"localStorage.setItem('tc:host:{created['id']}', "
                            f"'{created['host_token']}')")
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/t/{created['id']}")
    page.wait_for_selector("#no-wake-lock")
    assert "Wake Lock" in page.inner_text("#no-wake-lock")
    watch.assert_no_errors()
