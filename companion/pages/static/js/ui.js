// Phone building blocks shared by the play view and the game modules: bottom sheets
// and pickers that never pre-fill a guess.
import { el, t } from "./common.js";
import { grid } from "./grid.js";

// A labelled picker: an icon grid (grid.js), nothing picked at first; with
// {unknown: true} "I don't know" is one of the choices. value() is null until picked,
// "unknown" for that choice.
export function choice(label, values, opts = {}) {
  return grid(label, values, opts);
}

// A bottom sheet; onOk returning false keeps it open. Focus moves into it; Escape cancels.
export function sheet(title, content, onOk, { okLabel } = {}) {
  document.querySelectorAll(".modal").forEach((m) => m.remove());
  const box = el("div", { class: "modal", role: "dialog", "aria-modal": "true", "aria-label": title });
  const note = el("p", { class: "warnbox", role: "alert", hidden: true });
  const close = () => box.remove();
  const ok = el("button", { class: "primary", id: "modal-ok", type: "button" }, okLabel || t("ui.ok"));
  ok.addEventListener("click", async () => {
    ok.disabled = true;
    const result = await onOk();
    ok.disabled = false;
    if (result === false) return;
    if (typeof result === "string") { note.textContent = result; note.hidden = false; return; }
    close();
  });
  const cancel = el("button", { type: "button", id: "modal-cancel" }, t("ui.cancel"));
  cancel.addEventListener("click", close);
  box.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
  box.addEventListener("change", () => { note.hidden = true; });
  box.append(el("div", { class: "sheet" }, el("h2", {}, title), content, note, el("div", { class: "row sheet-foot" }, ok, cancel)));
  document.body.append(box);
  const first = box.querySelector("select, input, button");
  if (first) first.focus();
  return close;
}
