// Kazaam on the phone (the interface is described at the top of play.js): every
// homunculus board, actions grouped by kind (draw, build, discard, power, refresh),
// tiles entered without guesses, the head's answer to a tail, the hand and its names.
import { el, has, narrate, t, tn } from "./common.js";
import "./kazaam-icons.js";  // the game's drawings, for icons.js
import { boardOf, counters, knownTiles, poolLine, POWER_OF, tileChip, tileEditor, tileLabel } from "./kazaam-ui.js";
import { BOX_MOST, tablePanels, tablePlayer } from "./kazaam-table.js";
import { remember } from "./box.js";

const KNOWN_BUTTONS = 6;  // known tiles offered as their own build buttons; the editor lists every one
const by = (legal, type) => legal.filter((m) => m.type === type);
const playerOf = (state, seat) => state.players.find((p) => p.seat === seat);
const mark = (node) => { for (const b of node.parentElement.querySelectorAll("button")) b.classList.toggle("chosen", b === node); };

// Other players' boards fold behind one line each on a phone (the person opens the
// ones they want; a board with a square to tap opens by itself); the table shows all.
const unfolded = new Set();

function renderBoard(state, ctx) {
  remember(state, BOX_MOST);  // on the host's device, what this table has seen joins the box (box.js)
  const me = playerOf(state, ctx.seat);
  const others = state.players.filter((p) => p.seat !== ctx.seat);
  const targets = ctx.targets || [];
  const fold = (p) => (me ? { open: unfolded.has(p.seat) || targets.some((x) => x.startsWith(`${p.seat}/`)),
    onToggle: (open) => (open ? unfolded.add(p.seat) : unfolded.delete(p.seat)) } : null);
  return el("div", { class: "kz-boards", id: "kz-boards" }, me ? boardOf(ctx, me, { mine: true }) : null,
    me ? poolLine(ctx, me) : null,
    others.length ? el("div", { class: `kz-others ${me ? "folded" : ""}` }, others.map((p) => boardOf(ctx, p, { fold: fold(p) }))) : null);
}

// A sheet with one button per choice; OK sends the chosen one (two taps: no mis-tap acts).
function pickSheet(ctx, title, choices, onPick) {
  let chosen = null;
  const list = el("div", { class: "kz-choices" }, choices.map(({ label, value, icon }) => {
    const b = el("button", { type: "button", class: "action", "data-choice": JSON.stringify(value) }, icon || null, el("span", {}, label));
    b.addEventListener("click", () => { chosen = value; mark(b); });
    return b;
  }));
  ctx.sheet(title, list, async () => (chosen === null ? t("kz.pickOne") : onPick(chosen)));
}

async function placeAndBuild(ctx, tile, slots) {
  const slot = slots.length === 1 ? slots[0]
    : await ctx.pickSquare(slots.map((s) => `${ctx.seat}/${s}`), t("kz.placeOn", { tile: tileLabel(ctx, tile, false) }));
  if (slot) await ctx.send({ type: "build", tile, slot: slot.split("/").pop() });
}

function buildItems(legal, ctx) {
  return by(legal, "build").map((m) => {
    if (m.tile) {
      return { id: `build-${m.tile.homunculus}-${m.tile.part}`, label: tileLabel(ctx, m.tile), icon: ctx.icon(m.tile.part, { decorative: true }),
        run: () => placeAndBuild(ctx, m.tile, m.slot) };
    }
    // a tile not named yet: its homunculus is the button (one tap), then part and cost
    const free = m.free_slots || {};
    const parts = ((ctx.words || {}).parts || []).filter((p) => free[p]);  // the rules' order
    // a tile the table has seen (or the host's box holds) that this player can pay for:
    // the tile is the button, then its place when it has two (a few, the editor lists all)
    const pool = ((ctx.state.players || []).find((p) => p.seat === ctx.seat) || {}).ingredients || {};
    const affordable = (tile) => tile.ingredients.every((i) => tile.ingredients.filter((x) => x === i).length <= (pool[i] || 0));
    const known = knownTiles(ctx, parts, null).filter(affordable).slice(0, KNOWN_BUTTONS).map((tile) => ({
      id: `build-known-${tile.homunculus}-${tile.part}-${tile.ingredients.join("-")}`, label: tileLabel(ctx, tile),
      icon: ctx.icon(tile.homunculus, { decorative: true }), run: () => placeAndBuild(ctx, tile, free[tile.part] || []) }));
    return [...known, ...((ctx.words || {}).homunculi || []).map((h) => ({ id: `build-new-${h}`, label: ctx.term(h),
      icon: ctx.icon(h, { decorative: true }), run: () => {
        const editor = tileEditor(ctx, { parts, homunculus: h });
        ctx.sheet(t("kz.tile.title.build"), editor.node, () => {
          const tile = editor.value();
          if (!tile) return t("kz.tile.pickAll");
          placeAndBuild(ctx, tile, free[tile.part] || []);  // after the sheet closes: the board shows
          return true;
        });
      } }))];
  }).flat();
}

