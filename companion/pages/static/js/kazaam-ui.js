// Kazaam's building blocks on the phone: the words, the homunculus boards, tile entry
// (homunculus, part and each ingredient picked by the person, never guessed) and the
// ingredient counters. kazaam.js puts them together on play.js's interface.
import { addStrings, el, message, t, tn, COLORS } from "./common.js";

export const LAYOUT = ["left_ear", "head", "right_ear", "left_arm", "torso", "right_arm", "left_leg", "tail", "right_leg"];
// What each part's power does (K5), as catalogue words.
export const POWER_OF = { ear: "look", arm: "take", tail: "turn_down", leg: "from_discard", torso: "three_ingredients", head: "cancel" };
const COST_MIN = 2; const COST_MAX = 5; const SAME_MAX = 2;

// Page sheets only load this once; its rules sit in kazaam.css (no inline styles needed).
if (!document.querySelector("link[data-kazaam]")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("../kazaam.css", import.meta.url).href, "data-kazaam": "1" }));
}

addStrings({
  en: { "kz.g.draw": "Draw", "kz.g.build": "Build", "kz.g.discard": "Discard", "kz.g.power": "Use a power",
    "kz.g.refresh": "Refresh", "kz.drawTile": "Draw a tile from the pile", "kz.fromHand": "A tile from your hand (name it)",
    "kz.refreshAll": "Turn your face-down parts face up",
    "kz.prompt.mine": "Draw, build, discard, use a power or refresh.", "kz.prompt.done": "No actions left: end your turn.",
    "kz.prompt.react": "{by} aims a tail at your {slot}. Cancel it with your head?",
    "kz.prompt.waitReact": "{who} may answer the tail with the head.",
    "kz.react.cancel": "Cancel it: my head turns face down", "kz.react.accept": "Let the tail act",
    "kz.tile.homunculus": "Homunculus", "kz.tile.part": "Part",
    "kz.tile.cost": "Ingredients on the tile: 2 to 5, at most 2 alike", "kz.tile.count": "{n} chosen",
    "kz.tile.pickAll": "Pick the homunculus, the part and 2 to 5 ingredients.",
    "kz.tile.title.build": "Build: which tile?", "kz.tile.title.discard": "Discard: which tile?",
    "kz.tile.title.declare": "Name a tile you hold (only you see it)",
    "kz.less": "One {what} less", "kz.more": "One {what} more",
    "kz.placeOn": "Where the {tile} goes", "kz.which": "Whose?", "kz.pickOne": "Pick one first.",
    "kz.arm.title": "Which tile did you take?", "kz.arm.hint": "You see it now: name it, so the table's count stays right.",
    "kz.arm.skip": "Don't name it", "kz.leg.title": "Which tile from the discard pile?",
    "kz.torso.pick": "Pick exactly 3 ingredients.",
    "kz.tail.pick": "The part your tail hits",
    "kz.built": "{n} of 9 built", "kz.reset": "A tile was taken from your hand without being named, so your names were reset: name your tiles again.", "kz.board.mine": "Your homunculus", "kz.free": "free", "kz.down": "face down",
    "kz.pool": "Your ingredients", "kz.none": "none", "kz.own": "own ingredient", "kz.proto": "prototype",
    "kz.hand": "Your hand", "kz.unnamed.one": "1 tile not named", "kz.unnamed.other": "{n} tiles not named",
    "kz.handEmpty": "No tiles in hand.", "kz.declare": "Name a tile", "kz.forget": "Forget the names",
    "kz.fix": "Correct {tile}", "kz.fixTitle": "The tile you really hold (only you see it)", "kz.held": "seen by all",
    "kz.inHand.one": "1 tile in hand", "kz.inHand.other": "{n} tiles in hand",
    "kz.points.one": "1 point", "kz.points.other": "{n} points",
    "kz.piles": "Piles", "kz.pileLeft.one": "Pile: 1 tile", "kz.pileLeft.other": "Pile: {n} tiles",
    "kz.discards": "Discard pile", "kz.revealed": "{who}'s hand, as you saw it",
    "kz.end.immediate": "The game ends as soon as a homunculus is complete.",
    "kz.end.finish_round": "When a homunculus is complete, the round is played to its end.",
    "kz.finalRound": "Final round: everyone gets the same number of turns.", "kz.slot": "{slot} of {who}" },
  it: { "kz.g.draw": "Pesca", "kz.g.build": "Costruisci", "kz.g.discard": "Scarta", "kz.g.power": "Usa un potere",
    "kz.g.refresh": "Rinnova", "kz.drawTile": "Pesca una tessera dal mucchio", "kz.fromHand": "Una tessera dalla mano (dichiarala)",
    "kz.refreshAll": "Scopri i tuoi pezzi coperti",
    "kz.prompt.mine": "Pesca, costruisci, scarta, usa un potere o rinnova.", "kz.prompt.done": "Azioni finite: termina il turno.",
    "kz.prompt.react": "{by} punta una coda sul tuo pezzo {slot}. La annulli con la testa?",
    "kz.prompt.waitReact": "{who} può rispondere alla coda con la testa.",
    "kz.react.cancel": "Annullala: la mia testa si copre", "kz.react.accept": "Lascia agire la coda",
    "kz.tile.homunculus": "Homunculus", "kz.tile.part": "Pezzo",
    "kz.tile.cost": "Ingredienti sulla tessera: da 2 a 5, al massimo 2 uguali", "kz.tile.count": "scelti: {n}",
    "kz.tile.pickAll": "Scegli l'homunculus, il pezzo e da 2 a 5 ingredienti.",
    "kz.tile.title.build": "Costruisci: quale tessera?", "kz.tile.title.discard": "Scarta: quale tessera?",
    "kz.tile.title.declare": "Dichiara una tessera che hai (la vedi solo tu)",
    "kz.less": "{what}: uno in meno", "kz.more": "{what}: uno in più",
    "kz.placeOn": "Dove va {tile}", "kz.which": "Di chi?", "kz.pickOne": "Scegli prima.",
    "kz.arm.title": "Quale tessera hai preso?", "kz.arm.hint": "Ora la vedi: dichiarala, così il conteggio del tavolo resta giusto.",
    "kz.arm.skip": "Non dichiararla", "kz.leg.title": "Quale tessera dagli scarti?",
    "kz.torso.pick": "Scegli esattamente 3 ingredienti.",
    "kz.tail.pick": "Il pezzo che la tua coda colpisce",
    "kz.built": "{n} su 9 costruiti", "kz.reset": "Ti hanno preso una tessera senza dichiararla, quindi le tue dichiarazioni sono azzerate: dichiara di nuovo le tue tessere.", "kz.board.mine": "Il tuo homunculus", "kz.free": "libero", "kz.down": "coperto",
    "kz.pool": "I tuoi ingredienti", "kz.none": "nessuno", "kz.own": "ingrediente tuo", "kz.proto": "prototipo",
    "kz.hand": "La tua mano", "kz.unnamed.one": "1 tessera non dichiarata", "kz.unnamed.other": "{n} tessere non dichiarate",
    "kz.handEmpty": "Nessuna tessera in mano.", "kz.declare": "Dichiara una tessera", "kz.forget": "Dimentica le dichiarazioni",
    "kz.fix": "Correggi {tile}", "kz.fixTitle": "La tessera che hai davvero (la vedi solo tu)", "kz.held": "vista da tutti",
    "kz.inHand.one": "1 tessera in mano", "kz.inHand.other": "{n} tessere in mano",
    "kz.points.one": "1 punto", "kz.points.other": "{n} punti",
    "kz.piles": "Mucchi", "kz.pileLeft.one": "Mucchio: 1 tessera", "kz.pileLeft.other": "Mucchio: {n} tessere",
    "kz.discards": "Scarti", "kz.revealed": "La mano di {who}, come l'hai vista",
    "kz.end.immediate": "La partita finisce appena un homunculus è completo.",
    "kz.end.finish_round": "Quando un homunculus è completo, si finisce il giro.",
    "kz.finalRound": "Ultimo giro: tutti hanno lo stesso numero di turni.", "kz.slot": "{slot} di {who}" },
  de: { "kz.g.draw": "Ziehen", "kz.g.build": "Bauen", "kz.g.discard": "Abwerfen", "kz.g.power": "Fähigkeit nutzen",
    "kz.g.refresh": "Auffrischen", "kz.drawTile": "Ein Plättchen vom Stapel ziehen", "kz.fromHand": "Ein Plättchen aus der Hand (benennen)",
    "kz.refreshAll": "Deine verdeckten Teile aufdecken",
    "kz.prompt.mine": "Ziehen, bauen, abwerfen, eine Fähigkeit nutzen oder auffrischen.", "kz.prompt.done": "Keine Aktionen mehr: Beende deinen Zug.",
    "kz.prompt.react": "{by} zielt mit einem Schwanz auf dein Teil {slot}. Mit dem Kopf abwehren?",
    "kz.prompt.waitReact": "{who} kann den Schwanz mit dem Kopf abwehren.",
    "kz.react.cancel": "Abwehren: mein Kopf wird verdeckt", "kz.react.accept": "Den Schwanz wirken lassen",
    "kz.tile.homunculus": "Homunkulus", "kz.tile.part": "Teil",
    "kz.tile.cost": "Zutaten auf dem Plättchen: 2 bis 5, höchstens 2 gleiche", "kz.tile.count": "{n} gewählt",
    "kz.tile.pickAll": "Wähle den Homunkulus, das Teil und 2 bis 5 Zutaten.",
    "kz.tile.title.build": "Bauen: welches Plättchen?", "kz.tile.title.discard": "Abwerfen: welches Plättchen?",
    "kz.tile.title.declare": "Benenne ein Plättchen auf deiner Hand (nur du siehst es)",
    "kz.less": "{what}: eins weniger", "kz.more": "{what}: eins mehr",
    "kz.placeOn": "Wohin {tile} kommt", "kz.which": "Wessen?", "kz.pickOne": "Wähle zuerst aus.",
    "kz.arm.title": "Welches Plättchen hast du genommen?", "kz.arm.hint": "Du siehst es jetzt: Benenne es, dann stimmt die Zählung am Tisch.",
    "kz.arm.skip": "Nicht benennen", "kz.leg.title": "Welches Plättchen vom Ablagestapel?",
    "kz.torso.pick": "Wähle genau 3 Zutaten.",
    "kz.tail.pick": "Das Teil, das dein Schwanz trifft",
    "kz.built": "{n} von 9 gebaut", "kz.reset": "Dir wurde ein Plättchen genommen, ohne es zu benennen; deine Benennungen sind zurückgesetzt: Benenne deine Plättchen neu.", "kz.board.mine": "Dein Homunkulus", "kz.free": "frei", "kz.down": "verdeckt",
    "kz.pool": "Deine Zutaten", "kz.none": "keine", "kz.own": "eigene Zutat", "kz.proto": "Prototyp",
    "kz.hand": "Deine Hand", "kz.unnamed.one": "1 Plättchen nicht benannt", "kz.unnamed.other": "{n} Plättchen nicht benannt",
    "kz.handEmpty": "Keine Plättchen auf der Hand.", "kz.declare": "Plättchen benennen", "kz.forget": "Benennungen vergessen",
    "kz.fix": "{tile} korrigieren", "kz.fixTitle": "Das Plättchen, das du wirklich hast (nur du siehst es)", "kz.held": "von allen gesehen",
    "kz.inHand.one": "1 Plättchen auf der Hand", "kz.inHand.other": "{n} Plättchen auf der Hand",
    "kz.points.one": "1 Punkt", "kz.points.other": "{n} Punkte",
    "kz.piles": "Stapel", "kz.pileLeft.one": "Stapel: 1 Plättchen", "kz.pileLeft.other": "Stapel: {n} Plättchen",
    "kz.discards": "Ablagestapel", "kz.revealed": "Die Hand von {who}, wie du sie gesehen hast",
    "kz.end.immediate": "Das Spiel endet, sobald ein Homunkulus vollständig ist.",
    "kz.end.finish_round": "Ist ein Homunkulus vollständig, wird die Runde zu Ende gespielt.",
    "kz.finalRound": "Letzte Runde: Alle kommen gleich oft an die Reihe.", "kz.slot": "{slot} von {who}" },
});

