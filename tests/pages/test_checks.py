"""The shared page checks can fail: tiny pages that break one rule each."""

from __future__ import annotations

import json
import re

import pytest

from tests.pages.checks import (
    PageWatch,
    assert_in_sight,
    axe_check,
    check_screen,
    check_tap_targets,
    english_words,
    phone,
)

ORIGIN = "http://checks.test"
CATALOGUE = {
    "en": {"gaia.term.forest": "forest", "kazaam.term.arm": "arm",
           "kazaam.term.unicorn_horn": "unicorn horn", "gaia.term.sea": "sea",
           "kazaam.score.prototype": "prototype", "kazaam.event.draw": "{who} draws"},
    "it": {"gaia.term.forest": "foresta", "kazaam.term.arm": "braccio",
           "kazaam.term.unicorn_horn": "corno di unicorno", "gaia.term.sea": "mare",
           "kazaam.score.prototype": "prototipo", "kazaam.event.draw": "{who} pesca"},
    "de": {"gaia.term.forest": "Wald", "kazaam.term.arm": "Arm",
           "kazaam.term.unicorn_horn": "Einhorn", "gaia.term.sea": "Meer",
           "kazaam.score.prototype": "Prototyp", "kazaam.event.draw": "{who} zieht"},
}
CLEAN = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tavolo</title></head>
<body><main><h1>Ada</h1><p id="turn">Tocca a te!</p>{body}</main></body></html>"""


def serve(context, pages: dict[str, tuple[int, str, dict[str, str]]]) -> None:
    """A fake origin: the given pages plus the tiny catalogue above."""
    def handle(route):
        path = route.request.url[len(ORIGIN):]
        if path.startswith("/i18n/"):
            lang = path.split("/")[-1].split(".")[0]
            return route.fulfill(status=200, body=json.dumps(CATALOGUE[lang]),
                                 content_type="application/json")
        status, body, headers = pages.get(path, (404, "not here", {}))
        route.fulfill(status=status, body=body, headers=headers,
                      content_type="text/html" if "<" in body else "application/json")
    context.route(f"{ORIGIN}/**", handle)


@pytest.fixture
def it_phone(browser):
    context = phone(browser, "it")
    yield context
    context.close()


def open_page(context, body: str, lang: str = "it", headers: dict[str, str] | None = None):
    serve(context, {"/p": (200, CLEAN.format(lang=lang, body=body), headers or {}),
                    "/ok.json": (200, "{}", {}), "/bad.json": (422, "{}", {})})
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{ORIGIN}/p")
    return page, watch


def test_a_clean_italian_screen_passes(it_phone):
    page, watch = open_page(it_phone, "<p>Il braccio: corno di unicorno, foresta.</p>")
    check_screen(page, "it", name="Ada", turn="Tocca a te!")
    watch.assert_no_errors()


@pytest.mark.parametrize(("body", "found"), [
    ("<p>Tocca a null</p>", "placeholder 'null'"),
    ("<p>Punteggio: NaN</p>", "placeholder 'NaN'"),
    ("<p>[object HTMLSelectElement]</p>", "placeholder '[object'"),
    ("<button aria-label='undefined'>x</button>", "label: placeholder 'undefined'"),
    ("<p>Ada posa foresta in [0,1]</p>", "coordinates '[0,1]'"),
    ("<p>Ada: (2, -1)</p>", "coordinates '(2, -1)'"),
    ("<p>join.started</p>", "raw key 'join.started'"),
    ("<p>session.too_few_players min 2</p>", "raw key 'session.too_few_players'"),
    ("<p>costo: unicorn_horn</p>", "raw key 'unicorn_horn'"),
    ("<p>Ada posa forest</p>", "English word 'forest'"),
    ("<select><option>sea</option></select>", "English word 'sea'"),
    ("<p>+1 prototype</p>", "English word 'prototype'"),
    ("<div style='width:500px'>largo</div>", "scrolls sideways|zoomed out"),
])
def test_each_rule_can_fail(it_phone, body, found):
    page, _ = open_page(it_phone, body)
    with pytest.raises(AssertionError, match=re.escape(found) if "|" not in found else found):
        check_screen(page, "it")


def test_words_written_alike_are_not_english():
    words = english_words(CATALOGUE["en"], CATALOGUE["de"])
    assert "arm" not in words and "forest" in words and "unicorn horn" in words
    assert "{who} draws" not in words  # sentences are not game words


def test_a_german_screen_may_say_arm(browser):
    context = phone(browser, "de")
    page, _ = open_page(context, "<p>Arm gebaut</p>", lang="de")
    check_screen(page, "de")
    context.close()


def test_name_and_turn_must_be_in_sight(it_phone):
    page, _ = open_page(it_phone, "<div style='height:2000px'></div><b>Bo</b>")
    check_screen(page, "it", name="Ada", turn="Tocca a te!")
    with pytest.raises(AssertionError, match="name 'Bo' not visible"):
        check_screen(page, "it", name="Bo")
    page.evaluate("window.scrollTo(0, 1800)")  # the status line scrolled away
    with pytest.raises(AssertionError, match="turn 'Tocca a te!' not visible"):
        check_screen(page, "it", turn="Tocca a te!")


def test_hidden_text_does_not_count_as_visible(it_phone):
    page, _ = open_page(it_phone, "<p style='visibility:hidden'>Bo</p>")
    with pytest.raises(AssertionError, match="name 'Bo'"):
        check_screen(page, "it", name="Bo")


def test_watch_collects_console_and_page_errors(it_phone):
    page, watch = open_page(it_phone, "")
    page.evaluate("console.error('broken')")
    page.evaluate("setTimeout(() => { throw new Error('boom'); }, 0)")
    page.wait_for_timeout(100)
    with pytest.raises(AssertionError) as failed:
        watch.assert_no_errors()
    assert "console error: broken" in str(failed.value) and "boom" in str(failed.value)


def test_watch_reports_refused_requests_unless_expected(it_phone):
    page, watch = open_page(it_phone, "")
    with watch.expecting(422, "/bad.json"):
        page.evaluate("fetch('/bad.json')")
    watch.assert_no_errors()
    page.evaluate("fetch('/bad.json').then(() => fetch('/missing'))")
    page.wait_for_timeout(200)
    assert any(e.startswith("422 GET") for e in watch.errors)
    assert any(e.startswith("404 GET") and "/missing" in e for e in watch.errors)


def test_watch_reports_csp_violations(it_phone):
    body = "<img src='x' alt='' onerror='document.title=1'><script>document.title=2</script>"
    page, watch = open_page(it_phone, body,
                            headers={"Content-Security-Policy": "script-src 'self'"})
    page.wait_for_timeout(200)
    assert any("script-src" in e for e in watch.errors), watch.errors


def test_watch_reports_vibrate_before_a_touch(it_phone):
    # from the page's own script: Playwright's evaluate counts as a user gesture
    page, watch = open_page(it_phone, "<script>navigator.vibrate(100)</script>")
    page.wait_for_timeout(100)
    assert any("vibrate" in e for e in watch.errors), watch.errors


def test_watch_counts_requests_while_idle(it_phone):
    page, watch = open_page(it_phone, "")
    assert watch.requests_in(0.5) == 0
    page.evaluate("setInterval(() => fetch('/ok.json'), 100)")
    assert watch.requests_in(1) >= 5


def test_axe_fails_on_a_nameless_button(it_phone):
    page, _ = open_page(it_phone, "<button><svg width='20' height='20'></svg></button>")
    with pytest.raises(AssertionError, match="button-name"):
        axe_check(page)


def test_axe_passes_a_plain_page(it_phone):
    page, _ = open_page(it_phone, "<button>Pesca</button>")
    axe_check(page)


def test_phone_speaks_the_language(it_phone):
    seen: list[str] = []
    serve(it_phone, {"/p": (200, CLEAN.format(lang="it", body=""), {})})
    page = it_phone.new_page()
    page.on("request", lambda r: seen.append(r.headers.get("accept-language", "")))
    page.goto(f"{ORIGIN}/p")
    assert page.viewport_size == {"width": 360, "height": 740}
    assert page.evaluate("navigator.language") == "it-IT"
    assert seen[0].startswith("it-IT")
    assert page.evaluate("innerWidth") == 360


def test_in_sight_fails_under_a_sticky_bar_and_below_the_fold(it_phone):
    body = ("<div style='position:sticky;top:0;height:200px;background:#fff'>bar</div>"
            "<button id='a'>su</button><div style='height:1500px'></div>"
            "<button id='b'>giù</button>")
    page, _ = open_page(it_phone, body)
    assert_in_sight(page, "#a")
    with pytest.raises(AssertionError, match="outside the viewport"):
        assert_in_sight(page, "#b")
    page.evaluate("window.scrollTo(0, 300)")
    with pytest.raises(AssertionError, match="covered by"):
        assert_in_sight(page, "#a")


def test_tap_targets_must_be_finger_sized(it_phone):
    page, _ = open_page(it_phone, "<button style='min-height:44px;min-width:44px'>ok</button>"
                        "<p>Leggi <a href='/r'>la regola</a> prima.</p>")
    check_tap_targets(page)  # a link inside a sentence is exempt
    page.evaluate("document.body.append(Object.assign(document.createElement('button'), "
                  "{textContent: 'x', style: 'height:30px;padding:0'}))")
    with pytest.raises(AssertionError, match='button "x"'):
        check_tap_targets(page)
