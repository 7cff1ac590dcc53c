"""The pages and the API docs work under the Content-Security-Policy:
a blocked script, style or connection shows as a console error or a
``securitypolicyviolation`` event, and the page would not come alive."""

from __future__ import annotations

import re

from .test_tables import PHONE, open_table

WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__violations = window.__violations || []).push(e.violatedDirective + " " + e.blockedURI);
});"""


def watched(context):
    """A page whose console errors, script errors and CSP violations are collected."""
    context.add_init_script(WATCH)
    page = context.new_page()
    page.problems = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    return page


def violations(page) -> list[str]:
    return page.evaluate("window.__violations || []") + page.problems


def test_the_pages_run_under_the_policy(browser, live, shot):
    table, code = open_table(browser, live, "gaia")
    assert table.evaluate("document.querySelector('#join-code') !== null")
    phone = watched(browser.new_context(**PHONE))
    phone.goto(f"{live.url}/j/{code}")
    phone.fill("input[name=name]", "Ada")
    phone.click("#join button.primary")
    phone.wait_for_selector("#waiting")  # the module scripts ran, the API answered
    start = watched(browser.new_context(**PHONE))
    start.goto(f"{live.url}/")
    start.wait_for_selector("#start button.primary")
    rules = watched(browser.new_context(**PHONE))
    rules.goto(f"{live.url}/rules/gaia")
    rules.wait_for_load_state("networkidle")
    for page in (phone, start, rules):
        assert violations(page) == [], page.url
        csp = page.evaluate("fetch(location.href).then(r => r.headers.get("
                            "'content-security-policy'))")
        assert "script-src 'self'" in csp
    shot(phone, "joined-under-csp")


def test_an_inline_script_would_be_blocked(browser, live):
    """The policy is really enforced: a script injected into the page does not run."""
    page = watched(browser.new_context(**PHONE))
    page.goto(f"{live.url}/")
    page.evaluate("""() => { const s = document.createElement("script");
        s.textContent = "window.__ran = true"; document.body.append(s); }""")
    page.wait_for_timeout(200)
    assert page.evaluate("window.__ran === true") is False
    assert any("script-src" in v for v in violations(page))


def test_the_api_docs_render_from_the_app_itself(browser, live, shot):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watched(context)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{live.url}/api/v1/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Tabletop Companion" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock-tag-section")
    assert violations(page) == []
    assert requested and all(url.startswith(live.url) or url.startswith("data:")
                             for url in requested), requested
    assert any(re.search(r"/api/v1/docs/ui/swagger-ui-bundle\.js$", u) for u in requested)
    shot(page, "api-docs")
