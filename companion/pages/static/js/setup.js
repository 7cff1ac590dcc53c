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

export function gaiaSetup(players, onStart) {
  const count = players + 2;
  const objectives = Array.from({ length: count }, (_, i) => ({ kind: "pairs", a: TERRAINS[i % 6], b: TERRAINS[(i + 1) % 6] }));
  const display = { nature: ["plains", "forest", "sea"],
    life: [{ kind: "animals", symbol: "forest" }, { kind: "city", symbol: "star", needs: ["forest", "sea", "plains", "animals"] }] };
  const objBox = el("div");
  const drawObjectives = () => objBox.replaceChildren(...objectives.map((o, i) => el("div", { class: "row", "data-objective": i },
    el("span", {}, `#${i + 1}`),
    picker(["pairs", "all six"], o.kind === "pairs" ? "pairs" : "all six", (v) => { o.kind = v === "pairs" ? "pairs" : "rainbow"; drawObjectives(); }, "k-"),
    o.kind === "pairs" ? [picker(TERRAINS, o.a, (v) => { o.a = v; }), "×2 +", picker(TERRAINS, o.b, (v) => { o.b = v; }), "×2"] : el("span", { class: "hint" }, TERRAINS.join(" · ")))));
  drawObjectives();
  const natureBox = el("div", { class: "row" }, display.nature.map((c, i) => picker(TERRAINS, c, (v) => { display.nature[i] = v; })));
  const lifeBox = el("div", {}, display.life.map((c) => lifeCardEditor(c, () => {})));
  const button = el("button", { class: "primary big", id: "start-game" }, t("start"));
  button.onclick = () => onStart({ setup: {
    objectives: objectives.map((o) => (o.kind === "pairs" ? [o.a, o.a, o.b, o.b] : [...TERRAINS])),
    display } });
  return el("div", { class: "card", id: "setup" }, el("h2", {}, t("setup")),
    el("ol", {}, el("li", {}, t("deal")),
      el("li", {}, t("enterObjectives"), objBox),
      el("li", {}, t("enterDisplay"), natureBox, lifeBox)), button);
}
