// Getting a phone to a seat: the join form (live while open), the wrong-code and
// started-game pages with a box to type another code, and seat links.
import { api, el, has, lang, message, t, term, toast, live, COLORS } from "./common.js";
import { pending } from "./pending.js";

// A colour's word: the game's own (a game may offer more colours), else this page's.
const colorName = (c, game = "") => {
  const own = term(game, c);
  if (own !== String(c)) return own;
  return has(`color.${c}`) ? t(`color.${c}`) : c;
};
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
    el("h1", {}, t("join.started", { code })), el("p", { id: "late-help" }, t("join.startedHelp", { button: t("host.newToken", { who: "…" }) })), await codeBox()));
}

// Colour a new player is offered: the first free one the game suggests (a game may have
// colours with more pieces in the box), else the first free colour.
export function suggested(info) {
  return (info.suggested_colors || []).find((c) => (info.colors || []).includes(c)) || (info.colors || [])[0];
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