// "wood arm (mercury, sulphur)" in the page's language, from the catalogue's template.
export function tileLabel(ctx, tile, withCost = true) {
  const params = { homunculus: ctx.term(tile.homunculus), part: ctx.term(tile.part),
    ingredients: (tile.ingredients || []).map((i) => ctx.term(i)).join(", ") };
  const template = message(withCost ? "kazaam.thing.tile" : "kazaam.thing.kind")
    || (withCost ? "{homunculus} {part} ({ingredients})" : "{homunculus} {part}");
  return template.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? "");
}

export function tileChip(ctx, tile, attrs = {}) {
  return el("span", { class: "cardchip kz-tile", ...attrs }, ctx.icon(tile.homunculus, { decorative: true, size: 22 }),
    ctx.icon(tile.part, { decorative: true, size: 22 }), el("span", {}, tileLabel(ctx, tile)));
}

// Counters per ingredient, all starting at nothing: the person sets each one.
export function counters(ctx, names, { most, total, onChange }) {
  const counts = Object.fromEntries(names.map((n) => [n, 0]));
  const sum = () => Object.values(counts).reduce((a, b) => a + b, 0);
  const shown = el("p", { class: "hint", "aria-live": "polite" });
  const rows = names.map((name) => {
    const value = el("output", { class: "kz-count", "data-count": name }, "0");
    const step = (d) => () => {
      const next = counts[name] + d;
      if (next < 0 || next > most || (d > 0 && sum() >= total)) return;
      counts[name] = next; value.textContent = String(next);
      shown.textContent = t("kz.tile.count", { n: sum() });
      if (onChange) onChange();
    };
    const word = ctx.term(name);
    return el("div", { class: "kz-counter", "data-ingredient": name },
      ctx.icon(name, { decorative: true, size: 28 }), el("span", { class: "kz-word" }, word),
      el("button", { type: "button", class: "kz-step", "data-less": name, "aria-label": t("kz.less", { what: word }), onclick: step(-1) }, "−"),
      value,
      el("button", { type: "button", class: "kz-step", "data-more": name, "aria-label": t("kz.more", { what: word }), onclick: step(1) }, "+"));
  });
  shown.textContent = t("kz.tile.count", { n: 0 });
  const node = el("div", { class: "kz-counters" }, rows, shown);
  const value = () => names.flatMap((n) => Array(counts[n]).fill(n));
  return { node, value };
}

