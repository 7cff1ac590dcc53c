"""The pages' words live in the catalogue (companion/i18n/<lang>.json, section "pages"):
no module or template holds a string table or words of its own, every key the code
uses is in every language, every key there is used, counted wordings have the forms
their language's CLDR plural rules ask for, and /i18n/<lang>.json serves them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests

from companion import i18n

PAGES = Path(__file__).resolve().parents[2] / "companion" / "pages"
JS = PAGES / "static" / "js"
TEMPLATES = PAGES / "templates"
BRAND = "Tabletop Companion"  # the product's name, the same in every language

# A JS string literal ("…", '…' or `…`), a comment to the end of the line.
_LITERAL = re.compile(r"""(["'`])((?:\\.|(?!\1)[^\\])*)\1""", re.S)
_COMMENT = re.compile(r"(^|[^:\"'\\])//[^\n]*")


def _code(path: Path) -> str:
    """A module's source without its comments (// … lines and /* … */ blocks)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return _COMMENT.sub(r"\1", text)


def _literals(code: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in _LITERAL.finditer(code)]


def _pages(lang: str) -> dict[str, object]:
    pages: dict[str, object] = i18n.load(lang)["pages"]
    return pages


# --- no words in the code ----------------------------------------------------------------

# Words a person reads: a capital then words with spaces ("Start the game"), or words
# ending a sentence ("tap a square."). CSS classes, selectors, keys and key names
# ("Enter") are neither.
_WORDS = re.compile(r"^[A-ZÀ-Ý][a-zà-ÿ']+(?: [A-Za-zÀ-ÿ']+)+[.!?…:]?$"
                    r"|[A-Za-zà-ÿ]{2,} [A-Za-zà-ÿ]{2,}[^/#.]*[.!?…]$")
_TABLE = re.compile(r"\baddStrings\b|\bconst\s+UI\s*=|(?<![\w.])(?:en|it|de)\s*:\s*[\"'`{]")


def words_in_module(code: str) -> list[str]:
    found = [m.group(0) for m in _TABLE.finditer(code)]
    for quote, text in _literals(code):
        if quote == "`":
            text = re.sub(r"\$\{[^}]*\}", "", text)
        if _WORDS.search(text.strip()) and BRAND not in text:
            found.append(text)
    return found


def words_in_template(source: str) -> list[str]:
    # blocks that fill an attribute of base.html (the <title>'s, the <body>'s class)
    source = re.sub(r"\{% block (title_t|body_class) %\}.*?\{% endblock %\}", "", source,
                    flags=re.S)
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", source, flags=re.S)
    found = [f"{name}={value!r}" for name, value in
             re.findall(r"\b(aria-label|title|placeholder|alt)=\"([^\"{]*[A-Za-z][^\"]*)\"", text)]
    text = re.sub(r"<[^>]*>", "\n", text)
    for line in text.splitlines():
        line = line.replace(BRAND, "").strip(" ·\t")
        if re.search(r"[A-Za-zÀ-ÿ]{2,}", line):
            found.append(line)
    return found


def test_the_word_detectors_catch_tables_and_words():
    """The checks below would see what the modules and templates held before."""
    assert words_in_module('addStrings({ en: { "x.y": "Start the game" } });')
    assert words_in_module('const UI = { en: { live: "live" } };')
    assert words_in_module('el("p", {}, "Tap a highlighted square.")')
    assert words_in_module('el("b", {}, `Waiting for ${who}`)')
    assert not words_in_module('el("p", { class: "hint kz-facts" }, t("kz.none"))')
    assert not words_in_module('if (e.key === "Enter") go(); q("#actions button, #undo")')
    assert words_in_template('<h1 data-t="start.title">Start a table</h1>')
    assert words_in_template('<select aria-label="Language"></select>')
    assert not words_in_template('<h1 data-t="start.title"></h1><a>Tabletop Companion</a>')
    assert not words_in_template("<title>{{ word('tb.tabName') }}</title>")


def test_no_module_holds_a_string_table_or_words():
    found = {path.name: words_in_module(_code(path)) for path in sorted(JS.glob("*.js"))}
    assert not {name: words for name, words in found.items() if words}


def test_no_template_holds_words():
    found = {path.name: words_in_template(path.read_text(encoding="utf-8"))
             for path in sorted(TEMPLATES.glob("*.html")) if path.name != "rules.html"}
    assert not {name: words for name, words in found.items() if words}


def test_the_rules_template_takes_its_words_from_the_server():
    # rules.html is written with the server's words (the rules and their chrome)
    assert not words_in_template((TEMPLATES / "rules.html").read_text(encoding="utf-8"))


def test_no_module_is_longer_than_400_lines():
    long = {p.name: n for p in JS.glob("*.js") if (n := len(p.read_text().splitlines())) > 400}
    assert not long


# --- the keys: used ones exist in every language, every one is used ------------------------

# t("key"), tn("key", n), c.t(…), ctx.tn(…): the first argument, up to its comma or ")"
_CALL = re.compile(r"(?<![\w$.])(?:(?:c|ctx)\.)?(?:tn?|has)\(")


def _first_argument(code: str, start: int) -> str:
    depth, quote, i = 0, None, start
    while i < len(code):
        c = code[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            break
        i += 1
    return code[start:i]


def _choices(argument: str) -> str:
    """The branches of a ternary argument (cond ? "a" : "b"), else the whole of it."""
    bare = _LITERAL.sub(lambda m: "_" * len(m.group(0)), argument)
    ask = re.search(r"\?(?![?.])", bare)
    return argument[ask.end():] if ask else argument


def keys_in_code() -> tuple[set[str], set[str]]:
    """(literal keys, prefixes of computed keys) the modules and templates ask for.

    A literal key is any string the first argument of t()/tn()/has() can be ("a",
    cond ? "a" : "b"); a computed one (`g.pile.${pile}`) stands for every key with its
    static start ("g.pile."). Templates name keys in data-t, data-t-label and word()."""
    literal: set[str] = set()
    prefixes: set[str] = set()
    for path in JS.glob("*.js"):
        code = _code(path)
        for m in _CALL.finditer(code):
            for quote, text in _literals(_choices(_first_argument(code, m.end()))):
                if quote == "`":
                    prefixes.add(text.split("${", 1)[0]) if "${" in text else literal.add(text)
                else:
                    literal.add(text)
    for path in TEMPLATES.glob("*.html"):
        source = path.read_text(encoding="utf-8")
        literal |= set(re.findall(r"data-t(?:-label)?=\"([\w.]+)\"", source))
        literal |= set(re.findall(r"word\('([\w.]+)'", source))
    return literal, prefixes


def test_every_key_the_pages_use_is_in_every_language_and_every_key_is_used():
    literal, prefixes = keys_in_code()
    assert {"start.create", "codebox.title", "play.actionsLeft", "language"} <= literal
    assert "g.pile." in prefixes
    for lang in i18n.languages():
        keys = set(_pages(lang))
        assert not sorted(literal - keys), lang
        for prefix in prefixes:
            assert any(k.startswith(prefix) for k in keys), (lang, prefix)
    english = set(_pages(i18n.SOURCE))
    unused = {k for k in english if k not in literal and not k.startswith(tuple(prefixes))}
    assert not sorted(unused)


def test_every_language_has_the_english_keys_and_nothing_else():
    english = _pages(i18n.SOURCE)
    for lang in i18n.languages():
        pages = _pages(lang)
        assert set(pages) == set(english), (lang, set(english) ^ set(pages))
        for key, value in pages.items():
            assert isinstance(value, dict) == isinstance(english[key], dict), (lang, key)


def _fields(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f for text in texts for f in re.findall(r"\{(\w+)\}", str(text))} - {"n"}


def test_each_wording_fills_the_same_fields_as_the_english():
    english = _pages(i18n.SOURCE)
    for lang in i18n.languages():
        for key, value in _pages(lang).items():
            assert _fields(value) == _fields(english[key]), (lang, key)


def test_counted_wordings_have_every_form_their_language_uses():
    """An object is a counted wording: one text per CLDR plural category the language's
    counts 0..200 fall in (Babel's rules), and no category the language has not."""
    for lang in i18n.languages():
        needed = {i18n.plural(lang, n) for n in range(201)}
        counted = {k: v for k, v in _pages(lang).items() if isinstance(v, dict)}
        assert counted, lang
        for key, forms in counted.items():
            assert needed <= set(forms) <= needed | {"zero", "two", "few", "many"}, (lang, key)
            assert all(isinstance(text, str) and text for text in forms.values()), (lang, key)


def test_no_page_word_is_an_untranslated_copy_of_the_english():
    english = _pages(i18n.SOURCE)
    for lang in i18n.languages():
        if lang == i18n.SOURCE:
            continue
        for key, value in _pages(lang).items():
            theirs = value.get("other") if isinstance(value, dict) else value
            ours = english[key].get("other") if isinstance(english[key], dict) else english[key]
            words = re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", str(ours)))
            if len(words) >= 3 and BRAND not in str(ours):
                assert theirs != ours, (lang, key, ours)


def test_catalogue_files_are_written_in_the_catalogue_form():
    for lang in i18n.languages():
        path = i18n.DIR / f"{lang}.json"
        assert path.read_text(encoding="utf-8") == i18n.dump(i18n.load(lang)), lang


# --- /i18n/<lang>.json ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_the_words_body_holds_the_pages_and_the_messages(live, lang):
    page = requests.get(f"{live.url}/", headers={"Accept-Language": lang}, timeout=10).text
    version = re.search(r'<meta name="tc:words" content="(\w+)">', page).group(1)
    languages = re.search(r'<meta name="tc:languages" content="([\w ]+)">', page).group(1).split()
    assert languages == list(i18n.languages())
    for code in languages:  # the picker offers each file's language by its own name
        name = i18n.load(code)["language"]["name"]
        assert f'<option value="{code}">{name}</option>' in page
    r = requests.get(f"{live.url}/i18n/{lang}.json?v={version}", timeout=10)
    assert r.status_code == 200 and r.headers["Content-Type"].startswith("application/json")
    assert "immutable" in r.headers["Cache-Control"]
    body = r.json()
    assert set(body) == {"language", "pages", "messages"}
    assert body["language"]["code"] == lang
    assert body["pages"] == _pages(lang)
    assert body["messages"]["gaia.event.tile_placed"]
    # without the version (or an old one): revalidated by ETag, 304 while unchanged
    plain = requests.get(f"{live.url}/i18n/{lang}.json?v=old", timeout=10)
    assert "no-cache" in plain.headers["Cache-Control"] and plain.headers["ETag"]
    again = requests.get(f"{live.url}/i18n/{lang}.json", timeout=10,
                         headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304 and not again.content


def test_a_language_without_a_file_is_not_found(live):
    r = requests.get(f"{live.url}/i18n/xx.json", timeout=10)
    assert r.status_code == 404
