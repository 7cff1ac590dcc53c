// Getting a phone to a seat: the join form (live while open), the wrong-code and
// started-game pages with a box to type another code, and seat links.
import { addStrings, api, el, lang, message, t, term, toast, live, COLORS } from "./common.js";
import { pending } from "./pending.js";

addStrings({
  en: { "join.title": "Join {game} · table {code}", "join.seated": "At the table: {names}",
    "join.nobody": "Nobody has joined yet.",
    "join.noColors": "Every colour is taken.",
    "join.full": "The table is full.", "join.wrong": "No table has the code {code}.",
    "join.retype": "Check the code on the table screen and type it again.",
    "join.started": "The game at table {code} has already started, so no new seat can be taken.",
    "join.startedHelp": "Playing already? Ask the host for your seat link (New token on the table screen). Or join another table:",
    "join.code": "Table code", "join.go": "Open", "join.name": "Your name",
    "join.color": "Colour",
    "join.button": "Join the table",
    "link.bad": "This seat link does not work (any more): ask the host for a new one.",
    "link.hostMissing": "Only the table screen's device can play for a seat: open it from there." },
  it: { "join.title": "Entra in {game} · tavolo {code}", "join.seated": "Al tavolo: {names}",
    "join.nobody": "Non è ancora entrato nessuno.",
    "join.noColors": "Tutti i colori sono presi.",
    "join.full": "Il tavolo è pieno.", "join.wrong": "Nessun tavolo ha il codice {code}.",
    "join.retype": "Controlla il codice sullo schermo del tavolo e riscrivilo.",
    "join.started": "La partita al tavolo {code} è già iniziata: non si possono prendere nuovi posti.",
    "join.startedHelp": "Stai già giocando? Chiedi all'host il link del tuo posto (Nuovo token sullo schermo del tavolo). Oppure entra in un altro tavolo:",
    "join.code": "Codice del tavolo", "join.go": "Apri", "join.name": "Il tuo nome",
    "join.color": "Colore",
    "join.button": "Entra al tavolo",
    "link.bad": "Questo link del posto non funziona (più): chiedine uno nuovo all'host.",
    "link.hostMissing": "Solo il dispositivo dello schermo del tavolo può giocare per un posto: aprilo da lì." },
  de: { "join.title": "{game} beitreten · Tisch {code}", "join.seated": "Am Tisch: {names}",
    "join.nobody": "Noch niemand ist beigetreten.",
    "join.noColors": "Alle Farben sind vergeben.",
    "join.full": "Der Tisch ist voll.", "join.wrong": "Kein Tisch hat den Code {code}.",
    "join.retype": "Prüfe den Code auf dem Tischbildschirm und gib ihn erneut ein.",
    "join.started": "Das Spiel am Tisch {code} hat schon begonnen: Es gibt keine neuen Plätze.",
    "join.startedHelp": "Du spielst schon mit? Bitte den Host um deinen Platz-Link (Neues Token auf dem Tischbildschirm). Oder tritt einem anderen Tisch bei:",
    "join.code": "Tisch-Code", "join.go": "Öffnen", "join.name": "Dein Name",
    "join.color": "Farbe",
    "join.button": "Am Tisch Platz nehmen",
    "link.bad": "Dieser Platz-Link funktioniert nicht (mehr): Bitte den Host um einen neuen.",
    "link.hostMissing": "Nur das Gerät des Tischbildschirms kann für einen Platz spielen: Öffne es dort." },
});

// A colour's word: the game's own (a game may offer more colours), else this page's.
const colorName = (c, game = "") => {
  const own = term(game, c);
  if (own !== String(c)) return own;
  const word = t(`color.${c}`); return word === `color.${c}` ? c : word;
};
addStrings({
  en: { "color.red": "red", "color.blue": "blue", "color.green": "green", "color.yellow": "yellow", "color.purple": "purple", "color.orange": "orange", "color.black": "black", "color.white": "white" },
  it: { "color.red": "rosso", "color.blue": "blu", "color.green": "verde", "color.yellow": "giallo", "color.purple": "viola", "color.orange": "arancione", "color.black": "nero", "color.white": "bianco" },
  de: { "color.red": "Rot", "color.blue": "Blau", "color.green": "Grün", "color.yellow": "Gelb", "color.purple": "Lila", "color.orange": "Orange", "color.black": "Schwarz", "color.white": "Weiß" },
});
export { colorName };

