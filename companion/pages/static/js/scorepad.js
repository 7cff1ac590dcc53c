// The score pad on the phone and on the table screen (interface: the top of play.js).
// Phone: whose turn and which round in the status line with the person's own total and
// place; points typed on a big on-screen number pad (phones' numeric keyboards often have
// no minus sign), one field per category or the total, saved with one clear button.
// per_round: any player's points for any round so far (a correction replaces, S2.3).
// Table screen: the live score table (players × rounds, category totals, total, place).
import { el, t, tn, term, message, COLORS } from "./common.js";

// Colours seven to twelve: only a score pad seats more than six (join form and lobby).
// The pad's own look, on the phone and on the table screen (no inline styles).
if (!document.querySelector("link[data-scorepad]")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("../scorepad.css", import.meta.url).href, "data-scorepad": "1" }));
}

const MOST = 10000;
const DASH = "–";

// A number as printed: a real minus sign (readable across a table), a dash for no entry.
export function num(value) {
  return value == null ? DASH : String(value).replace("-", "−");
}
const upper = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const word = (value) => upper(term("scorepad", value));
const seated = (state) => state.order.map((seat) => state.players.find((p) => p.seat === seat)).filter(Boolean);

// Seat -> place: one more than the number of better totals, so ties share (1, 1, 3).
// S3.2: each seat's place as the server ranks it (ties share, low_wins), never recounted here.
export function places(state) {
  return Object.fromEntries(state.players.map((p) => [p.seat, p.rank]));
}

function roundLine(state) {
  if (state.status === "finished") return t("sp.final");
  return state.rounds ? t("sp.roundOf", { n: state.round, count: state.rounds }) : t("sp.round", { n: state.round });
}

