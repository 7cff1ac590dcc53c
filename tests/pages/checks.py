"""Shared page assertions for the browser tests: what every screen must hold.

- ``PageWatch(page)``: console errors (CSP violations and Chromium's
  "intervention" warnings included, e.g. a vibrate before the person touched
  the page), uncaught page errors, failed requests (4xx/5xx unless the test
  declared them expected) and a request count over a window.
- ``check_screen(page, lang, name=..., turn=...)``: no ``null``/``undefined``/
  ``NaN``/``[object``, no coordinates ("[0,1]"), no raw message key, no English
  game word on an Italian or German screen (the words come from the served
  catalogue: each ``<game>.term.*`` and ``<game>.score.*`` whose English text
  differs from the screen's language), no horizontal scrolling, and the given name and turn text
  inside the viewport as it is now (the status line must stay in sight).
- ``axe_check(page)``: axe-core finds nothing serious or critical.
- ``phone(browser, lang)``: a 360 x 740 touch context speaking that language.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

LOCALES = {"en": "en-GB", "it": "it-IT", "de": "de-DE"}
PHONE_SIZE = {"width": 360, "height": 740}

# Placeholders a page shows when it formats a missing value.
PLACEHOLDERS = re.compile(r"\bnull\b|\bundefined\b|\bNaN\b|\[object\b")
# A catalogue or page key shown raw: "join.started", "session.too_few_players",
# "kazaam.term.left_ear", or a snake_case value ("unicorn_horn", "left_ear").
RAW_KEY = re.compile(r"(?<![\w/@.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z0-9]+(?:_[a-z0-9]+)*)+"
                     r"(?![\w/@-])|(?<![\w/@.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/@.-])")
URL = re.compile(r"\b(?:https?://|/)\S+")
# A square named by its coordinates: the physical table has none ("[0,1]", "(2, -1)").
COORDINATES = re.compile(r"[\[(]-?\d+\s*,\s*-?\d+[\])]")
# Terms whose English word never counts as "English" (too short or shared by all).
MIN_WORD = 3


def phone(browser: Any, lang: str) -> Any:
    """A phone: 360 x 740, touch, the language's locale and Accept-Language."""
    locale = LOCALES[lang]
    return browser.new_context(
        viewport=PHONE_SIZE, has_touch=True, is_mobile=True, locale=locale,
        extra_http_headers={"Accept-Language": f"{locale},{lang};q=0.9"})


# --- PageWatch ------------------------------------------------------------------------------

# Pages must not trigger these; collected even when the page keeps working.
_REPORT_SCRIPT = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
});
"""


@dataclass
class _Expected:
    status: int | None
    url_part: str


class PageWatch:
    """Everything that went wrong on one page, and how busy it is on the network.

    ``expect(status, url_part)`` declares refused requests the test provokes on
    purpose (a rejected move: 422 on "/moves"); they and Chromium's console line
    about them are not errors.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.requests: list[tuple[float, str]] = []
        self._expected: list[_Expected] = []
        page.add_init_script(_REPORT_SCRIPT)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("request", lambda request: self.requests.append((time.monotonic(), request.url)))
        page.on("response", self._response)
        page.on("requestfailed", self._failed)

    def expect(self, status: int | None = None, url_part: str = "") -> None:
        """From now on, a response with this status (any when None) on a URL
        containing ``url_part`` is expected, not an error."""
        self._expected.append(_Expected(status, url_part))

    @contextmanager
    def expecting(self, status: int | None = None, url_part: str = "") -> Iterator[None]:
        """Like ``expect``, only inside the ``with`` block."""
        entry = _Expected(status, url_part)
        self._expected.append(entry)
        try:
            yield
        finally:
            self.page.wait_for_timeout(100)  # let the response events arrive first
            self._expected.remove(entry)

    def _is_expected(self, status: int | None, url: str) -> bool:
        return any((e.status is None or e.status == status) and e.url_part in url
                   for e in self._expected)

    def _console(self, message: Any) -> None:
        text = message.text
        lowered = text.lower()
        if message.type == "error":
            found = re.search(r"status of (\d{3})", text)
            url = (message.location or {}).get("url", "")
            if found and self._is_expected(int(found.group(1)), url):
                return
            self.errors.append(f"console error: {text}")
        elif "intervention" in lowered or "vibrate" in lowered:
            self.errors.append(f"console {message.type}: {text}")

    def _response(self, response: Any) -> None:
        if response.status >= 400 and not self._is_expected(response.status, response.url):
            self.errors.append(f"{response.status} {response.request.method} {response.url}")

    def _failed(self, request: Any) -> None:
        failure = request.failure or ""
        # A stream or fetch cut by a navigation or a closing page is not a fault.
        if "ERR_ABORTED" in failure:
            return
        self.errors.append(f"request failed ({failure}): {request.method} {request.url}")

    def assert_no_errors(self) -> None:
        assert not self.errors, "problems on the page:\n" + "\n".join(self.errors)

    def requests_in(self, seconds: float) -> int:
        """Stay idle on the page for ``seconds`` and count the requests it makes."""
        start = time.monotonic()
        self.page.wait_for_timeout(seconds * 1000)
        return sum(1 for at, _ in self.requests if at >= start)


