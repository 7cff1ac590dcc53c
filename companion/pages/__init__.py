"""The pages people touch: start a table, the table screen, join and play on a phone.

Plain HTML, CSS and JavaScript modules (no build step) that use only the public
HTTP API. Sentences for events come from the engines' message catalogue
(``/i18n/<lang>.json``), so the API and the pages speak with one voice.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, render_template, request

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


@bp.app_context_processor
def _languages() -> dict[str, Any]:
    """The languages a page offers: every file of the catalogue, by its own name."""
    from companion.i18n import load

    return {"languages": [(lang, load(lang)["language"]["name"]) for lang in languages()]}


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
    """Event narrations and rule sentences for the pages, in one language."""
    if lang not in languages():
        abort(404)
    body: dict[str, Any] = {key: template(key, lang) for key in catalogue_messages(SOURCE)}
    from flask import current_app

    response: Response = current_app.json.response(body)  # type: ignore[assignment]
    response.headers["Cache-Control"] = "public, max-age=300"
    return response

