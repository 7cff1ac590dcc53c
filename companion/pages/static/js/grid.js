// Icon grids: every value a move needs is one tap on a large button that stays in view
// (no native picker, which costs two taps and hides the choices). Shared by the phone's
// sheets, the hand editor and the host's setup.
//   grid(label, values, {name, labels, icon, unknown, onChange}) -> {node, value(), set(v)}
//   slots(label, values, count, {name, labels, icon, slotLabel}) -> {node, value(), set(list)}
// value() is null until the person picks (nothing is guessed); "unknown" for "I don't know".
// Each change fires a bubbling "change" event on the node, as a form field would.
import { el, t } from "./common.js";

const changed = (node) => node.dispatchEvent(new Event("change", { bubbles: true }));

function face(value, label, icon) {
  const pic = icon ? icon(value) : null;
  return [pic, el("span", { class: "grid-word" }, label)];
}

export function grid(label, values, { name = "", labels = (v) => v, icon = null, unknown = false, onChange } = {}) {
  let chosen = null;
  const all = unknown ? [...values, "unknown"] : values;
  const word = (v) => (v === "unknown" ? t("ui.unknown") : labels(v));
  const buttons = all.map((v) => el("button", { type: "button", class: `gridbtn ${v === "unknown" ? "unknown" : ""}`,
    "data-value": v, "aria-pressed": "false", "aria-label": word(v) }, face(v, word(v), v === "unknown" ? null : icon)));
  const box = el("div", { class: "grid", role: "group", "aria-label": label }, buttons);
  const node = el("div", { class: "pick gridpick", "data-field": name || null }, el("span", { class: "grid-label" }, label), box);
  const set = (v, quiet = false) => {
    chosen = all.includes(v) ? v : null;
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.value === chosen));
    node.dataset.value = chosen ?? "";
    node.classList.remove("missing");
    if (quiet) return;
    if (onChange) onChange(chosen);
    changed(node);
  };
  buttons.forEach((b) => b.addEventListener("click", () => set(b.dataset.value)));
  return { node, value: () => chosen, set: (v) => set(v), focus: () => buttons[0] && buttons[0].focus() };
}

// A fixed number of slots (a city card's 4 needs) filled in tap order from one palette;
// a filled slot tapped again empties, and the next tap fills it again.
export function slots(label, values, count, { name = "", labels = (v) => v, icon = null, slotLabel = (n) => `${n}` } = {}) {
  const filled = Array(count).fill(null);
  const slotButtons = filled.map((_, i) => el("button", { type: "button", class: "slot", "data-slot": i }));
  const node = el("div", { class: "pick slotpick", "data-field": name || null },
    el("span", { class: "grid-label" }, label),
    el("div", { class: "slots", role: "group", "aria-label": label }, slotButtons),
    el("div", { class: "grid", role: "group", "aria-label": label }, values.map((v) => {
      const b = el("button", { type: "button", class: "gridbtn", "data-value": v, "aria-label": labels(v) }, face(v, labels(v), icon));
      b.addEventListener("click", () => { const i = filled.indexOf(null); if (i >= 0) { filled[i] = v; show(); } });
      return b;
    })));
  function show() {
    slotButtons.forEach((b, i) => {
      const v = filled[i];
      b.replaceChildren(...(v == null ? [el("span", { class: "grid-word" }, String(i + 1))] : face(v, labels(v), icon)));
      b.classList.toggle("filled", v != null);
      b.dataset.value = v ?? "";
      b.setAttribute("aria-label", `${slotLabel(i + 1)}: ${v == null ? t("ui.empty") : labels(v)}`);
    });
    node.dataset.value = filled.includes(null) ? "" : filled.join(",");
    node.classList.remove("missing");
    changed(node);
  }
  slotButtons.forEach((b, i) => b.addEventListener("click", () => { if (filled[i] != null) { filled[i] = null; show(); } }));
  show();
  return { node, value: () => (filled.includes(null) ? null : [...filled]),
    set: (list) => { (list || []).slice(0, count).forEach((v, i) => { filled[i] = values.includes(v) ? v : null; }); show(); } };
}

// The cards the table has already seen (the server's `known`, the host's box), offered
// before the grids: one tap names the whole card. ``onPick(card)`` fills the grids below
// from it (they stay changeable); the tapped face stays marked until a grid changes.
//   knownRow(label, cards, {text, short, icon, name, onPick}) -> {node, clear()} (node null
//   when none); text(card): the card in words (screen readers, tooltip), short(card): the
//   word under its face (text by default)
export function knownRow(label, cards, { text, short = null, icon = null, name = "known", onPick } = {}) {
  if (!cards || !cards.length) return { node: null, clear: () => {} };
  const buttons = cards.map((card, i) => {
    const b = el("button", { type: "button", class: "gridbtn knownbtn", "data-known": i, "data-card": JSON.stringify(card),
      "aria-pressed": "false", "aria-label": text(card), title: text(card) }, icon ? icon(card) : null,
    el("span", { class: "grid-word" }, (short || text)(card)));
    b.addEventListener("click", () => {
      onPick(card);
      for (const other of buttons) other.setAttribute("aria-pressed", String(other === b));
    });
    return b;
  });
  const node = el("div", { class: "pick knownpick", "data-field": name },
    el("span", { class: "grid-label" }, label), el("div", { class: "grid known-grid", role: "group", "aria-label": label }, buttons));
  return { node, clear: () => buttons.forEach((b) => b.setAttribute("aria-pressed", "false")) };
}
