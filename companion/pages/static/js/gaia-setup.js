// The host's setup checklist for Gaia: deal, then enter the objectives and the face-up
// cards revealed on the real table, on icon grids. Every grid starts empty: the host picks each value
// (nothing is guessed), and Start is refused, with a sentence, until all are picked.
// The values offered come from the game's own lists (GET /games → words).
import { el, t, term } from "./common.js";
import { grid, knownRow, slots } from "./grid.js";
import { icon, hasIcon } from "./icons.js";

const pic = (v) => (hasIcon("gaia", v) ? icon("gaia", v, { decorative: true, size: 26 }) : null);

// An icon grid, nothing picked at first; value() is null until the host picks.
export function picker(label, values, { labels = (v) => term("gaia", v), onChange, name } = {}) {
  return grid(label, values, { labels, onChange, name, icon: pic });
}

function objectiveRow(i, expert, words) {
  const terrains = words.terrains;
  const kinds = words.objective_kinds.filter((k) => expert || k !== "power");
  const detail = el("div", { class: "row" });
  const row = { a: null, b: null };
  const kind = picker(t("setup.kind"), kinds, { name: "kind", onChange: (v) => {
    row.a = v === "pairs" ? picker(t("setup.first"), terrains, { name: "a" }) : null;
    row.b = v === "pairs" ? picker(t("setup.second"), terrains, { name: "b" }) : null;
    detail.replaceChildren(...(v === "pairs" ? [row.a.node, row.b.node]
      : [el("span", { class: "hint" }, t(v === "power" ? "setup.powerGoal" : "setup.rainbow"))]));
  } });
  row.kind = kind;
  row.node = el("fieldset", { class: "tb-objective", "data-objective": i },
    el("legend", {}, t("setup.objective", { n: i + 1 })), kind.node, detail);
  row.pickers = () => [kind, row.a, row.b].filter(Boolean);
  row.value = () => {
    const k = kind.value();
    if (k === "pairs") return [row.a.value(), row.a.value(), row.b.value(), row.b.value()];
    return k === "power" ? "power" : [...terrains];  // "rainbow": one of each terrain
  };
  return row;
}

// A box card as its face: the symbol, then its 4 needs.
const boxFace = (card) => el("span", { class: "known-face", "aria-hidden": "true" }, pic(card.symbol),
  el("span", { class: "known-needs" }, card.needs.map((n) => (hasIcon("gaia", n) ? icon("gaia", n, { decorative: true, size: 16 }) : null))));
const boxText = (card) => t("gc.cityCard", { symbol: term("gaia", card.symbol), needs: card.needs.map((n) => term("gaia", n)).join(", ") });

function lifeRow(i, words, box) {
  const needs = el("div", { class: "needs" });
  const row = { needPickers: [] };
  row.kind = picker(t("setup.kind"), words.life_kinds, { name: "life-kind", labels: (k) => t(`gc.${k}`), onChange: (v) => {
    row.needPickers = v === "city" ? [slots(t("gc.needs"), words.needs, 4, { name: "needs", labels: (w) => term("gaia", w),
      icon: pic, slotLabel: (n) => t("setup.need", { n }) })] : [];
    needs.replaceChildren(...row.needPickers.map((p) => p.node));
  } });
  row.symbol = picker(t("setup.symbol"), words.symbols, { name: "symbol" });
  // the box's city cards first (seen at this host's earlier tables): one tap each
  const quick = knownRow(t("ui.known"), box, { name: "life-known", icon: boxFace, text: boxText, short: (card) => term("gaia", card.symbol), onPick: (card) => {
    row.kind.set("city"); row.symbol.set(card.symbol); row.needPickers[0].set(card.needs);
  } });
  row.node = el("fieldset", { class: "tb-life", "data-life": i },
    el("legend", {}, t("setup.life", { n: i + 1 })), quick.node, row.kind.node, row.symbol.node, needs);
  row.pickers = () => [row.kind, row.symbol, ...row.needPickers];
  row.value = () => (row.kind.value() === "city"
    ? { kind: "city", symbol: row.symbol.value(), needs: row.needPickers[0].value() }
    : { kind: "animals", symbol: row.symbol.value() });
  return row;
}

// What Start still lacks, by name ("Objective 3, Life card 2"), not only how many.
function missingText(empty) {
  const names = [...new Set(empty.map((p) => {
    const box = p.node.closest("fieldset");
    const legend = box && box.querySelector(":scope > legend");
    return (legend || p.node.querySelector(".grid-label")).textContent.trim();
  }))];
  return `${t("setup.missing", { n: empty.length })} ${t("setup.missingWhich", { which: names.join(", ") })}`;
}

// players: how many; onStart(body) posts the start; options: the session's options;
// words: the game's lists from GET /games (terrains, symbols, needs, life_kinds, ...).
export function gaiaSetup(players, onStart, options, words) {
  const expert = options.variant === "expert";
  const powers = words.power_cards.filter((p) => (options.power_deck || {})[p] > 0);
  const objectives = Array.from({ length: players + 2 }, (_, i) => objectiveRow(i, expert, words));
  const nature = [0, 1, 2].map((i) => picker(t("setup.nature", { n: i + 1 }), words.terrains, { name: "nature" }));
  const box = (options.box || []).filter((c) => c && c.kind === "city" && Array.isArray(c.needs));
  const life = [0, 1].map((i) => lifeRow(i, words, box));
  const power = expert ? [0, 1].map((i) => picker(t("setup.power", { n: i + 1 }), powers, { name: "power" })) : [];
  const note = el("p", { class: "warnbox", role: "alert", hidden: true, id: "setup-note" });
  const button = el("button", { class: "primary big", id: "start-game", type: "button" }, t("setup.start"));
  const all = () => [...objectives.flatMap((o) => o.pickers()), ...nature, ...life.flatMap((l) => l.pickers()), ...power];
  const complain = (text, at) => { note.textContent = text; note.hidden = false; if (at) at.scrollIntoView({ block: "center" }); };
  button.addEventListener("click", () => {
    const empty = all().filter((p) => !p.value());
    empty.forEach((p) => p.node.classList.add("missing"));
    if (empty.length) return complain(missingText(empty), empty[0].node);
    const same = objectives.findIndex((o) => o.kind.value() === "pairs" && o.a.value() === o.b.value());
    if (same >= 0) return complain(t("setup.same", { n: same + 1 }), objectives[same].b.node);
    note.hidden = true;
    const display = { nature: nature.map((p) => p.value()), life: life.map((l) => l.value()) };
    if (expert) display.power = power.map((p) => p.value());
    return onStart({ setup: { objectives: objectives.map((o) => o.value()), display } });
  });
  const section = el("section", { class: "card tb-setup", id: "setup" }, el("h2", {}, t("setup.title")),
    el("ol", {},
      el("li", {}, t("setup.deal")),
      el("li", {}, t("setup.objectives", { n: players + 2 }), objectives.map((o) => o.node)),
      el("li", {}, t("setup.display"), el("div", { class: "row", id: "setup-nature" }, nature.map((p) => p.node)),
        life.map((l) => l.node), expert ? el("div", { class: "row", id: "setup-power" }, power.map((p) => p.node)) : null)),
    note, button);
  // the note follows the picks: it says how many are left, and goes once none is
  section.addEventListener("change", () => {
    if (note.hidden) return;
    const left = all().filter((p) => !p.value());
    if (left.length) note.textContent = missingText(left); else note.hidden = true;
  });
  return section;
}