// A box to type a table code and go there (P3's codeBox() when it is there).
async function codeBox() {
  try {
    const mod = await import("./codebox.js");
    if (mod.codeBox) return mod.codeBox({ title: false });
  } catch { /* not shipped yet: the small one below */ }
  const input = el("input", { id: "code-input", name: "code", autocomplete: "off", autocapitalize: "characters",
    inputmode: "text", maxlength: 16, spellcheck: "false" });
  const form = el("form", { class: "row codebox" }, el("label", { for: "code-input" }, t("join.code")), input,
    el("button", { class: "primary" }, t("join.go")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const code = input.value.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
    if (code) location.assign(`/j/${code}`);
  });
  return form;
}

export async function wrongCode(root, code) {
  root.replaceChildren(el("section", { class: "card", id: "wrong-code" },
    el("h1", {}, t("join.wrong", { code })), el("p", {}, t("join.retype")), await codeBox()));
  root.querySelector("input")?.focus();
}

export async function lateJoiner(root, code, notice = null) {
  root.replaceChildren(el("section", { class: "card", id: "late" },
    notice ? el("p", { class: "warnbox", role: "alert", id: "notice" }, notice) : "",
    el("h1", {}, t("join.started", { code })), el("p", {}, t("join.startedHelp")), await codeBox()));
}

// Colour a new player is offered: the first free one the game suggests (a game may have
// colours with more pieces in the box), else the first free colour.
function suggested(info) {
  return (info.suggested_colors || []).find((c) => info.colors.includes(c)) || info.colors[0];
}

function optionsOf(select, values, label, keep) {
  const current = keep ?? select.value;
  select.replaceChildren(...values.map((v) => el("option", { value: v, selected: v === current }, label(v))));
}

// The form stays current while open: whoever joins meanwhile takes their colour away.
export function joinForm(root, code, info, onJoined) {
  const name = el("input", { id: "join-name", name: "name", maxlength: 24, required: true, autocomplete: "nickname" });
  const color = el("select", { id: "join-color", name: "color" });
  const fields = [el("label", { for: "join-name" }, t("join.name")), name,
    el("label", { for: "join-color" }, t("join.color")), color];
  // the game's own fields (GET /join → choices): each a select of its values
  const choices = (info.choices || []).map((choice) => {
    const select = el("select", { id: `join-${choice.field}`, name: choice.field });
    fields.push(el("label", { for: `join-${choice.field}` }, message(choice.label) || choice.field), select);
    return { field: choice.field, select };
  });
  const seated = el("p", { class: "hint", id: "join-seated" });
  const hint = el("p", { class: "hint", id: "join-hint" });
  const button = el("button", { class: "primary big", id: "join-button" }, t("join.button"));
  const refresh = (fresh, first = false) => {
    info = fresh;
    optionsOf(color, info.colors, (c) => colorName(c, info.game), first || !info.colors.includes(color.value) ? suggested(info) : undefined);
    for (const { field, select } of choices) {
      const offered = (info.choices || []).find((c) => c.field === field);
      optionsOf(select, offered ? offered.values : [], (v) => term(info.game, v));
    }
    seated.textContent = info.players.length ? t("join.seated", { names: info.players.map((p) => p.name).join(", ") }) : t("join.nobody");
    hint.textContent = info.seats_left <= 0 ? t("join.full") : !info.colors.length ? t("join.noColors")
      : info.hint ? message(info.hint) || "" : "";
    button.disabled = info.seats_left <= 0 || !info.colors.length;
  };
  const form = el("form", { class: "card", id: "join" },
    el("h1", {}, t("join.title", { game: info.options?.title || (info.title ? info.title[lang()] || info.title.en : info.game), code })), seated, ...fields, hint, button);
  refresh(info, true);
  // one key per tap, resent until answered (pending.js): a lost answer never takes two seats
  const joining = pending({ send: (a) => api(a.method, a.path, { body: a.body, key: a.key }) });
  form.append(joining.node);
  let stop = null;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (joining.busy()) return;
    const body = Object.fromEntries(new FormData(form));
    button.disabled = true;
    const r = await joining.start({ kind: "join", method: "POST", path: `/join/${code}`, body });
    button.disabled = false;
    if (!r.ok) return toast(r.data);
    if (stop) stop();
    onJoined({ sid: r.data.session_id, seat: r.data.seat, token: r.data.player_token, name: body.name });
  });
  root.replaceChildren(form);
  name.focus();
  // Live: each change at the table re-reads what is free (the name typed stays).
  stop = live(info.session_id, async () => {
    const fresh = await api("GET", `/join/${code}`);
    if (fresh.ok && fresh.data.status === "lobby") refresh(fresh.data);
    else if (fresh.ok) { stop(); lateJoiner(root, code); }
  });
  return () => stop && stop();
}
