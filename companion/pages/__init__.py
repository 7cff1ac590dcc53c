"""The pages people touch: start a table, the table screen, join and play on a phone.

Plain HTML, CSS and JavaScript modules (no build step) that use only the public
HTTP API. Every word on them comes from the catalogue (``companion/i18n``): the pages'
own words and the engines' sentences for events, served together at
``/i18n/<lang>.json``, so the API and the pages speak with one voice.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import Blueprint, Response, abort, render_template, request

from companion import i18n
from companion.games import GAMES
from companion.games.messages import template
from companion.games.rules import chrome, rules_for
from companion.i18n import SOURCE, languages
from companion.i18n import messages as catalogue_messages

bp = Blueprint("pages", __name__, static_folder="static", static_url_path="/static",
               template_folder="templates")


def _lang() -> str:
    from companion.api.problems import language

    return language()


@bp.context_processor
def _catalogue() -> dict[str, Any]:
    """What base.html needs of the catalogue: the languages for the picker (a new file
    is a new choice), the version of the words' address, and ``word()`` for what the
    server writes itself (the tab's title; the page's script says it again in the
    language the person picked)."""
    lang = _lang()

    def word(key: str, **params: object) -> str:
        value = _pages(lang).get(key, "")
        text = value.get("other", "") if isinstance(value, dict) else str(value)
        for name, given in params.items():
            text = text.replace("{" + name + "}", str(given))
        return text

    choices = [(code, i18n.load(code)["language"]["name"]) for code in i18n.languages()]
    return {"languages": choices, "words_version": _version(), "word": word}


@bp.get("/")
def index() -> str:
    return render_template("start.html", lang=_lang())


@bp.get("/t/<sid>")
def table(sid: str) -> str:
    from companion.api.links import base_url

    # the link printed under the QR code is the one the QR encodes (the same base)
    return render_template("table.html", sid=sid[:64], lang=_lang(), join_base=base_url())


@bp.get("/j/<code>")
def join(code: str) -> str:
    return render_template("play.html", code=code.upper()[:16], lang=_lang())


@bp.get("/rules/<game>")
def rules(game: str) -> str:
    """The rules; with ``?session=<id>``, as that session's options play them."""
    lang = request.args.get("lang") or _lang()
    lang = lang if lang in languages() else SOURCE
    options = _session_options(game, request.args.get("session"))
    found = rules_for(game, lang, options)
    if found is None:
        abort(404)
    others = [(g.name, g.label.get(lang, g.name)) for g in GAMES.values() if g.rules]
    return render_template("rules.html", game=game, rules=found, lang=lang,
                           words=chrome(game, lang), games=others)


def _session_options(game: str, sid: str | None) -> dict[str, Any] | None:
    """A session's options, or None (the plain rules) for no, an unknown or an expired
    session, or one of another game."""
    from flask import current_app

    from companion.errors import SessionError

    if not sid:
        return None
    try:
        doc = current_app.extensions["companion"].sessions.load(sid[:64]).doc
    except SessionError:
        return None
    return doc["options"] if doc["game"] == game else None


THEME = "#2f5d50"  # as base.html's theme-color


#: where a game's page module and its files live in the game's own folder
PAGE_FOLDER = "page"


@bp.get("/static/games/<game>/<path:filename>")
def game_page(game: str, filename: str) -> Response:
    """A registered game's page files (``<game>.js`` its module), served from its own
    folder (``companion/games/<game>/page/``), so a new game adds no file here. A game
    whose module still lives in ``static/js`` is sent there: a module's base address is
    where it was redirected to, so its relative imports stay as they are."""
    from pathlib import Path

    from flask import current_app, redirect, send_from_directory, url_for

    if game not in GAMES:
        abort(404)
    folder = Path(__file__).resolve().parent.parent / "games" / game / PAGE_FOLDER
    if (folder / filename).is_file():
        sent: Response = send_from_directory(
            folder, filename, max_age=current_app.get_send_file_max_age(filename))
        return sent
    if filename == f"{game}.js":
        return redirect(url_for("pages.static", filename=f"js/{game}.js"))  # type: ignore[return-value]
    abort(404)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: installable from the start page, opening on it. The
    maskable icon keeps its sign inside the central 80 % a launcher may cut to."""
    from flask import current_app, url_for

    icon = url_for("pages.static", filename="icon.svg")
    maskable = url_for("pages.static", filename="icon-maskable.svg")
    body = {"name": "Tabletop Companion", "short_name": "Tabletop", "id": "/", "start_url": "/",
            "scope": "/", "display": "standalone", "background_color": "#f6f4ee",
            "theme_color": THEME, "lang": _lang(),
            "icons": [{"src": icon, "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
                      {"src": maskable, "sizes": "any", "type": "image/svg+xml",
                       "purpose": "maskable"}]}
    response: Response = current_app.response_class(
        current_app.json.dumps(body), mimetype="application/manifest+json")
    return response


@bp.get("/i18n/<lang>.json")
def messages(lang: str) -> Response:
    """All the words the pages show in one language: ``pages`` (the page code's words by
    key), ``messages`` (the engines' narrations, terms and rule sentences) and
    ``language`` (its code and name). A word the language lacks is the English one.

    Cached by version: the pages ask for ``?v=<version>`` (base.html), kept for a year;
    any other request revalidates by ETag (304 while the catalogue is the same)."""
    if lang not in i18n.languages():
        abort(404)
    from flask import current_app

    _, bodies, tags, _ = _build()
    response: Response = current_app.response_class(bodies[lang], mimetype="application/json")
    response.set_etag(tags[lang])
    if request.args.get("v") == _version():
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response.headers["Cache-Control"] = "public, no-cache"
    response.make_conditional(request)  # 304 in place when the ETag matches
    return response


def _pages(lang: str) -> dict[str, Any]:
    """The page words of ``lang``, English where it has none of its own."""
    pages: dict[str, Any] = {**i18n.load(i18n.SOURCE)["pages"], **i18n.load(lang)["pages"]}
    return pages


def _messages(lang: str) -> dict[str, Any]:
    """The engines' words in ``lang`` (English where it has none)."""
    return {key: template(key, lang) for key in catalogue_messages(SOURCE)}


_built: tuple[object, dict[str, bytes], dict[str, str], str] | None = None


def _version() -> str:
    """The catalogue's version: it changes whenever any language's words do."""
    return _build()[3]


def _build() -> tuple[object, dict[str, bytes], dict[str, str], str]:
    """Each language's /i18n body with its ETag, and the catalogue's version, built once
    per catalogue read (``i18n.load`` keeps the files read once; another catalogue folder
    is read anew, and built anew here)."""
    global _built
    source = i18n.load(i18n.SOURCE)
    if _built is None or _built[0] is not source:
        bodies = {lang: json.dumps({"language": i18n.load(lang)["language"],
                                    "pages": _pages(lang), "messages": _messages(lang)},
                                   ensure_ascii=False, sort_keys=True,
                                   separators=(",", ":")).encode()
                  for lang in i18n.languages()}
        digest = hashlib.sha256()
        for lang, body in sorted(bodies.items()):
            digest.update(lang.encode() + b"\0" + body)
        tags = {lang: hashlib.sha256(body).hexdigest()[:20] for lang, body in bodies.items()}
        _built = (source, bodies, tags, digest.hexdigest()[:12])
    return _built