// Tile entry: homunculus, part (from `parts`) and the cost, from the game's own lists
// (GET /games → words, as ctx.words); value() is null until all
// of it is picked within the rules' shape (K1.4).
export function tileEditor(ctx, { parts = (ctx.words || {}).parts || [] } = {}) {
  const names = ctx.state.options.ingredients;
  const homunculus = ctx.choice(t("kz.tile.homunculus"), (ctx.words || {}).homunculi || [], { name: "homunculus", labels: ctx.term });
  const part = ctx.choice(t("kz.tile.part"), parts, { name: "part", labels: ctx.term });
  const cost = counters(ctx, names, { most: SAME_MAX, total: COST_MAX });
  const node = el("div", { class: "kz-editor" }, homunculus.node, part.node,
    el("fieldset", { class: "cardpick" }, el("legend", {}, t("kz.tile.cost")), cost.node));
  const value = () => {
    const ingredients = cost.value();
    if (!homunculus.value() || !part.value() || ingredients.length < COST_MIN) return null;
    return { homunculus: homunculus.value(), part: part.value(), ingredients };
  };
  return { node, value };
}

function cell(ctx, player, slot, { targets, mine }) {
  const built = player.board[slot];
  const id = `${player.seat}/${slot}`;
  const slotWord = ctx.term(slot);
  const target = targets.includes(id);
  const what = built ? `${ctx.term(built.homunculus)}${built.face_up ? "" : ` · ${t("kz.down")}`}` : t("kz.free");
  const attrs = { class: `kz-slot ${built ? "built" : "free"} ${built && !built.face_up ? "down" : ""} ${target ? "target" : ""}`,
    "data-slot": slot, "data-seat": player.seat, "aria-label": `${slotWord}: ${what}` };
  const body = [el("span", { class: "kz-slotname", "aria-hidden": "true" }, slotWord),
    built ? ctx.icon(built.homunculus, { decorative: true, size: mine ? 34 : 24 }) : ctx.icon(slot, { decorative: true, size: mine ? 26 : 18 }),
    el("span", { class: "kz-what", "aria-hidden": "true" }, built ? ctx.term(built.homunculus) : "")];
  if (built && !built.face_up) body.push(el("span", { class: "kz-downmark", "aria-hidden": "true" }, t("kz.down")));
  if (target) return el("button", { type: "button", ...attrs, "data-target": id, onclick: () => ctx.tap(id) }, body);
  return el("div", { role: "img", ...attrs }, body);
}