function discardItems(legal, ctx) {
  return by(legal, "discard").map((m) => (m.tile
    ? { id: `discard-${m.tile.homunculus}-${m.tile.part}`, label: tileLabel(ctx, m.tile), icon: ctx.icon(m.tile.part, { decorative: true }),
      run: () => ctx.send({ type: "discard", tile: m.tile }) }
    : { id: "discard-unknown", label: t("kz.fromHand"), icon: ctx.icon("unknown", { decorative: true }), run: () => {
      const editor = tileEditor(ctx);
      ctx.sheet(t("kz.tile.title.discard"), editor.node, async () => {
        const tile = editor.value();
        return tile ? ctx.send({ type: "discard", tile }) : t("kz.tile.pickAll");
      });
    } }));
}

function whom(ctx, targets) {
  return targets.map((tg) => ({ label: ctx.names[tg.seat], value: tg.seat }));
}

// What happens after the power's button: each power asks for what it needs (K5).
const POWERS = {
  ear: (ctx, m, title) => pickSheet(ctx, `${title} · ${t("kz.which")}`, whom(ctx, m.targets),
    (seat) => ctx.send({ type: "power", slot: m.slot, target: { seat } })),
  arm: (ctx, m, title) => pickSheet(ctx, `${title} · ${t("kz.which")}`, whom(ctx, m.targets), (seat) => {
    setTimeout(() => nameTakenTile(ctx, m, seat));
    return true;
  }),
  tail: async (ctx, m) => {
    const at = await ctx.pickSquare(m.targets.map((tg) => `${tg.seat}/${tg.slot}`), t("kz.tail.pick"));
    if (!at) return;
    const [seat, slot] = at.split("/");
    await ctx.send({ type: "power", slot: m.slot, target: { seat: Number(seat), slot } });
  },
  leg: (ctx, m, title) => pickSheet(ctx, `${title} · ${t("kz.leg.title")}`,
    m.targets.map((tg) => ({ label: tileLabel(ctx, tg.tile), value: tg.tile, icon: ctx.icon(tg.tile.homunculus, { decorative: true }) })),
    (tile) => ctx.send({ type: "power", slot: m.slot, target: { tile } })),
  torso: (ctx, m, title) => {
    const spec = m.targets[0].ingredients;
    const pick = counters(ctx, spec.from, { most: spec.choose, total: spec.choose });
    ctx.sheet(title, pick.node, async () => (pick.value().length === spec.choose
      ? ctx.send({ type: "power", slot: m.slot, target: { ingredients: pick.value() } }) : t("kz.torso.pick")));
  },
};

function nameTakenTile(ctx, m, seat) {
  const editor = tileEditor(ctx);
  const skip = el("button", { type: "button", id: "kz-arm-skip" }, t("kz.arm.skip"));
  const close = ctx.sheet(t("kz.arm.title"), el("div", {}, el("p", { class: "hint" }, t("kz.arm.hint")), editor.node, skip), async () => {
    const tile = editor.value();
    return tile ? ctx.send({ type: "power", slot: m.slot, target: { seat, tile } }) : t("kz.tile.pickAll");
  });
  skip.addEventListener("click", async () => { if (close) close(); await ctx.send({ type: "power", slot: m.slot, target: { seat } }); });
}

