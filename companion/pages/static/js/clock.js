// The turn clock on the phone's status line and on the table screen.
//
// The public state carries `clock` = {mode, limit, seat, turn_started_at, now, used, remaining}
// (null without a clock). Times are the server's: the first time a page sees a state, the
// difference between its own clock and `clock.now` is kept (the skew), and the running time
// is recomputed on every tick from `turn_started_at` — so nothing drifts, however late a
// tick comes. One interval ticks while a running clock is on the screen; it stops when the
// page is hidden, when no clock runs (game over) or when the nodes left the page.
//
//   clockChip(state, {seat, names}) -> Node|null   the phone: the running time of the seat on
//                                          turn; at zero an alert (role="alert": words and
//                                          colour) and, on the phone of the player on turn
//                                          (`seat`), a vibration once the person touched the page
//   clockTable(state, names) -> Node|null  the table screen: every player's time, the
//                                          running one highlighted
//   clockChoice() -> {node, value()}       the start page: none / seconds per turn /
//                                          minutes per player; value() is the create body's
//                                          `clock` (null: none)
import { el, t } from "./common.js";

const skews = new WeakMap();  // clock object -> (page time - server time) in seconds
const shown = new Set();      // {node, update} of every clock on the page
let timer = null;
const buzzed = new Set();     // turns (seat@start) this phone already vibrated for

function serverNow(clock) {
  if (!skews.has(clock)) skews.set(clock, Date.now() / 1000 - clock.now);
  return Date.now() / 1000 - skews.get(clock);
}

// Seconds left for a seat (the running turn counted up to now); null: nothing to count.
export function secondsLeft(clock, seat) {
  const running = clock.seat === seat && clock.turn_started_at != null;
  if (clock.mode === "per_turn") return running ? clock.limit - (serverNow(clock) - clock.turn_started_at) : null;
  const left = (clock.remaining || {})[String(seat)];
  if (left == null) return null;
  return running ? left - (serverNow(clock) - clock.now) : left;
}

function usedBy(clock, seat) {
  const used = (clock.used || {})[String(seat)] || 0;
  return clock.seat === seat && clock.turn_started_at != null ? used + (serverNow(clock) - clock.now) : used;
}

// 75 -> "1:15", 3700 -> "1:01:40"; whole seconds, rounded towards the next one while counting down.
export function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 1e-6));
  const h = Math.floor(s / 3600); const m = Math.floor((s % 3600) / 60); const r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

function words(left) { return left > 0 ? mmss(left) : t("clock.over", { time: mmss(-left) }); }

function touched() { return navigator.userActivation ? navigator.userActivation.hasBeenActive : false; }

function buzz(clock) {
  const key = `${clock.seat}@${clock.turn_started_at}`;
  if (buzzed.has(key)) return;
  buzzed.add(key);
  // before a gesture Chrome refuses and logs an intervention: then the alert alone speaks
  if (navigator.vibrate && touched()) navigator.vibrate([300, 120, 300, 120, 300]);
}

function watch(node, update) {
  update();
  shown.add({ node, update });
  if (!timer && document.visibilityState !== "hidden") timer = setInterval(tick, 500);
}

function tick() {
  for (const item of [...shown]) {
    if (item.node.isConnected) item.update(); else shown.delete(item);
  }
  if (!shown.size) stop();
}

function stop() { clearInterval(timer); timer = null; }

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") stop();
  else if (shown.size && !timer) { tick(); if (shown.size) timer = setInterval(tick, 500); }
});

