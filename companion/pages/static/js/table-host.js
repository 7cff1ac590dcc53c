// The host's controls on the table screen: confirmations, seats (play for a seat, a
// seat without a phone, a new link for a seat, removing a lobby seat), a new join
// code, undo, finish and rematch.
import { api, el, message, t, term, toast } from "./common.js";
import { pending } from "./pending.js";
import { suggested } from "./join.js";

// An in-page dialog (the native <dialog>: focus kept inside, Escape cancels).
// Resolves true on OK, false otherwise. body: a sentence or nodes.
export function ask(title, body, { ok = t("host.confirm"), danger = false } = {}) {
  return new Promise((resolve) => {
    const dialog = dialogBox(title, body);
    const yes = el("button", { type: "button", class: danger ? "primary danger" : "primary", id: "confirm-ok" }, ok);
    const no = el("button", { type: "button", id: "confirm-cancel" }, t("host.cancel"));
    const done = (answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    yes.addEventListener("click", () => done(true));
    no.addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    dialog.querySelector(".tb-dialog-actions").append(yes, no);
    dialog.showModal();
    no.focus();  // the safe answer has the focus: Enter never destroys by accident
  });
}

let dialogs = 0;
function dialogBox(title, body) {
  const id = `dialog-title-${++dialogs}`;
  const dialog = el("dialog", { class: "tb-dialog", "aria-labelledby": id },
    el("h2", { id }, title), ...(Array.isArray(body) ? body : [el("p", {}, body)]),
    el("div", { class: "row tb-dialog-actions" }));
  document.body.append(dialog);
  return dialog;
}

function info(title, body) {
  const dialog = dialogBox(title, body);
  const close = el("button", { type: "button", class: "primary", id: "dialog-done" }, t("host.done"));
  close.addEventListener("click", () => { dialog.close(); dialog.remove(); });
  dialog.addEventListener("close", () => dialog.remove());
  dialog.querySelector(".tb-dialog-actions").append(close);
  dialog.showModal();
  close.focus();
  return dialog;
}

// The host's actions go through one pending action (pending.js): one key per tap, resent
// with the same key until the server answers, so a lost answer never acts twice.
const hosting = pending({ send: (a) => api(a.method, a.path, { token: a.token, body: a.body, key: a.key }) });
export async function post(ctx, path, body) {
  if (hosting.busy()) return { ok: false, status: -1, data: {} };
  const r = await hosting.start({ kind: "host", method: "POST", path: `/sessions/${ctx.sid}${path}`, body, token: ctx.host });
  if (!r.ok) toast(r.data);
  return r;
}

// The play view for a seat, in its own tab (the table screen stays).
function playLink(ctx, p) {
  return `/j/${ctx.state.code}#host=${ctx.sid}&seat=${p.seat}`;
}

async function playFor(ctx, p) {
  if (p.phone) {
    const sure = await ask(t("host.playFor", { who: p.name }), t("host.takeAsk", { who: p.name }), { ok: t("host.take"), danger: true });
    if (!sure) return;
    const r = await post(ctx, `/seats/${p.seat}/takeover`);
    if (!r.ok) return;
  }
  const opened = window.open(playLink(ctx, p), "_blank");
  if (!opened) info(t("host.playFor", { who: p.name }), [el("p", {}, el("a", { href: playLink(ctx, p), target: "_blank", id: "play-link" }, t("host.popup", { who: p.name })))]);
}

// Inline SVG from our own server's answer (the QR of the seat link), parsed, not injected.
function svgFrom(markup) {
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return null;
  svg.setAttribute("role", "img");
  return document.importNode(svg, true);
}

async function newToken(ctx, p) {
  const sure = await ask(t("host.newToken", { who: p.name }), t("host.tokenAsk", { who: p.name }), { ok: t("host.tokenMake"), danger: true });
  if (!sure) return;
  const r = await post(ctx, `/seats/${p.seat}/token`);
  if (!r.ok) return;
  const qr = svgFrom(r.data.qr_svg || "");
  if (qr) qr.setAttribute("aria-label", t("host.tokenTitle", { who: p.name }));
  info(t("host.tokenTitle", { who: p.name }), [el("p", {}, t("host.tokenScan")),
    el("div", { class: "tb-qr", id: "seat-qr" }, qr),
    el("p", { class: "tb-link" }, el("a", { href: r.data.seat_url, id: "seat-link", target: "_blank" }, r.data.seat_url))]);
}

// In the lobby: take a seat away (somebody took seats with the code), after asking.
export function removeButton(ctx, p) {
  const remove = el("button", { type: "button", class: "danger", "data-remove": p.seat }, t("host.remove", { who: p.name }));
  remove.addEventListener("click", async () => {
    if (!await ask(t("host.remove", { who: p.name }), t("host.removeAsk", { who: p.name }), { ok: t("host.remove", { who: p.name }), danger: true })) return;
    const r = await api("DELETE", `/sessions/${ctx.sid}/seats/${p.seat}`, { token: ctx.host });
    if (!r.ok) toast(r.data);
  });
  return remove;
}

// A new join code: the old one (and its QR) stops working; the new state shows the new one.
export function newCodeButton(ctx) {
  const button = el("button", { type: "button", id: "new-code" }, t("host.newCode"));
  button.addEventListener("click", async () => {
    if (await ask(t("host.newCode"), t("host.newCodeAsk"), { ok: t("host.newCode"), danger: true })) post(ctx, "/code");
  });
  return button;
}

// "Play for <name>": at once for a seat without a phone, after a confirmed takeover otherwise.
export function playButton(ctx, p, cls = "") {
  const play = el("button", { type: "button", class: cls, "data-play": p.seat }, t("host.playFor", { who: p.name }));
  play.addEventListener("click", () => playFor(ctx, p));
  return play;
}

function seatRow(ctx, p) {
  const playing = ctx.state.status !== "finished";
  const play = playButton(ctx, p);
  const token = el("button", { type: "button", "data-token": p.seat }, t("host.newToken", { who: p.name }));
  token.addEventListener("click", () => newToken(ctx, p));
  return el("li", { class: "tb-seat", "data-seat": p.seat },
    el("span", { class: "tb-seat-name" }, p.name),
    el("span", { class: "chip", "data-phone": String(Boolean(p.phone)) }, p.phone ? t("host.phone") : t("host.noPhone")),
    el("span", { class: "row" }, playing ? play : null, playing ? token : null));
}

// The host's panel: seats always; undo and finish while the game runs.
export function hostPanel(ctx) {
  if (!ctx.host) return null;
  const s = ctx.state;
  const buttons = [];
  if (s.status === "playing") {
    const undo = el("button", { type: "button", id: "host-undo" }, t("host.undo"));
    undo.addEventListener("click", async () => {
      const last = ctx.moves.at(-1);
      const question = last ? t("host.undoWhat", { what: last.text }) : t("host.undoAsk");
      if (await ask(t("host.undo"), question, { ok: t("host.undo") })) post(ctx, "/undo", {});
    });
    buttons.push(undo, finishButton(ctx));
  }
  return el("section", { class: "card tb-host", id: "host", "aria-label": t("host.title") },
    el("h2", {}, t("host.title")),
    buttons.length ? el("div", { class: "row" }, buttons) : null,
    el("h3", {}, t("host.seats")), el("ul", { class: "tb-seats", id: "seats", "data-items": "" }, s.players.map((p) => seatRow(ctx, p))));
}

export function finishButton(ctx, id = "host-finish") {
  const finish = el("button", { type: "button", id, class: "danger" }, t("host.finish"));
  finish.addEventListener("click", async () => {
    if (await ask(t("host.finish"), t("host.finishAsk"), { ok: t("host.finish"), danger: true })) post(ctx, "/finish");
  });
  return finish;
}

export function rematchButton(ctx) {
  const button = el("button", { type: "button", class: "primary big", id: "rematch" }, t("host.rematch"));
  button.addEventListener("click", async () => {
    if (!(await ask(t("host.rematch"), t("host.rematchAsk"), { ok: t("host.rematch") }))) return;
    const r = await post(ctx, "/rematch");
    if (!r.ok) return;
    localStorage.setItem(`tc:host:${r.data.id}`, r.data.host_token);
    location.assign(`/t/${r.data.id}`);
  });
  return button;
}

function select(label, name, values, labels, suggest = null) {
  const box = el("select", { name, required: true, "aria-label": label },
    el("option", { value: "", disabled: true, selected: !suggest }, t("host.choose")),
    values.map((v) => el("option", { value: v, selected: v === suggest }, labels(v))));
  return el("label", {}, el("span", {}, label), box);
}

// Lobby: a seat without a phone, with the same choices as the join form (read from
// GET /join/<code>: free colours and the game's own choices).
export function addSeatForm(ctx) {
  const form = el("form", { class: "card tb-addseat", id: "add-seat" }, el("h2", {}, t("host.addSeat")),
    el("p", { class: "hint" }, t("host.addHint")));
  const fields = el("div", { class: "tb-fields" });
  form.append(fields);
  const fill = async () => {
    // the host's token passes the budget of wrong codes (somebody guessing elsewhere)
    const r = await api("GET", `/join/${ctx.state.code}`, { token: ctx.host });
    if (!r.ok) return;
    const info = r.data; const game = ctx.state.game;
    // a live update rebuilds the choices (a colour just taken disappears): what the host
    // already typed or picked stays, as long as it is still on offer
    const kept = Object.fromEntries(new FormData(form).entries());
    fields.replaceChildren(...[
      el("label", {}, el("span", {}, t("host.name")), el("input", { name: "name", required: true, maxlength: 24, autocomplete: "off" })),
      // a free colour is suggested, as on a joining phone (kept below if the host chose)
      select(t("host.color"), "color", info.colors || [], (c) => term(game, c), suggested(info)),
      // the game's own fields (prototype, ingredient ...), as on the join form
      ...(info.choices || []).map((c) => select(message(c.label) || c.field, c.field, c.values || [], (v) => term(game, v))),
      el("button", { class: "primary", type: "submit", id: "add-seat-ok" }, t("host.add"))].filter(Boolean));
    for (const [name, value] of Object.entries(kept)) {
      const field = form.elements.namedItem(name);
      if (field && (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value && !o.disabled))) {
        field.value = value;
      }
    }
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(form).entries());
    const r = await post(ctx, "/seats", body);
    if (r.ok) { form.reset(); fill(); }
  });
  form.refresh = fill;
  fill();
  return form;
}
