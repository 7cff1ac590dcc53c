"""Adding a language is adding one file: a fourth catalogue file (Polish, with only a few
of its words written, in a temporary copy of the catalogue the app is pointed at) shows
up in the picker, its words are on the page before it is drawn, and its counted
wordings follow Polish plural rules (one, few, many) through Intl.PluralRules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n
from tests.conftest import LiveServer, make_app

from .checks import PHONE_SIZE, PageWatch

POLISH = {
    "language": {"code": "pl", "name": "Polski"},
    "messages": {},
    "pages": {
        "start.title": "Nowy stół",
        "start.game": "Gra",
        "language": "Język",
        "play.actionsLeft": {"one": "Została {n} akcja", "few": "Zostały {n} akcje",
                             "many": "Zostało {n} akcji", "other": "Zostało {n} akcji"},
    },
}


@pytest.fixture
def polish(clean_redis: str, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    """The app over HTTP reading a copy of the catalogue with pl.json added: its
    CATALOGUE_DIR setting where the package has one (``i18n.use``), else the package's
    folder pointed there and what it read forgotten."""
    folder = tmp_path / "i18n"
    folder.mkdir()
    for lang in i18n.languages():
        (folder / f"{lang}.json").write_text(i18n.dump(i18n.load(lang)), encoding="utf-8")
    (folder / "pl.json").write_text(i18n.dump(POLISH), encoding="utf-8")
    setting = hasattr(i18n, "use")
    before = i18n.folder() if setting else None
    if not setting:
        monkeypatch.setattr(i18n, "DIR", folder)
        i18n.languages.cache_clear()
        i18n.load.cache_clear()
    server = LiveServer(make_app(clean_redis, tmp_path, CATALOGUE_DIR=str(folder)))
    try:
        yield server
    finally:
        server.stop()
        if setting:
            i18n.use(before)
        else:
            monkeypatch.undo()
            i18n.languages.cache_clear()
            i18n.load.cache_clear()


_SEEN = """window.seenTitles = [];
new MutationObserver(() => {
  const h = document.querySelector('#new-table h1');
  if (h && window.seenTitles.at(-1) !== h.textContent) window.seenTitles.push(h.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });"""


def test_a_fourth_language_file_shows_its_words_and_plurals(browser, polish):
    live = polish
    assert "pl" in i18n.languages()
    context = browser.new_context(viewport=PHONE_SIZE, has_touch=True, is_mobile=True,
                                  locale="pl-PL",
                                  extra_http_headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    page = context.new_page()
    watch = PageWatch(page)
    # every text the heading ever had, from before the HTML is parsed
    page.add_init_script(_SEEN)
    try:
        page.goto(f"{live.url}/")
        page.wait_for_selector("#start:not([hidden]) [data-option]")
        assert page.inner_text("#new-table h1") == "Nowy stół"
        # never English nor a key first: empty until the words are here, then Polish
        assert [t for t in page.evaluate("window.seenTitles") if t] == ["Nowy stół"]
        assert page.inner_text("#games legend") == "Gra"
        assert page.get_attribute("html", "lang") == "pl"
        assert page.get_attribute("#lang", "aria-label") == "Język"
        # the picker lists the four files' languages by their own names, Polish chosen
        options = page.eval_on_selector_all("#lang option", "(os) => os.map((o) => o.text)")
        assert options == [i18n.load(code)["language"]["name"] for code in i18n.languages()]
        assert "Polski" in options and page.input_value("#lang") == "pl"
        # a word Polish lacks is the English one, never its key
        assert page.inner_text("#create") == i18n.load("en")["pages"]["start.create"]
        counted = page.evaluate("""async () => {
          const common = await import('/static/js/common.js');
          await common.loadMessages();
          return [1, 2, 4, 5, 12, 22, 25, 101].map((n) => common.tn('play.actionsLeft', n));
        }""")
        assert counted == ["Została 1 akcja", "Zostały 2 akcje", "Zostały 4 akcje",
                           "Zostało 5 akcji", "Zostało 12 akcji", "Zostały 22 akcje",
                           "Zostało 25 akcji", "Zostało 101 akcji"]
        # the choice sticks: English picked, then Polish again, from the server's list
        page.select_option("#lang", "en")
        page.wait_for_selector("#new-table h1:text-is('Start a table')")
        page.select_option("#lang", "pl")
        page.wait_for_selector("#new-table h1:text-is('Nowy stół')")
        watch.assert_no_errors()
    finally:
        context.close()