// -- the score table (phone board and table screen) ---------------------------------------
function headCell(p, state, seat) {
  const onTurn = state.status === "playing" && state.turn.seat === p.seat;
  return el("th", { scope: "col", "data-seat": p.seat, class: onTurn ? "on-turn" : null },
    el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}`, "aria-hidden": "true" }), " ",
    el("span", { class: "sp-name" }, p.name),
    p.seat === seat ? el("span", { class: "sp-me" }, ` (${t("sp.you")})`) : null,
    onTurn ? el("span", { class: "sp-turn" }, t("sp.onTurn")) : null);
}

function row(kind, label, cells, attrs = {}) {
  return el("tr", { class: `sp-${kind}`, ...attrs }, el("th", { scope: "row" }, label), cells);
}

function scoreTable(state, seat) {
  const players = seated(state);
  const cats = state.options.categories || [];
  const placed = places(state);
  const playing = state.status === "playing";
  const cell = (p, value, extra = {}) => el("td", { "data-seat": p.seat, class: playing && state.turn.seat === p.seat ? "on-turn" : null, ...extra }, value);
  const rounds = Array.from({ length: state.round }, (_, i) => row(playing && i + 1 === state.round ? "round current" : "round",
    t("sp.round", { n: i + 1 }), players.map((p) => cell(p, num(p.rounds[i]))), { "data-round": i + 1 }));
  const categories = cats.map((name, i) => row(i ? "category" : "category first", name,
    players.map((p) => cell(p, num(p.categories[name] ?? 0))), { "data-category": name }));
  const about = [roundLine(state), t(state.options.low_wins ? "sp.lowWins" : "sp.highWins")].join(" · ");
  const size = `--sp-cols:${players.length};--sp-rows:${state.round + cats.length + 2}`;
  return el("table", { class: "sp-table", id: "sp-table", style: size },
    el("caption", {}, state.title ? el("b", { class: "sp-title" }, state.title) : null, el("span", {}, about)),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, el("span", { class: "sp-hidden" }, t("sp.table"))),
      players.map((p) => headCell(p, state, seat)))),
    el("tbody", {}, rounds, categories,
      row("total", word("total"), players.map((p) => cell(p, num(p.total), { "data-total": p.total }))),
      row("rank", t("sp.place"), players.map((p) => cell(p, String(placed[p.seat]), { "data-rank": placed[p.seat] })))));
}

function renderBoard(state, ctx) {
  if (!state.players.length || !state.players[0].rounds) return el("p", { class: "hint" }, message("scorepad.picture.waiting") || "");
  return scoreTable(state, ctx.seat);
}

// -- entering points --------------------------------------------------------------------------
// What the person is typing survives live updates (another phone's entry redraws the page):
// {key: "<seat>/<round>", values: {field: "-12"}, fresh: {field: true}, active, target, round,
//  inPlay: the round in play when it was made, earlier: the entry it would replace}.
let draft = null;

const entryOf = (state, target, round) => (state.players.find((p) => p.seat === target) || {}).entries?.[String(round)] || null;

function shownValues(earlier, fields) {
  return { values: Object.fromEntries(fields.map((f) => [f, earlier && earlier[f] != null ? String(earlier[f]) : ""])),
    fresh: Object.fromEntries(fields.map((f) => [f, Boolean(earlier)])) };
}

function prefill(state, target, round, fields) {
  const earlier = entryOf(state, target, round);
  return { key: `${target}/${round}`, target, round, ...shownValues(earlier, fields), active: fields[0], earlier,
    inPlay: state.round };
}

// Another phone saved points for the draft's seat and round: the form shows them live (what
// saving would replace, S2.3); values are refilled unless the person has typed some.
function followEntry(state, fields) {
  const now = entryOf(state, draft.target, draft.round);
  if (JSON.stringify(now) === JSON.stringify(draft.earlier)) return;
  const typedSome = fields.some((f) => draft.values[f] !== "" && !draft.fresh[f]);
  draft.earlier = now;
  if (!typedSome) Object.assign(draft, shownValues(now, fields));
}

const parse = (v) => (v === "" || v === "-" ? null : Number(v));

// One key of the pad on the active field; false when it would leave the rules' range.
function press(key) {
  const f = draft.active;
  // a value shown from an earlier entry is replaced by the first digit typed
  let v = draft.fresh[f] && /\d/.test(key) ? "" : draft.values[f];
  draft.fresh[f] = false;
  if (key === "sign") v = v.startsWith("-") ? v.slice(1) : `-${v}`;
  else if (key === "back") v = v.slice(0, -1);
  else {
    const sign = v.startsWith("-") ? "-" : "";
    const digits = `${v.replace("-", "")}${key}`.replace(/^0+(?=\d)/, "");
    if (Number(digits) > MOST) return false;
    v = sign + digits;
  }
  draft.values[f] = v;
  return true;
}

function total() {
  return Object.values(draft.values).map(parse).filter((n) => n != null).reduce((a, b) => a + b, 0);
}

// The spans stay put while the value changes: a node replaced between a tap's mousedown
// and mouseup would cost the tap its click.
function fieldButton(name, label, refresh) {
  const b = el("button", { type: "button", class: "sp-field", "data-field": name },
    el("span", { class: "sp-fname" }, label), el("span", { class: "sp-value" }));
  // with many rows the pad is below the fold: a tapped row brings it into sight
  b.addEventListener("click", () => {
    draft.active = name; refresh();
    b.closest(".sp-entry")?.querySelector(".sp-dock")?.scrollIntoView({ block: "nearest" });
  });
  b.addEventListener("focus", () => { if (draft.active !== name) { draft.active = name; refresh(); } });
  return b;
}

function keypad(onKey) {
  const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "sign", "0", "back"];
  return el("div", { class: "sp-keys", role: "group", "aria-label": t("sp.keys") }, keys.map((k) => {
    const label = k === "sign" ? "±" : k === "back" ? "⌫" : k;
    const b = el("button", { type: "button", class: "sp-key", "data-key": k,
      "aria-label": k === "sign" ? t("sp.sign") : k === "back" ? t("sp.back") : null }, label);
    b.addEventListener("click", () => onKey(k));
    return b;
  }));
}

// per_round: whose points (own seat first chosen) and which round (the current one).
function targetPicker(state, ctx, legalSeats, redraw) {
  if (state.options.scoring !== "per_round" || ctx.host) return null;
  const who = el("div", { class: "sp-who", role: "radiogroup", "aria-label": t("sp.player") },
    seated(state).filter((p) => legalSeats.includes(p.seat)).map((p) => {
      const b = el("button", { type: "button", role: "radio", class: "sp-person", "data-target": p.seat,
        "aria-checked": String(p.seat === draft.target) },
      el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}`, "aria-hidden": "true" }), " ", p.name);
      b.addEventListener("click", () => redraw(p.seat, draft.round));
      return b;
    }));
  // the rounds as buttons too (no native picker): the current one is chosen
  const rounds = el("div", { class: "sp-who", id: "sp-round", role: "radiogroup", "aria-label": t("sp.roundPick"),
    "data-value": String(draft.round) },
  Array.from({ length: state.round }, (_, i) => el("button", { type: "button", role: "radio", class: "sp-person",
    "data-round": i + 1, "aria-checked": String(i + 1 === draft.round), onclick: () => redraw(draft.target, i + 1) },
  t("sp.round", { n: i + 1 }))));
  return el("div", { class: "sp-target" }, el("p", { class: "sp-label" }, t("sp.player")), who,
    el("p", { class: "sp-label" }, t("sp.roundPick")), rounds);
}