# --- check_screen ---------------------------------------------------------------------------

_TEXT_SCRIPT = """
() => {
  const labels = [];
  for (const node of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
    if (node.closest('[hidden]')) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = node.getAttribute(a);
      if (v) labels.push(v);
    }
  }
  return { text: document.body.innerText, labels, title: document.title };
}
"""

_VISIBLE_SCRIPT = """
(needle) => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const w = innerWidth, h = innerHeight;
  const seen = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(needle);
    if (at < 0) continue;
    const parent = node.parentElement;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const range = document.createRange();
    range.setStart(node, at); range.setEnd(node, at + needle.length);
    for (const r of range.getClientRects()) {
      seen.push([Math.round(r.left), Math.round(r.top)]);
      if (r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= h && r.right <= w)
        return { visible: true };
    }
  }
  return { visible: false, seen };
}
"""

_catalogues: dict[tuple[str, str], dict[str, str]] = {}


def _origin(page: Any) -> str:
    found = re.match(r"^(https?://[^/]+)", page.url)
    assert found, f"check_screen needs a page served over http, not {page.url}"
    return found.group(1)


def catalogue(page: Any, lang: str) -> dict[str, str]:
    """The engines' words of the served catalogue (``/i18n/<lang>.json``'s "messages")
    for the page's origin, cached."""
    key = (_origin(page), lang)
    if key not in _catalogues:
        # through the page, as the pages themselves load it (and any route a test set)
        _catalogues[key] = page.evaluate(
            "async (url) => { const r = await fetch(url); if (!r.ok) return null;"
            " const body = await r.json(); return body.messages || body; }",
            f"/i18n/{lang}.json")
        assert _catalogues[key] is not None, f"/i18n/{lang}.json was refused"
    return _catalogues[key]


def _is_word_key(key: str) -> bool:
    return ".term." in key or key.startswith("term.") or ".score." in key


def english_words(english: dict[str, str], other: dict[str, str]) -> dict[str, str]:
    """English game words that must not appear on a screen in ``other``'s language:
    {word: key}. A word the other language writes the same way (anywhere among its
    game words) is skipped, and so are very short ones."""
    theirs = {v.strip().lower() for k, v in other.items() if _is_word_key(k)}
    words: dict[str, str] = {}
    for key, word in english.items():
        if not _is_word_key(key) or key not in other:
            continue
        plain = word.strip().lower()
        if len(plain) < MIN_WORD or plain in theirs or plain == other[key].strip().lower():
            continue
        words[plain] = key
    return words


def screen_text(page: Any) -> tuple[str, list[str]]:
    """The text a person sees (and a screen reader reads): body text, labels, title."""
    found = page.evaluate(_TEXT_SCRIPT)
    return found["text"] + "\n" + found["title"], found["labels"]


def _problems_in(text: str, lang: str, words: dict[str, str],
                 allow: Iterable[str]) -> list[str]:
    allowed = set(allow)
    problems = [f"placeholder {m.group(0)!r}" for m in PLACEHOLDERS.finditer(text)]
    problems += [f"coordinates {m.group(0)!r}" for m in COORDINATES.finditer(text)]
    without_urls = URL.sub(" ", text)
    problems += [f"raw key {m.group(0)!r}" for m in RAW_KEY.finditer(without_urls)
                 if m.group(0) not in allowed]
    if lang != "en":
        lowered = without_urls.lower()
        for word, key in words.items():
            if word not in allowed and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", lowered):
                problems.append(f"English word {word!r} ({key}) on a {lang} screen")
    return problems


def _context_of(text: str, problem: str) -> str:
    quoted = re.search(r"'([^']*)'", problem)
    if not quoted:
        return ""
    at = text.lower().find(quoted.group(1).lower())
    return f"  …{text[max(0, at - 40):at + 40]!r}…" if at >= 0 else ""


