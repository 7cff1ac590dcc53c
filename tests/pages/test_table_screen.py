"""The table screen as a group reads it, and the host's controls, in a real browser.

Sessions are set up through the API (phones are covered by test_phone_*); the
table screen is driven by clicks, and every effect is checked through the API.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.api.client import DISPLAY, OBJECTIVES, Api

from .checks import LOCALES, PageWatch, axe_check, check_screen
from .display import show_unit, wait_revealed
from .tablescreen import fill_gaia_setup

TABLET = {"width": 1280, "height": 800}
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}


def screen(browser, live, sid: str, host: str | None, lang: str = "en", size=TABLET):
    """A table screen for ``sid``; with ``host`` the device keeps the host token (as the
    device that created the table does)."""
    locale = LOCALES[lang]
    context = browser.new_context(viewport=size, locale=locale,
                                  extra_http_headers={"Accept-Language": f"{locale},{lang}"})
    if host:
        context.add_init_script(f"localStorage.setItem('tc:host:{sid}', '{host}')")
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/t/{sid}")
    page.wait_for_selector("#table > *")
    return page, watch


def gaia_table(api: Api, players: list[str], start: bool = True, **options) -> dict:
    created = api.create("gaia", **options)
    tokens = [api.join(created["code"], name)["player_token"] for name in players]
    t = {"sid": created["id"], "host": created["host_token"], "code": created["code"],
         "tokens": tokens}
    if start:
        setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[len(players)],
                 "display": DISPLAY}
        r = api.post(f"/sessions/{t['sid']}/start", t["host"], json={"setup": setup})
        assert r.status_code == 201, r.text
    return t


def move(api: Api, t: dict, seat: int, body: dict) -> None:
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][seat], json=body)
    assert r.status_code == 201, r.text


def state(api: Api, t: dict) -> dict:
    return api.get(f"/sessions/{t['sid']}").json()  # type: ignore[no-any-return]


def feed(page) -> list[str]:
    return page.locator("#feed li").all_inner_texts()


def test_lobby_checklist_and_a_seat_without_a_phone(browser, live, shot):
    api = Api(live.url)
    t = gaia_table(api, ["Ada"], start=False)
    page, watch = screen(browser, live, t["sid"], t["host"])
    # the host adds Bo, who has no phone
    page.wait_for_selector("#add-seat select[name=color] option:nth-child(2)", state="attached")
    # a free colour is suggested, as on a joining phone; the host may pick another
    free = api.get(f"/join/{t['code']}").json()
    first = next((c for c in free.get("suggested_colors", []) if c in free["colors"]),
                 free["colors"][0])
    expect(page.locator("#add-seat select[name=color]")).to_have_value(first)
    page.fill("#add-seat input[name=name]", "Bo")
    page.select_option("#add-seat select[name=color]", "green")
    page.click("#add-seat-ok")
    page.wait_for_selector("#players li[data-seat='1']")
    assert first != "green"  # still free: suggested again for the next seat
    expect(page.locator("#add-seat select[name=color]")).to_have_value(first)
    # in the lobby too, Ada's seat (she has a phone) is taken over only after asking
    page.click("#players [data-play='0']")
    assert "own phone" in page.inner_text("dialog[open]")
    page.click("#confirm-cancel")
    assert [(p["name"], p["phone"]) for p in state(api, t)["players"]] == [
        ("Ada", True), ("Bo", False)]
    # every picker starts empty: Start refuses with a sentence until all are picked
    page.wait_for_selector("#setup")
    expect(page.locator("#setup .gridbtn[aria-pressed=true]")).to_have_count(0)
    expect(page.locator("#setup .su-cell.filled")).to_have_count(0)
    page.click("#start-game")
    assert "still empty" in page.inner_text("#setup-note")
    assert state(api, t)["status"] == "lobby"
    fill_gaia_setup(page, objectives=["rainbow", ("forest", "sea"), ("forest", "sea"),
                                      ("forest", "sea")],
                    nature=["plains", "desert", "mountain"], life=DISPLAY["life"])
    assert "[object" not in page.inner_text("#setup")
    assert page.locator("#setup-note").is_hidden()  # nothing left to pick
    check_screen(page, "en")
    axe_check(page)
    shot(page, "lobby-filled")
    page.click("#start-game")
    page.wait_for_selector("#turn")
    s = state(api, t)
    assert s["status"] == "playing"
    # what the host picked, exactly (no default needs saved in their place)
    assert s["piles"]["life"]["display"] == [
        {"kind": "animals", "symbol": "desert"},
        {"kind": "city", "symbol": "mountain", "needs": ["desert", "desert", "plains", "animals"]}]
    assert s["piles"]["nature"]["display"] == ["plains", "desert", "mountain"]
    assert [o["requires"] for o in s["objectives"]][:2] == [
        {t: 1 for t in ("plains", "desert", "forest", "sea", "swamp", "mountain")},
        {"forest": 2, "sea": 2}]
    # playing for Bo (no phone): the play view opens at once, with the code in the link
    show_unit(page, "host")
    with page.expect_popup() as popup_info:
        page.click("#seats [data-play='1']")
    popup = popup_info.value
    assert popup.url.endswith(f"/j/{t['code']}#host={t['sid']}&seat=1")
    popup.wait_for_selector("text=Bo")
    assert state(api, t)["players"][1]["phone"] is False
    watch.assert_no_errors()


def test_takeover_and_new_token_ask_first(browser, live, shot):
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Bo"])
    sid = t["sid"]
    page, watch = screen(browser, live, sid, t["host"])
    show_unit(page, "host")
    # "Play for Ada": Ada has a phone, so the host is asked before taking her seat over
    page.click("#seats [data-play='0']")
    assert "own phone" in page.inner_text("dialog[open]")
    page.click("#confirm-cancel")
    assert api.get(f"/sessions/{sid}/me", t["tokens"][0]).status_code == 200
    page.click("#seats [data-play='0']")
    with page.expect_popup() as popup_info:
        page.click("#confirm-ok")
    popup = popup_info.value
    assert popup.url.endswith(f"/j/{t['code']}#host={sid}&seat=0")
    popup.wait_for_selector("text=Ada")  # the play view for Ada, with the host's token
    # the host places Ada's tile from there: logged as entered by the host
    popup.locator("[data-move=nature-forest]").first.click()
    popup.locator("[data-target='0,0']").first.click()
    popup.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")
    last = api.get(f"/sessions/{sid}/moves").json()["entries"][-1]
    assert (last["seat"], last["by"], last["move"]["terrain"]) == (0, "host", "forest")
    watch.expect(401, "/me")
    assert api.get(f"/sessions/{sid}/me", t["tokens"][0]).status_code == 401
    assert state(api, t)["players"][0]["phone"] is False
    expect(page.locator("#feed")).to_contain_text("the host now plays for Ada")
    assert "played on this screen" in page.inner_text("#seats [data-seat='0']")
    # "New link for Bo": asked first; cancelling changes nothing
    page.click("#seats [data-token='1']")
    page.click("#confirm-cancel")
    assert api.get(f"/sessions/{sid}/me", t["tokens"][1]).status_code == 200
    page.click("#seats [data-token='1']")
    page.click("#confirm-ok")
    page.wait_for_selector("#seat-qr svg path")
    link = page.get_attribute("#seat-link", "href")
    found = re.search(rf"/j/{t['code']}#seat=1&token=([\w-]+)$", link)
    assert found, link
    assert api.get(f"/sessions/{sid}/me", t["tokens"][1]).status_code == 401
    assert api.get(f"/sessions/{sid}/me", found.group(1)).json()["seat"] == 1
    check_screen(page, "en", allow=[found.group(1)])
    axe_check(page)
    shot(page, "new-link")
    page.click("#dialog-done")
    assert page.locator("dialog[open]").count() == 0
    watch.assert_no_errors()


def test_undo_finish_results_and_rematch(browser, live, shot):
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Bo"])
    sid = t["sid"]
    move(api, t, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    page, watch = screen(browser, live, sid, t["host"])
    watcher, watcher_watch = screen(browser, live, sid, None, "it", PHONE)
    assert "forest" in page.inner_text("#last")
    version = state(api, t)["version"]
    show_unit(page, "host")
    page.click("#host-undo")
    page.click("#confirm-cancel")
    assert state(api, t)["version"] == version
    page.click("#host-undo")
    page.keyboard.press("Escape")  # Escape cancels too
    assert state(api, t)["version"] == version
    page.click("#host-undo")
    # the question and the feed name the move taken back
    assert "Ada placed a forest tile" in page.inner_text("dialog[open]")
    page.click("#confirm-ok")
    expect(page.locator("#feed")).to_contain_text("undone: Ada placed a forest tile")
    assert state(api, t)["board"]["tiles"] == []
    move(api, t, 0, {"type": "play_nature", "terrain": "sea", "at": [0, 0]})
    page.click("#host-finish")
    page.click("#confirm-cancel")
    assert state(api, t)["status"] == "playing"
    page.click("#host-finish")
    page.click("#confirm-ok")
    page.wait_for_selector("#breakdown")
    wait_revealed(page)
    score = api.get(f"/sessions/{sid}/score").json()
    winner = next(p["name"] for p in score["players"] if p["rank"] == 1)
    assert winner in page.inner_text("#winner")
    assert page.locator("#breakdown tbody tr").count() == 2
    labels = page.locator("#breakdown thead th[data-key]").all_inner_texts()
    assert len(labels) == 3 and "cities" not in labels and all(labels)
    check_screen(page, "en")
    axe_check(page)
    shot(page, "results")
    watcher.wait_for_selector("#breakdown")
    wait_revealed(watcher)
    check_screen(watcher, "it")
    shot(watcher, "results-it-phone")
    # rematch: the host's screen moves to the new table; other screens are invited
    page.click("#rematch")
    page.click("#confirm-ok")
    page.wait_for_url(lambda url: re.search(r"/t/[0-9a-f]{32}$", url) and sid not in url)
    new_sid = page.url.rsplit("/", 1)[1]
    assert new_sid != sid and state(api, t)["rematch"]["session_id"] == new_sid
    page.wait_for_selector("#join-code")
    watcher.wait_for_selector("#rematch-open a")
    assert watcher.get_attribute("#rematch-open a", "href") == f"/t/{new_sid}"
    watch.assert_no_errors()
    watcher_watch.assert_no_errors()


def test_feed_is_rebuilt_from_the_log_on_reload(browser, live):
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Bo"])
    move(api, t, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    move(api, t, 0, {"type": "play_nature", "terrain": "sea", "at": [1, 0]})
    page, watch = screen(browser, live, t["sid"], None)
    # the first drawing comes before the log is read; at this size the feed may be the
    # panel the screen shows next (it turns its panels), so present is enough
    page.wait_for_selector("#feed li", state="attached")
    before = feed(page)
    assert any("forest" in line for line in before) and any("sea" in line for line in before)
    page.reload()
    page.wait_for_selector("#feed li", state="attached")
    assert feed(page) == before
    # a live move adds its sentences once, on top
    move(api, t, 1, {"type": "play_nature", "terrain": "plains", "at": [0, 1]})
    expect(page.locator("#feed li").first).to_contain_text("plains")
    # a face-up card taken is named, and so is the one turned up in its place (G3.3)
    move(api, t, 1, {"type": "draw", "pile": "nature", "from": "display", "slot": 1,
                     "refill": "forest"})
    expect(page.locator("#feed")).to_contain_text("Bo took a card from the face-up cards: desert")
    expect(page.locator("#feed")).to_contain_text("a card turned up in its place: forest")
    entries = api.get(f"/sessions/{t['sid']}/moves").json()["entries"]
    assert len(feed(page)) == sum(len(e["events"]) for e in entries)
    assert watch.requests_in(3) == 0  # an idle table screen only listens to its stream
    watch.assert_no_errors()


def test_kazaam_table_shows_boards_and_ingredients(browser, live, shot):
    api = Api(live.url)
    created = api.create("kazaam")
    sid, host = created["id"], created["host_token"]
    ada = api.join(created["code"], "Ada", prototype="wood", ingredient="mercury")["player_token"]
    api.join(created["code"], "Bo", prototype="fire", ingredient="sulphur")
    api.post(f"/sessions/{sid}/start", host, json={"setup": {}})
    arm = {"homunculus": "wood", "part": "arm", "ingredients": ["mercury", "sulphur"]}
    head = {"homunculus": "wood", "part": "head", "ingredients": ["mercury", "sulphur"]}
    for body in ({"type": "draw"}, {"type": "discard", "tile": arm},
                 {"type": "build", "tile": head, "slot": "head"}):
        r = api.post(f"/sessions/{sid}/moves", ada, json=body)
        assert r.status_code == 201, r.text
    for lang, mercury, head_word in (("en", "mercury", "head"), ("it", "mercurio", "testa"),
                                     ("de", "Quecksilber", "Kopf")):
        page, watch = screen(browser, live, sid, host, lang)
        ada_panel = page.inner_text("#players-panel [data-seat='0']")
        assert mercury.lower() in ada_panel.lower() and head_word.lower() in ada_panel.lower()
        assert page.locator("#board .kz-player[data-seat='0']").count() == 1
        assert page.locator("#board .kz-player[data-seat='1']").count() == 1
        check_screen(page, lang, allow=["Ada", "Bo"])
        shot(page, f"kazaam-{lang}")
        watch.assert_no_errors()
    axe_check(page)


def test_table_screen_in_three_languages_at_three_sizes(browser, live, shot):
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Bo", "Cy"])
    move(api, t, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    move(api, t, 0, {"type": "play_nature", "terrain": "sea", "at": [1, 0]})
    turn = {"en": "Bo's turn", "it": "Tocca a Bo", "de": "Bo ist am Zug"}
    lobby = gaia_table(api, ["Ada", "Bo"], start=False)
    for lang in ("en", "it", "de"):
        for name, size in (("tablet", TABLET), ("tv", TV), ("phone", PHONE)):
            page, watch = screen(browser, live, t["sid"], t["host"], lang, size)
            page.wait_for_selector("#board")
            check_screen(page, lang, turn=turn[lang])
            if name == "tablet":
                axe_check(page)
            shot(page, f"{lang}-{name}")
            watch.assert_no_errors()
            page.context.close()
        page, watch = screen(browser, live, lobby["sid"], lobby["host"], lang, PHONE)
        page.wait_for_selector("#setup")
        check_screen(page, lang)
        axe_check(page)
        shot(page, f"{lang}-lobby-phone")
        watch.assert_no_errors()
        page.context.close()


def test_a_game_that_cannot_end_is_offered_to_the_host(browser, live):
    """K6.2 hook: when the public state says ``stalled``, the table says so and the host
    may finish. The field is simulated here (the engine adds it in another change)."""
    api = Api(live.url)
    created = api.create("kazaam")
    sid, host = created["id"], created["host_token"]
    api.join(created["code"], "Ada", prototype="wood", ingredient="mercury")
    api.join(created["code"], "Bo", prototype="fire", ingredient="sulphur")
    api.post(f"/sessions/{sid}/start", host, json={"setup": {}})
    context = browser.new_context(viewport=TABLET)
    context.add_init_script(f"localStorage.setItem('tc:host:{sid}', '{host}')")

    def stalled(route):
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "stalled": True})

    context.route(re.compile(rf".*/api/v1/sessions/{sid}$"), stalled)
    # no stream: its first message would bring the real state (without the field)
    context.route(re.compile(rf".*/api/v1/sessions/{sid}/events.*"), lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream"}, body="retry: 600000\n\n"))
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/t/{sid}")
    page.wait_for_selector("#stalled")
    assert "K6.2" in page.inner_text("#stalled")
    page.click("#stalled-finish")
    page.click("#confirm-ok")
    expect(page.locator("#confirm-ok")).to_have_count(0)
    for _ in range(50):  # the finish request is on its way
        if api.get(f"/sessions/{sid}").json()["status"] == "finished":
            break
        page.wait_for_timeout(100)
    assert api.get(f"/sessions/{sid}").json()["status"] == "finished"
    watch.assert_no_errors()


def test_the_table_says_whose_answer_a_power_awaits(browser, live):
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Bo", "Cy"], start=False, variant="expert")
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 5,
             "display": {**DISPLAY, "power": ["rain", "defense"]}}
    r = api.post(f"/sessions/{t['sid']}/start", t["host"], json={"setup": setup})
    assert r.status_code == 201, r.text
    move(api, t, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, 0]})
    move(api, t, 0, {"type": "play_power", "card": "sun", "at": [0, 0]})
    page, watch = screen(browser, live, t["sid"], None, "de", PHONE)
    assert page.inner_text("#answers-awaited") == "Warte auf die Antwort von Bo, Cy"
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][1], json={"type": "pass"})
    assert r.status_code == 201, r.text
    expect(page.locator("#answers-awaited")).to_have_text("Warte auf die Antwort von Cy")
    check_screen(page, "de", turn="Ada ist am Zug")
    watch.assert_no_errors()


def test_a_kazaam_seat_without_a_phone_in_italian(browser, live, shot):
    api = Api(live.url)
    created = api.create("kazaam")
    sid, host = created["id"], created["host_token"]
    api.join(created["code"], "Ada", prototype="wood", ingredient="mercury")
    page, watch = screen(browser, live, sid, host, "it", PHONE)
    page.wait_for_selector("#add-seat select[name=prototype] option:nth-child(2)",
                           state="attached")
    # the prototype Ada took is not offered again (K1.6)
    offered = page.locator("#add-seat select[name=prototype] option").all_inner_texts()
    assert "legno" not in offered and "fuoco" in offered
    page.fill("#add-seat input[name=name]", "Bo")
    page.select_option("#add-seat select[name=color]", "blue")
    page.select_option("#add-seat select[name=prototype]", "fire")
    page.select_option("#add-seat select[name=ingredient]", "sulphur")
    page.click("#add-seat-ok")
    page.wait_for_selector("#players li[data-seat='1']")
    bo = api.get(f"/sessions/{sid}").json()["players"][1]
    assert (bo["name"], bo["prototype"], bo["ingredient"], bo["phone"]) == (
        "Bo", "fire", "sulphur", False)
    check_screen(page, "it")
    axe_check(page)
    shot(page, "kazaam-lobby-it")
    watch.assert_no_errors()


def test_the_link_under_the_qr_code_is_what_it_encodes(browser, live):
    """The QR code encodes ``join_url`` (PUBLIC_URL here, as on a LAN): the link printed
    under it is the same, and only a localhost link would be warned about."""
    api = Api(live.url)
    created = api.create("gaia")
    page, watch = screen(browser, live, created["id"], created["host_token"])
    page.wait_for_selector("#join-link")
    assert page.inner_text("#join-link") == created["join_url"]
    assert page.get_attribute("#join-link", "href") == created["join_url"]
    assert created["join_url"].startswith("http://table.test/j/")
    assert page.locator("#localhost-warning").count() == 0
    watch.assert_no_errors()


def test_the_host_removes_a_lobby_seat_and_changes_the_code(browser, live, shot):
    """Seats a stranger took with the code come back, after asking,
    and a new code shuts the old one out."""
    api = Api(live.url)
    t = gaia_table(api, ["Ada", "Xa"], start=False)
    for lang in ("en", "de"):
        page, watch = screen(browser, live, t["sid"], t["host"], lang=lang, size=PHONE)
        page.wait_for_selector("#players [data-remove='1']")
        check_screen(page, lang)
        shot(page, f"lobby-remove-{lang}")
        watch.assert_no_errors()
        page.context.close()
    page, watch = screen(browser, live, t["sid"], t["host"], size=PHONE)
    page.click("#players [data-remove='1']")
    assert "Xa" in page.inner_text("dialog[open]")
    page.click("#confirm-cancel")
    assert len(state(api, t)["players"]) == 2  # cancelled: nothing changed
    page.click("#players [data-remove='1']")
    page.click("#confirm-ok")
    expect(page.locator("#players li")).to_have_count(1)
    assert [p["name"] for p in state(api, t)["players"]] == ["Ada"]
    old = page.inner_text("#join-code")
    page.click("#new-code")
    page.click("#confirm-ok")
    expect(page.locator("#join-code")).not_to_have_text(old)
    fresh = state(api, t)["code"]
    assert page.inner_text("#join-code") == fresh != old
    assert fresh in page.get_attribute("#qr", "src")
    assert api.get(f"/join/{old}").status_code == 404
    shot(page, "lobby-new-code")
    watch.assert_no_errors()
