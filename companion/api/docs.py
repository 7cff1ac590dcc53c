"""The interactive API docs (Swagger UI), served entirely by the app itself.

The docs share their origin with the pages, whose storage holds the tokens, so
no script may come from a CDN, and none may be inline (the Content-Security-Policy
allows ``script-src 'self'`` only). The Swagger UI files (5.x) come from the
``flask-swagger-ui`` package, which ships Swagger UI's own ``dist`` folder and follows
its releases; only those files are used (not its blueprint, whose page has an inline
script): the small initializer below replaces that inline one.
"""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Response, send_from_directory

#: Swagger UI's dist folder, as the package ships it
swagger_ui_path = Path(flask_swagger_ui.__file__).resolve().parent / "dist"

bp = Blueprint("docs", __name__, url_prefix="/api/v1/docs")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tabletop Companion API</title>
<link rel="icon" type="image/png" href="/api/v1/docs/ui/favicon-32x32.png">
<link rel="stylesheet" href="/api/v1/docs/ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/v1/docs/ui/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>
"""

INIT = """window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
});
"""

#: Only the files the page uses; nothing else of the package is reachable.
ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png")


@bp.get("")
@bp.get("/")
def page() -> Response:
    return Response(PAGE, mimetype="text/html")


@bp.get("/init.js")
def init_script() -> Response:
    return Response(INIT, mimetype="text/javascript")


@bp.get("/ui/<name>")
def asset(name: str) -> Response:
    if name not in ASSETS:
        return Response("not found", status=404, mimetype="text/plain")
    return send_from_directory(str(swagger_ui_path), name, max_age=86400)