const sumOf = (points) => Object.values(points).reduce((a, b) => a + b, 0);
const nameOf = (state, seat) => (state.players.find((p) => p.seat === seat) || {}).name || "";

function saveLabel(state, ctx) {
  const typed = Object.values(draft.values).some((v) => parse(v) != null);
  const n = num(total());
  const perRound = state.options.scoring === "per_round";
  if (!perRound && !ctx.host) return typed ? t("sp.saveTurn", { n }) : t("sp.saveTurnEmpty");
  // the host enters for a seat without a phone: the button names that player, not "my turn"
  const who = nameOf(state, perRound ? draft.target : ctx.seat);
  if (draft.earlier) return t("sp.replace", { who, round: draft.round, was: num(sumOf(draft.earlier)), n });
  return typed ? t("sp.saveFor", { n, who }) : t("sp.saveForEmpty", { who });
}

async function save(state, ctx, note, button) {
  const points = {};
  for (const [f, v] of Object.entries(draft.values)) if (parse(v) != null) points[f] = parse(v);
  if (!Object.keys(points).length) { note.textContent = t("sp.empty"); note.hidden = false; return; }
  const move = state.options.scoring === "per_round" && !ctx.host
    ? { type: "score", seat: draft.target, round: draft.round, points } : { type: "score", points };
  button.disabled = true;
  // the page redraws before send() returns: that drawing starts from a clean pad (the new
  // entry shown as the earlier one); a refusal puts back what was typed
  const was = draft;
  draft = null;
  const ok = await ctx.send(move);
  button.disabled = false;
  if (!ok && draft === null) draft = was;
}

// The draft for this drawing: kept while it is for the same seat, round and fields. S2.2:
// when the round in play moves on, the picker follows it (an earlier round picked on
// purpose is kept only while the round it was picked in is still in play).
function keepDraft(state, ctx, seats, fields) {
  const perRound = state.options.scoring === "per_round" && !ctx.host;
  const target = perRound && draft && seats.includes(draft.target) ? draft.target : ctx.seat;
  const round = perRound && draft && draft.inPlay === state.round && draft.round <= state.round ? draft.round : state.round;
  if (!draft || draft.key !== `${target}/${round}` || Object.keys(draft.values).join() !== fields.join()) {
    draft = prefill(state, target, round, fields);
  } else {
    followEntry(state, fields);
  }
}

// Shows the draft: each field's value, the sum, the earlier entry (S2.3), the button's words.
function show(parts, state, ctx) {
  const { buttons, names, sum, button, earlier } = parts;
  for (const b of buttons) {
    const f = b.dataset.field; const v = draft.values[f];
    b.classList.toggle("active", f === draft.active);
    b.setAttribute("aria-pressed", String(f === draft.active));
    b.setAttribute("aria-label", t("sp.field", { name: names[f], value: v === "" ? t("sp.notTyped") : num(v) }));
    const value = b.querySelector(".sp-value");
    value.textContent = v === "" ? DASH : num(v);
    value.classList.toggle("fresh", Boolean(draft.fresh[f]));
  }
  sum.textContent = buttons.length > 1 ? t("sp.sum", { n: num(total()) }) : "";
  sum.hidden = buttons.length < 2;
  button.textContent = saveLabel(state, ctx);
  earlier.hidden = !draft.earlier || state.options.scoring !== "per_round";
  if (draft.earlier) {
    earlier.textContent = t("sp.earlier", { who: nameOf(state, draft.target), round: draft.round, was: num(sumOf(draft.earlier)) });
  }
}

