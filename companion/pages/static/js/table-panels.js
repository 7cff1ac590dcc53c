// What the table screen shows besides the board: each player's card and the game's own
// panels (both drawn by the game's page module), and the end with every breakdown.
import { el, message, reveal, t, tn, term, COLORS } from "./common.js";

// A small picture when icons.js offers one, always with the word next to it.
export function word(ctx, value) {
  const label = term(ctx.state.game, value);
  const pic = ctx.icons && ctx.icons.hasIcon(ctx.state.game, value)
    ? ctx.icons.icon(ctx.state.game, value, { label, size: 22, decorative: true }) : null;
  return el("span", { class: "tb-word" }, pic, label);
}

// What the game's own page module (./<game>.js, loaded by table.js into ctx.boards) shows
// on the table screen: game.tablePlayer(ctx, player, parts) -> the rows of a player's
// card, game.tablePanels(ctx, parts) -> sections beside the board; nothing without them.
function tableHook(ctx, name, ...args) {
  const module = ctx.boards && ctx.boards[ctx.state.game];
  const hook = module && module.game && module.game[name];
  return hook ? hook(ctx, ...args, parts) : [];
}

function stat(label, value, key) {
  return el("div", { class: "tb-stat", "data-stat": key || null }, el("dt", {}, label), el("dd", {}, value));
}

function counts(ctx, map) {
  const entries = Object.entries(map || {}).filter(([, n]) => n > 0);
  if (!entries.length) return t("tb.none");
  return el("span", { class: "tb-counts" }, entries.map(([k, n]) => el("span", { class: "chip" }, `${n} × `, word(ctx, k))));
}

export function playersPanel(ctx) {
  const s = ctx.state;
  const turn = s.turn && s.status === "playing" ? s.turn.seat : null;
  return el("section", { class: "card tb-players", id: "players-panel", "aria-label": t("tb.players") },
    el("h2", {}, t("tb.players")),
    el("div", { class: "tb-player-list", "data-items": "" }, s.players.map((p) => el("article", {
      class: `tb-player${p.seat === turn ? " on-turn" : ""}`, "data-seat": p.seat },
    el("h3", {}, el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}` }), " ", p.name,
      p.seat === turn ? el("span", { class: "chip tb-turn-chip" }, t("tb.onTurn")) : null),
    el("dl", {}, tableHook(ctx, "tablePlayer", p))))));
}

export function tablePanels(ctx) {
  return tableHook(ctx, "tablePanels");
}

// A score label: "<game>.score.<key>" from the engines' catalogue, else this page's own.
function scoreLabel(ctx, key) {
  return message(`${ctx.state.game}.score.${key}`) || t(`score.${key}`);
}

// A breakdown value: a bonus nobody earned is left blank, so it never reads as scored.
function cell(value) { return value ? value : "–"; }

// Take the results home: the CSV file and the BG Stats app's import link (GET …/score.csv,
// …/score/bgstats: the same table as GET …/score).
function exportLinks(ctx) {
  const base = `/api/v1/sessions/${ctx.sid}`;
  return el("p", { class: "row tb-export", id: "export" },
    el("a", { class: "btn", id: "export-csv", href: `${base}/score.csv`, download: "" }, t("tb.csv")),
    ctx.bgstats ? el("a", { class: "btn", id: "export-bgstats", href: ctx.bgstats, rel: "noopener" }, t("tb.bgstats")) : null);
}

// G9.3 (`tie_broken_by` on the score and the result): a ranking
// that seating decided says so, in the catalogue's words when it has them.
function tieLine(ctx) {
  const by = (ctx.state.result || {}).tie_broken_by || (ctx.score || {}).tie_broken_by;
  if (!by) return null;
  const words = message(`${ctx.state.game}.result.tie_broken_by.${by}`);
  return words ? el("p", { class: "hint", id: "tie-break" }, words) : null;
}

// A place that more than one player holds (ties share it: G9.4, K7.6, S3.2) says so in words.
const shared = (rows, r) => rows.filter((o) => o.rank === r.rank).length > 1;

// The ranking: rank, player and total first, then what the total is made of (and what is
// not counted, labelled so), so no column reads as added to the total.
function ranking(ctx, rows) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.breakdown || {})
    .filter((k) => typeof r.breakdown[k] === "number")))];
  return el("div", { class: "tb-scroll" }, el("table", { class: "score", id: "breakdown" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("tb.rank")), el("th", { scope: "col" }, t("tb.player")),
      el("th", { scope: "col" }, t("tb.total")), keys.map((k) => el("th", { scope: "col", "data-key": k }, scoreLabel(ctx, k))))),
    el("tbody", {}, rows.map((r) => el("tr", { "data-seat": r.seat },
      el("td", { "data-label": t("tb.rank") }, shared(rows, r) ? t("tb.rankShared", { rank: r.rank }) : r.rank), el("th", { scope: "row" }, r.name),
      el("td", { class: "tb-total", "data-label": t("tb.total") }, r.total),
      keys.map((k) => el("td", { "data-label": scoreLabel(ctx, k), "data-key": k }, cell((r.breakdown || {})[k]))))))));
}

export function endPanel(ctx, extra) {
  const s = ctx.state; const result = s.result || {};
  const names = Object.fromEntries(s.players.map((p) => [p.seat, p.name]));
  const winners = (result.winners && result.winners.length ? result.winners : [result.winner]).filter((w) => w != null);
  const rows = ctx.score ? ctx.score.players : [];
  const headline = winners.length > 1 ? t("tb.winners", { who: winners.map((w) => names[w]).join(", ") })
    : winners.length ? t("tb.winner", { who: names[winners[0]] }) : t("tb.results");
  const section = el("section", { class: "card tb-end", id: "results", "aria-label": t("tb.results") },
    el("h2", { id: "winner" }, headline),
    result.reason ? el("p", { class: "hint", id: "reason" }, t("tb.reason", { reason: term(s.game, result.reason) })) : null,
    tieLine(ctx), rows.length ? ranking(ctx, rows) : null, exportLinks(ctx),
    s.rematch ? el("p", { id: "rematch-open" }, t("tb.rematchOpen"), " ",
      el("a", { class: "btn primary", href: `/t/${s.rematch.session_id}` }, t("tb.rematchGo"))) : extra);
  return ctx.score ? reveal(section, [...section.querySelectorAll("#breakdown tbody tr")], `${s.code}:${ctx.score.version}`) : section;
}

// The pieces a game's table panels are built from (tableHook passes them).
export const parts = { stat, counts, word };
