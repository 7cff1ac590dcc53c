// The start page's free inputs, for options that are not a pick among values: "text" (a
// name), "texts" (named rows, added and removed one by one) and "number" (a whole number;
// "no limit" too when the option's default is none). Each keeps chosen[name] current and
// says what is wrong beside the field, in the page's language; the bounds come from the
// option in GET /games (min, max, max_items, max_length).
import { el, t } from "./common.js";

// A bound of an option: on the option itself, or under its `limits`.
const bound = (option, key, fallback) => option[key] ?? option.limits?.[key] ?? fallback;

let uid = 0;

function noteFor(id) {
  return el("p", { class: "warnbox field-note", id, role: "alert", hidden: true });
}

// Shows (or clears, when text is null) the sentence about a field; true when it is fine.
function say(note, input, text) {
  note.hidden = !text;
  note.textContent = text || "";
  input.setAttribute("aria-invalid", text ? "true" : "false");
  return !text;
}

function textBox(option, chosen, label, ids) {
  const max = bound(option, "max_length", 40);
  const input = el("input", { type: "text", id: ids.input, name: `opt-${option.name}`, maxlength: max,
    value: chosen[option.name] || "", autocomplete: "off", "aria-describedby": `${ids.help} ${ids.note}` });
  input.addEventListener("input", () => { chosen[option.name] = input.value.trim(); });
  const note = noteFor(ids.note);
  const check = () => (say(note, input, input.value.trim().length > max ? t("start.long", { max }) : null) ? null : input);
  return { parts: [el("label", { class: "opt-label", for: ids.input }, label), input, note], check };
}

function rowsBox(option, chosen, label, ids) {
  const most = bound(option, "max_items", 12);
  const max = bound(option, "max_length", 24);
  const list = el("ol", { class: "rows", id: ids.input });
  const note = noteFor(ids.note);
  const count = el("span", { class: "hint rows-count", "aria-live": "polite" });
  const add = el("button", { type: "button", class: "add-row", "data-add": option.name }, `+ ${t("start.add")}`);
  const inputs = () => [...list.querySelectorAll("input")];
  const sync = () => {
    const all = inputs();
    chosen[option.name] = all.map((i) => i.value.trim()).filter(Boolean);
    all.forEach((i, n) => {
      i.setAttribute("aria-label", t("start.row", { n: n + 1 }));
      i.nextSibling.setAttribute("aria-label", t("start.remove", { name: i.value.trim() || t("start.row", { n: n + 1 }) }));
    });
    count.textContent = t("start.rows", { n: chosen[option.name].length, max: most });
    add.disabled = all.length >= most;
  };
  const addRow = (value = "", after = null) => {
    if (inputs().length >= most) { say(note, list, t("start.full", { max: most })); return null; }
    const input = el("input", { type: "text", maxlength: max, value, autocomplete: "off", enterkeyhint: "next" });
    const remove = el("button", { type: "button", class: "remove-row" }, "✕");
    const item = el("li", {}, input, remove);
    input.addEventListener("input", sync);
    // Enter opens the next row (a list is typed in one go); Backspace in an empty row removes it
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); if (input.value.trim()) addRow("", item)?.focus(); }
      if (e.key === "Backspace" && !input.value && inputs().length > 1) {
        e.preventDefault(); const before = item.previousSibling?.querySelector("input"); item.remove(); sync(); before?.focus();
      }
    });
    remove.addEventListener("click", () => {
      const next = item.nextSibling?.querySelector("input") || item.previousSibling?.querySelector("input");
      item.remove(); sync(); (next || add).focus();
    });
    if (after) after.after(item); else list.append(item);
    sync();
    return input;
  };
  add.addEventListener("click", () => addRow()?.focus());
  for (const value of chosen[option.name] || []) addRow(value);
  if (!inputs().length) addRow();  // one empty row to type into: a row left empty counts for nothing
  const check = () => {
    const seen = new Map();
    for (const input of inputs()) {
      const key = input.value.trim().toLowerCase();
      if (key && seen.has(key)) return say(note, list, t("start.twice", { name: input.value.trim() })) ? null : input;
      seen.set(key, input);
    }
    say(note, list, null);
    return null;
  };
  return { parts: [el("p", { class: "opt-label", id: `${ids.input}-label` }, label), list, el("div", { class: "row" }, add, count), note],
    check, legend: true };
}