function entryCard(legal, state, me, ctx) {
  const moves = legal.filter((m) => m.type === "score");
  if (state.status !== "playing" || !moves.length) return null;
  const fields = Object.keys(moves[0].points);
  const seats = moves.map((m) => (m.seat ?? ctx.seat));
  keepDraft(state, ctx, seats, fields);
  const perRound = state.options.scoring === "per_round" && !ctx.host;
  const card = el("section", { class: "card sp-entry", id: "sp-entry" });
  const redraw = (seat, r) => { draft = prefill(state, seat, r, fields); card.replaceWith(entryCard(legal, state, me, ctx)); };
  const names = Object.fromEntries(fields.map((f) => [f, f === "total" && !(state.options.categories || []).length ? word("total") : f]));
  const parts = { names, buttons: fields.map((f) => fieldButton(f, names[f], () => show(parts, state, ctx))),
    sum: el("p", { class: "sp-sum", id: "sp-sum", "aria-live": "polite" }), earlier: el("p", { class: "hint", id: "sp-earlier" }),
    button: el("button", { type: "button", class: "primary big", id: "sp-save" }) };
  const note = el("p", { class: "warnbox", role: "alert", id: "sp-note", hidden: true });
  const refresh = () => show(parts, state, ctx);
  const onKey = (k) => {
    note.hidden = true;
    if (!press(k)) { note.textContent = t("sp.tooBig"); note.hidden = false; }
    refresh();
  };
  parts.button.addEventListener("click", () => save(state, ctx, note, parts.button));
  card.addEventListener("keydown", (e) => typed(e, onKey, fields, refresh, parts.button));
  card.append(...[el("h2", {}, perRound ? t("sp.forTitle") : t("sp.ownTitle", { n: state.round })),
    perRound ? el("p", { class: "hint" }, t("sp.promptRound")) : null,
    targetPicker(state, ctx, seats, redraw), parts.earlier,
    el("div", { class: `sp-fields${fields.length > 1 ? " two" : ""}` }, parts.buttons), parts.sum,
    el("div", { class: "sp-dock" }, keypad(onKey), note, parts.button)].filter(Boolean));
  refresh();
  return card;
}

// A keyboard works too: digits, minus/plus, Backspace, arrows between fields, Enter saves.
function typed(e, onKey, fields, refresh, button) {
  if (e.target.tagName === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) return;
  const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
  if (/^\d$/.test(e.key)) onKey(e.key);
  else if (e.key === "-" || e.key === "+") onKey("sign");
  else if (e.key === "Backspace") onKey("back");
  else if (e.key === "Enter" && (e.target.tagName !== "BUTTON" || e.target.dataset.field)) button.click();
  else if (step) {
    const i = (fields.indexOf(draft.active) + step + fields.length) % fields.length;
    draft.active = fields[i]; refresh();
    document.querySelector(`.sp-field[data-field="${CSS.escape(fields[i])}"]`)?.focus();
  } else return;
  e.preventDefault();
}

function prompt(legal, state, me, ctx) {
  const placed = places(state);
  const mine = state.players.find((p) => p.seat === ctx.seat);
  const you = mine ? tn("sp.youScored", mine.total, { points: num(mine.total), rank: placed[mine.seat], of: state.players.length }) : "";
  return [roundLine(state), you].filter(Boolean).join(" · ");
}

function urgent(legal, state, me, ctx) {
  return entryCard(legal, state, me, ctx);
}


// -- the table screen: each player's line and the pad's own settings ---------------------------
function stat(label, value, key) {
  return el("div", { class: "tb-stat", "data-stat": key }, el("dt", {}, label), el("dd", {}, value));
}

function tablePlayer(ctx, p) {
  const placed = places(ctx.state);
  return [stat(word("total"), num(p.total), "total"), stat(t("sp.place"), String(placed[p.seat]), "rank")];
}

function tablePanels(ctx) {
  const s = ctx.state;
  return [el("section", { class: "card", id: "sp-rules", "aria-label": t("sp.rules") }, el("h2", {}, t("sp.rules")),
    el("p", {}, upper(term("scorepad", s.options.scoring))),
    el("p", {}, el("b", {}, t(s.options.low_wins ? "sp.lowWins" : "sp.highWins"))),
    el("p", {}, s.rounds ? tn("sp.rounds", s.rounds) : upper(term("scorepad", "open_ended"))))];
}

// the table screen calls tablePlayer(ctx, player) and tablePanels(ctx) (table-panels.js)
export const game = { renderBoard, actionGroups: () => [], prompt, urgent, handDeclaration: () => null,
  extras: () => [], tablePlayer, tablePanels };