def check_screen(page: Any, lang: str, *, name: str | None = None, turn: str | None = None,
                 allow: Iterable[str] = ()) -> None:
    """Assert that the screen as it is now is fit for a person reading ``lang``.

    ``allow``: exact strings that look like keys or English words but are meant
    (a player named "fire", say)."""
    allow = tuple(allow)
    words = english_words(catalogue(page, "en"), catalogue(page, lang)) if lang != "en" else {}
    text, labels = screen_text(page)
    problems = _problems_in(text, lang, words, allow)
    problems += [f"label: {p}" for label in labels for p in _problems_in(label, lang, words, allow)]
    width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    if width[0] > width[1]:
        problems.append(f"scrolls sideways: {width[0]} px of content in {width[1]} px")
    viewport = page.viewport_size
    if viewport and width[1] > viewport["width"]:
        problems.append(f"zoomed out: {width[1]} px laid out on a {viewport['width']} px screen")
    for label, needle in (("name", name), ("turn", turn)):
        if needle and not page.evaluate(_VISIBLE_SCRIPT, needle)["visible"]:
            problems.append(f"{label} {needle!r} not visible without scrolling")
    details = [p + _context_of(text, p) for p in problems]
    assert not problems, f"screen ({lang}, {page.url}):\n" + "\n".join(details)


_IN_SIGHT_SCRIPT = """
(node) => {
  const r = node.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'outside the viewport';
  const top = document.elementFromPoint(x, y);
  if (top && (top === node || node.contains(top))) return '';
  return `covered by ${top ? top.outerHTML.slice(0, 80) : 'nothing'}`;
}
"""


def assert_in_sight(page: Any, selector: str) -> None:
    """The element can be tapped where the person is now: in the viewport and not
    covered (by a sticky status line, a sheet, a toast)."""
    problem = page.locator(selector).first.evaluate(_IN_SIGHT_SCRIPT)
    assert not problem, f"{selector} not in sight: {problem}"


_SMALL_TARGETS_SCRIPT = """
(minimum) => {
  const out = [];
  const controls = 'button, select, input:not([type=hidden]), a[href], [role=button], summary';
  for (const node of document.querySelectorAll(controls)) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
    // a link inside a sentence is exempt (WCAG 2.5.5): its line is the target
    const inText = (node.parentElement.innerText || '').trim() !== (node.innerText || '').trim();
    if (node.tagName === 'A' && inText) continue;
    if (node.type === 'checkbox' || node.type === 'radio') {
      const label = node.closest('label');
      if (label) { const l = label.getBoundingClientRect(); if (l.height >= minimum) continue; }
    }
    if (r.width < minimum - 0.5 || r.height < minimum - 0.5) {
      const name = node.getAttribute('aria-label') || node.innerText || node.id || node.tagName;
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      out.push(`${node.tagName.toLowerCase()} "${name.trim().slice(0, 30)}" ${size}`);
    }
  }
  return out;
}
"""


def check_tap_targets(page: Any, minimum: int = 44) -> None:
    """Every control a finger taps is at least ``minimum`` CSS px in both directions."""
    small = page.evaluate(_SMALL_TARGETS_SCRIPT, minimum)
    assert not small, f"tap targets under {minimum} px on {page.url}:\n" + "\n".join(small)


# --- axe ------------------------------------------------------------------------------------

SEVERE = ("serious", "critical")


def axe_check(page: Any, *, ignore: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Run axe-core on the page; fail on serious or critical findings.

    Returns the milder findings, for a test that wants to look at them."""
    from axe_playwright_python.sync_playwright import Axe

    # judge the page at rest: a row still fading in (the results' reveal) has the
    # contrast of its half-way opacity
    page.evaluate("() => Promise.all(document.getAnimations()"
                  ".filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)"
                  ".map((a) => a.finished.catch(() => null)))")
    results = Axe().run(page).response
    skipped = set(ignore)
    found = [v for v in results["violations"] if v["id"] not in skipped]
    severe = [v for v in found if v.get("impact") in SEVERE]
    lines = [f"{v['id']} ({v['impact']}): {v['help']} at "
             + ", ".join(str(n["target"]) for n in v["nodes"][:5]) for v in severe]
    assert not severe, f"axe on {page.url}:\n" + "\n".join(lines)
    return [v for v in found if v.get("impact") not in SEVERE]