// One player's homunculus: the 3 x 3 places of K2, who it is, and the points so far.
// {fold: {open, onToggle}} folds it behind its heading (other players on a phone).
export function boardOf(ctx, player, { mine = false, fold = null } = {}) {
  const targets = ctx.targets || [];
  const score = (player.score && player.score.total) ?? 0;
  const turn = ctx.state.turn || {};
  const built = Object.values(player.board || {}).filter(Boolean).length;
  const head = [el("span", { class: "dot", style: `background:${COLORS[player.color] || "#888"}`, "aria-hidden": "true" }),
    el("span", { class: "kz-name" }, mine ? t("kz.board.mine") : player.name),
    fold ? el("span", { class: "hint kz-built" }, t("kz.built", { n: built })) : null,
    el("span", { class: "chip kz-points" }, tn("kz.points", score))];
  const body = [el("div", { class: "kz-grid" }, LAYOUT.map((slot) => cell(ctx, player, slot, { targets, mine }))),
    el("p", { class: "hint kz-facts" }, ctx.icon(player.prototype, { decorative: true, size: 18 }),
      `${t("kz.proto")}: ${ctx.term(player.prototype)} · ${tn("kz.inHand", player.hand_size ?? 0)}`)];
  const attrs = { class: `kz-player ${mine ? "mine" : "other"} ${turn.seat === player.seat ? "current" : ""}`,
    "data-seat": player.seat, id: mine ? "kz-board" : null };
  if (!fold) return el("section", attrs, el("h3", { class: "kz-head" }, head), body);
  const box = el("details", { ...attrs, open: fold.open }, el("summary", { class: "kz-head" }, head), body);
  box.addEventListener("toggle", () => fold.onToggle(box.open));
  return box;
}

export function poolLine(ctx, player) {
  const entries = Object.entries(player.ingredients || {}).filter(([, n]) => n);
  return el("div", { class: "kz-pool", id: "kz-pool" }, el("b", {}, `${t("kz.pool")}: `),
    entries.length ? entries.map(([name, n]) => el("span", { class: "chip", "data-ingredient": name },
      ctx.icon(name, { decorative: true, size: 20 }), `${ctx.term(name)} × ${n}`)) : el("span", { class: "hint" }, t("kz.none")),
    el("span", { class: "hint kz-own" }, ` · ${t("kz.own")}: ${ctx.term(player.ingredient)}`));
}