// The phone: the seat on turn's time, counting; the alert at zero.
export function clockChip(state, { seat = null, names = {} } = {}) {
  const clock = state && state.clock;
  if (!clock || state.status !== "playing" || clock.seat == null) return null;
  const mine = clock.seat === seat;
  const who = names[clock.seat] ?? "";
  const label = clock.mode === "per_turn" ? t("clock.turnLeft") : mine ? t("clock.yourLeft") : t("clock.theirLeft", { who });
  const time = el("b", { class: "clock-time", id: "clock-time" });
  const chip = el("span", { class: "chip clock", id: "clock", role: "timer", "aria-label": label, title: label },
    el("span", { "aria-hidden": "true" }, "⏱ "), time);
  const alert = el("p", { class: "warnbox clock-out", id: "clock-alert", role: "alert", hidden: true });
  watch(chip, () => {
    const left = secondsLeft(clock, clock.seat);
    time.textContent = words(left);
    const out = left <= 0;
    chip.classList.toggle("out", out);
    if (out && alert.hidden) {
      alert.hidden = false;
      alert.textContent = mine ? t("clock.yourOut") : t("clock.theirOut", { who });
      if (mine) buzz(clock);
    }
  });
  // a chess clock: while another player's time runs, one's own stays in sight
  const own = clock.mode === "per_player" && seat != null && !mine ? secondsLeft(clock, seat) : null;
  const ownChip = own == null ? null : el("span", { class: `chip clock${own <= 0 ? " out" : ""}`, id: "clock-own",
    role: "timer", "aria-label": t("clock.yourLeft") }, own > 0 ? t("clock.yours", { time: mmss(own) }) : t("clock.yours", { time: words(own) }));
  return el("div", { class: "clock-line" }, chip, ownChip ? " " : null, ownChip, alert);
}

// The table screen: a row per player, the running clock highlighted.
export function clockTable(state, names = {}) {
  const clock = state && state.clock;
  if (!clock || state.status === "lobby") return null;
  const rows = state.players.map((p) => {
    const running = state.status === "playing" && clock.seat === p.seat;
    const time = el("b", { class: "clock-time" });
    const row = el("li", { class: `clock-row${running ? " running" : ""}`, "data-seat": p.seat },
      el("span", { class: "clock-name" }, running ? "▶ " : "", names[p.seat] ?? p.name), " ", time);
    const update = () => {
      const left = clock.mode === "per_player" ? secondsLeft(clock, p.seat) : running ? secondsLeft(clock, p.seat) : null;
      time.textContent = left == null ? t("clock.used", { time: mmss(usedBy(clock, p.seat)) }) : left > 0
        ? t("clock.left", { time: mmss(left) }) : t("clock.over", { time: mmss(-left) });
      row.classList.toggle("out", left != null && left <= 0);
    };
    if (running) watch(row, update); else update();
    return row;
  });
  const seat = clock.seat;
  const out = state.status === "playing" && seat != null ? el("p", { class: "warnbox clock-out", id: "clock-alert", role: "alert", hidden: true }) : null;
  if (out) {
    watch(out, () => {
      if (out.hidden && secondsLeft(clock, seat) <= 0) {
        out.hidden = false; out.textContent = t("clock.theirOut", { who: names[seat] ?? "" });
      }
    });
  }
  return el("section", { class: "clock-table", id: "clocks", "aria-label": t("clock.table") },
    el("ul", {}, rows), out);
}

// The start page's choice: none, seconds per turn or minutes per player.
export function clockChoice() {
  const modes = [["none", t("clock.none")], ["per_turn", t("clock.perTurn")], ["per_player", t("clock.perPlayer")]];
  let mode = "none";
  const amount = { per_turn: 60, per_player: 20 };
  const input = el("input", { type: "number", id: "clock-amount", inputmode: "numeric" });
  const label = el("label", { class: "pick", id: "clock-amount-box", style: "display:none" }, el("span", {}), input);
  const sync = () => {
    label.style.display = mode === "none" ? "none" : "";  // label.pick's display beats [hidden]
    if (mode === "none") return;
    const [min, max] = mode === "per_turn" ? [10, 3600] : [1, 180];
    Object.assign(input, { min, max, value: amount[mode] });
    label.firstChild.textContent = t(mode === "per_turn" ? "clock.seconds" : "clock.minutes");
  };
  input.addEventListener("input", () => { amount[mode] = input.value; });
  const radios = modes.map(([value, words]) => {
    const radio = el("input", { type: "radio", name: "clock", value, checked: value === mode });
    radio.addEventListener("change", () => { mode = value; sync(); });
    return el("label", {}, radio, words);
  });
  const node = el("fieldset", { class: "option", id: "clock-option", "aria-describedby": "clock-help" },
    el("legend", {}, t("clock.choice")), el("div", { class: "values" }, radios), label,
    el("p", { class: "hint", id: "clock-help" }, t("clock.help")));
  // a number the server checks (422 with a sentence when out of range)
  const value = () => (mode === "none" ? null : { [mode]: Number(amount[mode]) });
  return { node, value };
}
