// The rules page is written by the server in one language (?lang= or the browser's):
// the language picker asks the server again instead of translating in place.
import { lang } from "./common.js";

const page = document.querySelector("[data-lang]");
const shown = page ? page.dataset.lang : "en";
const wanted = lang();
const withLang = (code) => { const url = new URL(location.href); url.searchParams.set("lang", code); return url.href; };
// (once: a language the server has no rules in yet is shown in English, not asked again)
const asked = new URL(location.href).searchParams.get("lang");
if (localStorage.getItem("tc:lang") && wanted !== shown && asked !== wanted) location.replace(withLang(wanted));
const select = document.getElementById("lang");
if (select) {
  select.value = shown;
  select.onchange = () => { localStorage.setItem("tc:lang", select.value); location.assign(withLang(select.value)); };
}
