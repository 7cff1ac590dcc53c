// The host's setup checklist for Gaia: objectives and face-up cards, step by step.
import { el, t } from "./common.js";

export const TERRAINS = ["plains", "desert", "forest", "sea", "swamp", "mountain"];
export const SYMBOLS = [...TERRAINS, "star"];
export const NEEDS = [...TERRAINS, "animals"];

export function picker(values, value, onChange, cls = "t-") {
  const select = el("select", {}, values.map((v) => el("option", { value: v, selected: v === value }, v)));
  select.className = `${cls}${value}`;
  select.onchange = () => { select.className = `${cls}${select.value}`; onChange(select.value); };
  return select;
}

export function lifeCardEditor(card, onChange) {
  const box = el("div", { class: "row" });
  const draw = () => {
    box.replaceChildren(
      picker(["city", "animals"], card.kind, (v) => { card.kind = v; if (v === "city" && !card.needs) card.needs = ["forest", "sea", "plains", "animals"]; draw(); onChange(card); }, "k-"),
      picker(SYMBOLS, card.symbol, (v) => { card.symbol = v; onChange(card); }),
      card.kind === "city" ? card.needs.map((n, i) => picker(NEEDS, n, (v) => { card.needs[i] = v; onChange(card); })) : []);
  };
  draw();
  return box;
}

export const POWERS = ["sun", "rain", "earthquake", "tornado", "defense", "volcano", "lightning"];

export function gaiaSetup(players, onStart, expert = false) {
  const count = players + 2;
  const objectives = Array.from({ length: count }, (_, i) => ({ kind: "pairs", a: TERRAINS[i % 6], b: TERRAINS[(i + 1) % 6] }));
  const display = { nature: ["plains", "forest", "sea"],
    life: [{ kind: "animals", symbol: "forest" }, { kind: "city", symbol: "star", needs: ["forest", "sea", "plains", "animals"] }] };
  if (expert) display.power = ["sun", "defense"];
  const objBox = el("div");
  const drawObjectives = () => objBox.replaceChildren(...objectives.map((o, i) => el("div", { class: "row", "data-objective": i },
    el("span", {}, `#${i + 1}`),
    picker(expert ? ["pairs", "all six", "power ×4"] : ["pairs", "all six"],
      { pairs: "pairs", rainbow: "all six", power: "power ×4" }[o.kind],
      (v) => { o.kind = { pairs: "pairs", "all six": "rainbow", "power ×4": "power" }[v]; drawObjectives(); }, "k-"),
    o.kind === "pairs" ? [picker(TERRAINS, o.a, (v) => { o.a = v; }), "×2 +", picker(TERRAINS, o.b, (v) => { o.b = v; }), "×2"]
      : el("span", { class: "hint" }, o.kind === "power" ? "4 power cards played" : TERRAINS.join(" · ")))));
  drawObjectives();
  const natureBox = el("div", { class: "row" }, display.nature.map((c, i) => picker(TERRAINS, c, (v) => { display.nature[i] = v; })));
  const lifeBox = el("div", {}, display.life.map((c) => lifeCardEditor(c, () => {})));
  const powerBox = expert ? el("div", { class: "row" }, display.power.map((c, i) => picker(POWERS, c, (v) => { display.power[i] = v; }, "p-"))) : null;
  const button = el("button", { class: "primary big", id: "start-game" }, t("start"));
  button.onclick = () => onStart({ setup: {
    objectives: objectives.map((o) => (o.kind === "pairs" ? [o.a, o.a, o.b, o.b] : o.kind === "power" ? "power" : [...TERRAINS])),
    display } });
  return el("div", { class: "card", id: "setup" }, el("h2", {}, t("setup")),
    el("ol", {}, el("li", {}, t("deal")),
      el("li", {}, t("enterObjectives"), objBox),
      el("li", {}, t("enterDisplay"), natureBox, lifeBox, powerBox)), button);
}