function powerItems(legal, ctx) {
  return by(legal, "power").map((m) => {
    const title = `${ctx.term(m.slot)}: ${ctx.term(POWER_OF[m.power])}`;
    return { id: `power-${m.slot}`, label: title, icon: ctx.icon(m.power, { decorative: true }),
      run: () => POWERS[m.power](ctx, m, title) };
  });
}

function actionGroups(legal, state, me, ctx) {
  const group = (kind, items, icon = kind) => ({ kind, label: t(`kz.g.${kind}`), icon: ctx.icon(icon, { decorative: true }), items });
  // tiles the table has seen, one tap each, get a group of their own after the powers: a
  // few long buttons there keep draw, build, discard and a power on the first screen
  const build = buildItems(legal, ctx);
  const seen = build.filter((item) => item.id.startsWith("build-known-"));
  return [
    group("draw", by(legal, "draw").map(() => ({ id: "draw", label: t("kz.drawTile"), run: () => ctx.send({ type: "draw" }) }))),
    group("build", build.filter((item) => !seen.includes(item))),
    group("discard", discardItems(legal, ctx)),
    group("power", powerItems(legal, ctx)),
    group("known", seen, "build"),
    group("refresh", by(legal, "refresh").map(() => ({ id: "refresh", label: t("kz.refreshAll"), run: () => ctx.send({ type: "refresh" }) }))),
  ];
}

function prompt(legal, state, me, ctx) {
  const turn = state.turn || {};
  const reaction = turn.phase === "reaction" ? turn.reaction : null;
  if (reaction) {
    return reaction.target === ctx.seat
      ? t("kz.prompt.react", { by: ctx.names[reaction.actor], slot: ctx.term(reaction.slot) })
      : t("kz.prompt.waitReact", { who: ctx.names[reaction.target] });
  }
  if (turn.seat !== ctx.seat || state.status !== "playing") return null;
  return turn.actions_left ? t("kz.prompt.mine") : t("kz.prompt.done");
}

// The head's answer to a tail (K5.6): asked of the targeted player only, first on screen.
function urgent(legal, state, me, ctx) {
  if (!by(legal, "react").length) return null;
  return el("section", { class: "card yourturn", id: "reaction", role: "alert" },
    el("h2", {}, ctx.icon("tail", { decorative: true }), prompt(legal, state, me, ctx)),
    // what the tail does if let act, as the server foresees it (`effect`)
    ((state.turn.reaction || {}).effect || []).filter((e) => has(`kz.effect.${e.type}`))
      .map((e) => el("p", { class: "react-effect" }, narrate("kazaam", e, ctx.names, state, `kz.effect.${e.type}`))),
    el("div", { class: "row" },
      el("button", { class: "primary", type: "button", "data-move": "react-cancel", onclick: () => ctx.send({ type: "react", answer: "cancel" }) },
        ctx.icon("head", { decorative: true }), t("kz.react.cancel")),
      el("button", { type: "button", "data-move": "react-accept", onclick: () => ctx.send({ type: "react", answer: "accept" }) },
        t("kz.react.accept"))));
}

// The own hand, with the names its holder gave (PUT me/hand) and a way to name more.
// K5.2: an arm took a tile unnamed from a hand that was all named: the names are reset
// and the holder is asked again. Seen as the names vanishing with one tile gone while the
// discard pile stays as it was (an undone leg power would put its tile back there).
const lastLook = new Map();  // seat -> {known, size, discards}
const resetFor = new Set();

function noticeReset(me, state, ctx) {
  const { known, unknown } = me.hand;
  const now = { known: known.length, size: known.length + unknown, discards: (state.piles?.discard || []).length };
  const before = lastLook.get(ctx.seat);
  if (before && before.known > 0 && !now.known && unknown && now.size === before.size - 1
      && now.discards === before.discards) resetFor.add(ctx.seat);
  if (now.known || !unknown) resetFor.delete(ctx.seat);
  lastLook.set(ctx.seat, now);
  return resetFor.has(ctx.seat);
}

// The tiles of the hand its holder named, each with whether the table saw it go in (K5.4:
// taken from the discard pile; it cannot be renamed).
function namedTiles(me) {
  const pool = [...(me.hand.held || [])];
  return me.hand.known.map((tile) => {
    const i = pool.findIndex((h) => JSON.stringify(h) === JSON.stringify(tile));
    if (i >= 0) pool.splice(i, 1);
    return { tile, held: i >= 0 };
  });
}

