"""Pages served to people (the phone join page; the full pages come with issue 5)."""

from __future__ import annotations

from html import escape

from flask import Blueprint, Response, redirect

bp = Blueprint("pages", __name__)

JOIN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Join table {code}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}}
input,select,button{{font-size:1.2rem;padding:.5rem;width:100%;margin:.3rem 0}}
#out{{margin-top:1rem}}</style></head>
<body><h1>Table <span id="code">{code}</span></h1>
<form id="f"><label>Your name <input name="name" maxlength="24" required></label>
<label>Colour <select name="color" id="colors"></select></label>
<button>Join</button></form><p id="out" role="status"></p>
<script type="module">
const code = {code_json};
const out = document.getElementById("out");
const saved = localStorage.getItem("companion:" + code);
if (saved) out.textContent = "You already sit at this table (seat " + JSON.parse(saved).seat + ").";
const info = await fetch(`/api/v1/join/${{code}}`).then(r => r.json());
for (const c of info.colors || []) {{
  const o = document.createElement("option"); o.value = o.textContent = c;
  document.getElementById("colors").append(o);
}}
document.getElementById("f").addEventListener("submit", async (e) => {{
  e.preventDefault();
  const body = Object.fromEntries(new FormData(e.target));
  const r = await fetch(`/api/v1/join/${{code}}`, {{method: "POST",
    headers: {{"Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID()}},
    body: JSON.stringify(body)}});
  const data = await r.json();
  if (!r.ok) {{ out.textContent = data.detail; return; }}
  localStorage.setItem("companion:" + code, JSON.stringify(data));
  out.textContent = "Welcome! You are seat " + data.seat + ". Keep this page open.";
}});
</script></body></html>"""


@bp.get("/")
def index() -> Response:
    return redirect("/api/v1/docs")  # type: ignore[return-value]


@bp.get("/j/<code>")
def join(code: str) -> Response:
    import json

    clean = escape(code.upper()[:16])
    page = JOIN_PAGE.format(code=clean, code_json=json.dumps(code.upper()[:16]))
    return Response(page, mimetype="text/html")
