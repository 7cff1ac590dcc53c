import { api, el, t, toast } from "./common.js";

const OPTIONS = {
  gaia: [
    ["variant", ["base", "expert"], { en: "Expert game: power cards, defence and one player's pawns per city.",
      it: "Gioco esperto: carte potere, difesa e un solo giocatore per città.", de: "Expertenspiel: Machtkarten, Abwehr und eine Person pro Stadt." }],
    ["catastrophes", [false, true], { en: "Expert game: add Volcano and Lightning to the power deck.",
      it: "Gioco esperto: aggiungi Vulcano e Fulmine.", de: "Expertenspiel: Vulkan und Blitz dazunehmen." }],
    ["feeding", ["builder", "all"], { en: "Which cities eat before a turn: the player's own, or all.",
      it: "Quali città mangiano: solo le proprie o tutte.", de: "Welche Städte fressen: eigene oder alle." }],
    ["end_on", ["pile_and_display_empty", "deck_empty"], { en: "The game ends when a deck and its face-up cards are gone (rules), or as soon as a deck is empty.",
      it: "Fine quando mazzo e carte scoperte finiscono, o appena un mazzo è vuoto.", de: "Ende, wenn Stapel und offene Karten leer sind, oder sobald ein Stapel leer ist." }],
    ["duplicate_needs", ["each_icon", "distinct_neighbours"], { en: "Two equal need icons: one neighbour meets both, or each needs its own.",
      it: "Due bisogni uguali: un vicino li soddisfa entrambi, o uno ciascuno.", de: "Zwei gleiche Bedürfnisse: ein Nachbar reicht, oder je einer." }],
    ["auto_end_turn", [true, false], { en: "Pass the turn by itself after the second action.",
      it: "Passa il turno da solo dopo la seconda azione.", de: "Zug nach der zweiten Aktion automatisch beenden." }],
  ],
  kazaam: [
    ["end", ["immediate", "finish_round"], { en: "A full homunculus ends the game at once, or after the round.",
      it: "Un omuncolo completo chiude subito, o a fine giro.", de: "Ein voller Homunkulus beendet sofort oder nach der Runde." }],
    ["chain_counts_face_down", [true, false], { en: "Face-down neighbours count for chains.",
      it: "I vicini coperti contano per le catene.", de: "Verdeckte Nachbarn zählen für Ketten." }],
  ],
};

function render() {
  const game = document.querySelector("input[name=game]:checked").value;
  const box = document.getElementById("options");
  const lang = document.documentElement.lang;
  box.replaceChildren(el("legend", {}, "Options"));
  for (const [name, values, help] of OPTIONS[game]) {
    const select = el("select", { name, "data-option": name },
      values.map((v) => el("option", { value: JSON.stringify(v) }, String(v).replaceAll("_", " "))));
    box.append(el("label", {}, el("b", {}, name.replaceAll("_", " ")), select,
      el("span", { class: "hint" }, help[lang] || help.en)));
  }
}

document.querySelectorAll("input[name=game]").forEach((r) => r.addEventListener("change", render));
render();
document.getElementById("start").addEventListener("submit", async (e) => {
  e.preventDefault();
  const game = document.querySelector("input[name=game]:checked").value;
  const options = {};
  for (const s of document.querySelectorAll("[data-option]")) options[s.name] = JSON.parse(s.value);
  if (options.variant === "base") delete options.catastrophes;
  const r = await api("POST", "/sessions", { body: { game, options } });
  if (!r.ok) return toast(r.data);
  localStorage.setItem(`tc:host:${r.data.id}`, r.data.host_token);
  location.href = `/t/${r.data.id}`;
});
