// "Have a code? Join a table": a box to type a table's code, used on the start page
// and on the wrong-code page. The code is checked before leaving the page, so a typo
// gets a sentence right under the box instead of another error page.
import { api, el, t } from "./common.js";

let boxes = 0;

// The box brings its own style sheet, so any page that shows it looks the same.
function styleOnce() {
  if (document.querySelector("link[data-codebox-css]")) return;
  const href = new URL("../codebox.css", import.meta.url).href;
  document.head.append(el("link", { rel: "stylesheet", href, "data-codebox-css": "" }));
}

// People type what they hear or read: spaces, dashes and lower case are fine.
export function normalizeCode(raw) {
  return raw.trim().toUpperCase().replace(/[\s-]/g, "").replace(/[^A-Z0-9]/g, "").slice(0, 16);
}

// A form element; {title: false} leaves out the heading (when the page has its own).
export function codeBox({ title = true, value = "" } = {}) {
  styleOnce();
  const id = `code-${++boxes}`;
  const note = el("p", { class: "codebox-note", id: `${id}-note`, role: "status", "aria-live": "polite" });
  const input = el("input", { id, name: "code", value, autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: 16, enterkeyhint: "go", "aria-describedby": `${id}-note`,
    placeholder: "ABC123" });
  const button = el("button", { class: "primary", type: "submit" }, t("codebox.go"));
  const form = el("form", { class: "codebox", "data-codebox": "" },
    title ? el("h2", {}, t("codebox.title")) : null,
    el("label", { for: id }, t("codebox.label")),
    el("div", { class: "codebox-row" }, input, button),
    el("p", { class: "hint" }, t("codebox.hint")), note);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const code = normalizeCode(input.value);
    if (!code) { note.textContent = t("codebox.empty"); input.focus(); return; }
    button.disabled = true;
    const r = await api("GET", `/join/${encodeURIComponent(code)}`);
    button.disabled = false;
    if (r.status === 404) { note.textContent = t("codebox.unknown", { code }); input.select(); return; }
    if (r.status === 0) { note.textContent = t("codebox.offline"); return; }
    location.assign(`/j/${code}`); // open or started, the join page says what comes next
  });
  return form;
}