// Fix your hand: a named tile is replaced by the one really held.
function correctButton(ctx, known, i) {
  const fix = () => {
    const editor = tileEditor(ctx);
    ctx.sheet(t("kz.fixTitle"), editor.node, async () => {
      const tile = editor.value();
      return tile ? ctx.declare({ tiles: known.map((k, j) => (j === i ? tile : k)) }) : t("kz.tile.pickAll");
    });
  };
  return el("button", { type: "button", class: "kz-fix", "data-fix": i, onclick: fix }, t("kz.fix", { tile: tileLabel(ctx, known[i]) }));
}

function handDeclaration(me, state, ctx) {
  if (!me || !me.hand || state.status !== "playing") return null;
  const { known, unknown } = me.hand;
  const reset = noticeReset(me, state, ctx) || me.declare_again;  // K5.2: the engine says so
  const declare = () => {
    const editor = tileEditor(ctx);
    ctx.sheet(t("kz.tile.title.declare"), editor.node, async () => {
      const tile = editor.value();
      return tile ? ctx.declare({ tiles: [...known, tile] }) : t("kz.tile.pickAll");
    });
  };
  const named = namedTiles(me);
  return el("section", { class: "card", id: "hand" }, el("h2", {}, t("kz.hand")),
    reset ? el("p", { class: "warnbox", id: "kz-reset", role: "status" }, t("kz.reset")) : null,
    known.length || unknown ? el("div", { class: "cards" }, named.map(({ tile, held }) => (held
      ? tileChip(ctx, tile, { "data-held": "1", title: t("kz.held") }) : tileChip(ctx, tile))),
      Array.from({ length: unknown }, () => el("span", { class: "cardchip kz-tile t-unknown" }, ctx.icon("unknown", { decorative: true, size: 22 }), ctx.term("unknown"))))
      : el("p", { class: "hint" }, t("kz.handEmpty")),
    unknown ? el("p", { class: "hint" }, tn("kz.unnamed", unknown)) : null,
    el("div", { class: "row" },
      unknown ? el("button", { type: "button", id: "declare", onclick: declare }, t("kz.declare")) : null,
      known.length ? el("button", { type: "button", id: "forget", onclick: () => ctx.declare({ tiles: [] }) }, t("kz.forget")) : null),
    named.some((n) => !n.held) ? el("div", { class: "row", id: "kz-fixes" },
      named.map((n, i) => (n.held ? null : correctButton(ctx, known, i)))) : null);
}

// How this game ends (K6.1, option end), the final round, or why it ended.
function endLine(state, ctx) {
  const reason = state.result && state.result.reason;
  if (state.status === "finished" && reason) return el("b", {}, ctx.term(reason));
  if (state.final_round) return el("b", {}, t("kz.finalRound"));
  return t(`kz.end.${state.options.end || "immediate"}`);
}

function extras(state, me, ctx) {
  const out = [];
  if (me && me.revealed) {
    const r = me.revealed;
    out.push(el("section", { class: "card", id: "revealed" }, el("h2", {}, ctx.icon("ear", { decorative: true }), t("kz.revealed", { who: ctx.names[r.seat] })),
      el("div", { class: "cards" }, r.tiles.map((tile) => tileChip(ctx, tile))),
      r.unknown ? el("p", { class: "hint" }, tn("kz.unnamed", r.unknown)) : null));
  }
  const piles = state.piles || { pile: 0, discard: [] };
  out.push(el("section", { class: "card", id: "kz-piles" }, el("h2", {}, t("kz.piles")),
    el("p", {}, ctx.icon("deck", { decorative: true }), tn("kz.pileLeft", piles.pile)),
    el("h3", {}, t("kz.discards")),
    piles.discard.length ? el("div", { class: "cards" }, piles.discard.map((tile) => tileChip(ctx, tile)))
      : el("p", { class: "hint" }, t("kz.none")),
    el("p", { class: "hint", id: "kz-end" }, endLine(state, ctx))));
  return out;
}

export const game = { renderBoard, actionGroups, prompt, urgent, handDeclaration, extras,
  tablePlayer, tablePanels };
