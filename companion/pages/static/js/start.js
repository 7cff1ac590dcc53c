// The start page: a box to join a table by its code, and a new table built from
// GET /api/v1/games (games, options, their words and defaults come from the server).
import { api, el, lang, t, toast, translatePage } from "./common.js";
import { codeBox } from "./codebox.js";
import { clockChoice } from "./clock.js";
import { inputBox, problems } from "./start-inputs.js";
import { pending } from "./pending.js";
import { option as boxOption } from "./box.js";

// one key per tap, resent until answered: a lost answer never opens two tables
const creating = pending({ send: (a) => api(a.method, a.path, { body: a.body, key: a.key }) });
import { yourTables } from "./start-tables.js";

const words = (texts) => texts[lang()] || texts.en;
const key = (value) => String(value).toLowerCase();
const title = (game) => (game.title ? words(game.title) : game.name);  // "Segnapunti"
let games = [];
const chosen = {}; // option name -> value, for the game shown
let clock = null; // the session's turn clock (clock.js), the same for every game

function gameChoice(game, checked) {
  const input = el("input", { type: "radio", name: "game", value: game.id, checked,
    "aria-describedby": `about-${game.id}` });
  input.addEventListener("change", () => showOptions(game));
  return el("label", { class: "game-choice" }, input, el("b", {}, title(game)),
    el("span", { id: `about-${game.id}` }, words(game.summary)),
    el("span", { class: "hint" }, t("start.players", game.players), " · ",
      el("a", { href: `${game.rules}?lang=${lang()}`, target: "_blank" }, t("start.rules"))));
}

function offered(option) {
  return Object.entries(option.requires || {}).every(([name, value]) => chosen[name] === value);
}

function optionBox(option) {
  if (["text", "texts", "number"].includes(option.type)) return inputBox(option, chosen, words(option.label), words(option.help));
  const help = `help-${option.name}`;
  const values = option.values.map((value) => {
    const input = el("input", { type: "radio", name: `opt-${option.name}`, value: key(value),
      checked: chosen[option.name] === value });
    input.addEventListener("change", () => { chosen[option.name] = value; redrawOptions(); });
    return el("label", {}, input, words(option.value_labels[key(value)]),
      value === option.default ? el("span", { class: "default" }, `(${t("start.default")})`) : null);
  });
  return el("fieldset", { class: "option", "data-option": option.name, "aria-describedby": help },
    el("legend", {}, words(option.label)),
    el("div", { class: option.type === "boolean" ? "values yesno" : "values" }, values),
    el("p", { class: "hint", id: help }, words(option.help)));
}

let current = null;
function redrawOptions() {
  const box = document.getElementById("options");
  const shown = current.options.filter(offered);
  box.replaceChildren(shown.length ? el("h2", {}, t("start.options", { game: title(current) })) : "",
    ...shown.map(optionBox));
}

function showOptions(game) {
  current = game;
  for (const name of Object.keys(chosen)) delete chosen[name];
  for (const option of game.options) chosen[option.name] = option.default;
  redrawOptions();
}

async function create(e) {
  e.preventDefault();
  const button = document.getElementById("create");
  const wrong = problems(document.getElementById("options"));  // each says why beside it
  if (wrong) { wrong.focus(); return; }
  const options = {};
  for (const option of current.options) if (offered(option)) options[option.name] = chosen[option.name];
  Object.assign(options, boxOption(current.id));  // the cards this device's tables have seen
  if (creating.busy()) return;
  if (!creating.node.isConnected) button.after(creating.node);  // sending, no network …
  button.disabled = true;
  button.textContent = t("start.creating");
  const r = await creating.start({ kind: "create", method: "POST", path: "/sessions",
    body: { game: current.id, options, clock: clock.value() } });
  button.disabled = false;
  button.textContent = t("start.create");
  if (!r.ok) { toast(r.data); return; }
  localStorage.setItem(`tc:host:${r.data.id}`, r.data.host_token);
  location.href = `/t/${r.data.id}`;
}

async function load() {
  const loading = document.getElementById("start-loading");
  loading.replaceChildren(t("start.loading"));
  const r = await api("GET", "/games");
  if (!r.ok || !Array.isArray(r.data)) {
    const retry = el("button", { type: "button" }, t("start.retry"));
    retry.addEventListener("click", load);
    loading.replaceChildren(t("start.failed"), " ", retry);
    return;
  }
  games = r.data;
  loading.hidden = true;
  const form = document.getElementById("start");
  document.getElementById("games").replaceChildren(el("legend", {}, t("start.game")),
    ...games.map((g, i) => gameChoice(g, i === 0)));
  showOptions(games[0]);
  yourTables(document.getElementById("your-tables"), (id) => { const g = games.find((x) => x.id === id); return g ? title(g) : id; });
  clock = clockChoice();
  document.getElementById("create").before(clock.node);
  form.hidden = false;
}

document.getElementById("join-box").replaceChildren(codeBox());
document.getElementById("start").addEventListener("submit", create);
// the page says what is wrong beside each field, in its language (not the browser's bubble)
document.getElementById("start").noValidate = true;
translatePage(); // again: this module's strings were added after common.js translated the page
load();