function numberBox(option, chosen, label, ids) {
  const low = bound(option, "min", 0);
  const high = bound(option, "max", 999);
  const none = option.default === null;
  const name = option.name;
  const input = el("input", { type: "number", id: ids.input, inputmode: "numeric", min: low, max: high, step: 1,
    value: chosen[name] ?? "", "aria-describedby": `${ids.help} ${ids.note}` });
  const note = noteFor(ids.note);
  const open = none ? el("input", { type: "radio", name: `opt-${name}`, value: "none", checked: chosen[name] == null }) : null;
  const fixed = none ? el("input", { type: "radio", name: `opt-${name}`, value: "fixed", checked: chosen[name] != null }) : null;
  const read = () => {
    if (open && open.checked) chosen[name] = null;
    else chosen[name] = input.value === "" ? (none ? null : Number.NaN) : Number(input.value);
  };
  const step = (by) => {
    const now = Number(input.value || (by > 0 ? low - 1 : low + 1));
    input.value = String(Math.min(high, Math.max(low, Math.trunc(now) + by)));
    if (fixed) fixed.checked = true;
    read(); say(note, input, null);
  };
  input.addEventListener("input", () => { if (fixed && input.value !== "") fixed.checked = true; read(); });
  for (const radio of [open, fixed].filter(Boolean)) {
    radio.addEventListener("change", () => { read(); if (radio === fixed && input.value === "") input.focus(); });
  }
  const less = el("button", { type: "button", class: "step", "aria-label": t("start.less") }, "−");
  const more = el("button", { type: "button", class: "step", "aria-label": t("start.more") }, "+");
  less.addEventListener("click", () => step(-1));
  more.addEventListener("click", () => step(1));
  const stepper = el("span", { class: "stepper" }, less, input, more);
  const choices = none ? el("div", { class: "values number" }, el("label", {}, open, t("start.open")),
    el("label", { class: "fixed" }, fixed, el("span", {}, t("start.fixed")), stepper)) : stepper;
  const check = () => {
    read();
    const value = chosen[name];
    const fine = value === null || (Number.isInteger(value) && value >= low && value <= high);
    return say(note, input, fine ? null : t("start.range", { min: low, max: high })) ? null : input;
  };
  const labelNode = none ? el("p", { class: "opt-label", id: `${ids.input}-label` }, label)
    : el("label", { class: "opt-label", for: ids.input }, label);
  return { parts: [labelNode, choices, note], check, legend: none };
}

const BOXES = { text: textBox, texts: rowsBox, number: numberBox };

// The box of one free option; its check() gives the first field that is wrong, or null.
export function inputBox(option, chosen, label, help) {
  const n = ++uid;
  const ids = { input: `opt-${option.name}-${n}`, help: `help-${option.name}`, note: `note-${option.name}-${n}` };
  const box = BOXES[option.type](option, chosen, label, ids);
  const node = el(box.legend ? "fieldset" : "div", { class: `option free ${option.type}`, "data-option": option.name,
    "aria-labelledby": box.legend ? `${ids.input}-label` : null }, ...box.parts, el("p", { class: "hint", id: ids.help }, help));
  node.check = box.check;
  return node;
}

// The first field of the options that is wrong (each says why beside it), or null.
export function problems(container) {
  let first = null;
  for (const node of container.querySelectorAll("[data-option]")) {
    const wrong = node.check ? node.check() : null;
    first ||= wrong;
  }
  return first;
}
