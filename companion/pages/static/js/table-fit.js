// The table screen as a display (a laptop, a TV: landscape, 900 × 560 px or more): nothing
// scrolls. The board fills the left column; the panels beside it are packed into pages
// measured on the real layout, and when they need more than one page the pages take
// turns (a tab strip names them and lets the host pick one). A panel taller than a page
// is split between its items (players, seats); the feed keeps its newest lines that fit.
import { el, t } from "./common.js";

export const DISPLAY = "(min-width: 900px) and (min-height: 560px) and (orientation: landscape)";
const TURN_MS = 10000;     // long enough to read a panel from across the table
const PINNED_MS = 60000;   // a page the host picked stays that long
const GAP = 10;            // px between panels, as .tb-pages' gap

const rotation = { page: 0, count: 1, pinnedUntil: 0, pinnedUnit: null, timer: null, show: null };

export function isDisplay() { return window.matchMedia(DISPLAY).matches; }

function heading(unit) {
  return unit.querySelector("h2")?.textContent || unit.getAttribute("aria-label") || "";
}

// Moves items (children of the unit's [data-items]) into copies of the unit until each
// copy fits `avail`: a long list of players becomes two panels, never a clipped one.
function split(unit, avail) {
  const out = [unit];
  let current = unit;
  while (current.offsetHeight > avail) {
    const list = current.querySelector("[data-items]");
    if (!list || list.children.length < 2) break;
    const copy = current.cloneNode(false);
    copy.removeAttribute("id");
    const copyList = list.cloneNode(false);
    copyList.removeAttribute("id");
    [...current.childNodes].filter((n) => n !== list && !n.contains?.(list))
      .forEach((n) => copy.append(n.cloneNode(true)));
    copy.append(copyList);
    current.after(copy);
    while (current.offsetHeight > avail && list.children.length > 1) copyList.prepend(list.lastElementChild);
    out.push(copy);
    current = copy;
  }
  return out;
}

// The feed shows its newest sentences that fit in `room` (oldest dropped, no scrollbar).
function trimFeed(unit, room) {
  const items = unit.querySelectorAll("li");
  for (let i = items.length - 1; i > 0 && unit.offsetHeight > room; i -= 1) items[i].remove();
}

function pack(units, avail) {
  const pages = [[]];
  let used = 0;
  for (const unit of units) {
    const h = unit.offsetHeight + GAP;
    if (unit.dataset.unit === "feed") {
      const room = avail - used;
      if (room < avail / 3 && pages.at(-1).length) { pages.push([]); used = 0; }
      trimFeed(unit, avail - used);
    } else if (pages.at(-1).length && used + h > avail) { pages.push([]); used = 0; }
    pages.at(-1).push(unit);
    used += unit.offsetHeight + GAP;
  }
  return pages;
}

function tabStrip(pages, show) {
  const seen = {};
  return el("div", { class: "tb-tabs", role: "group", "aria-label": t("fit.pages") }, pages.map((units, i) => {
    const what = [...new Set(units.map(heading).filter(Boolean))].join(" · ");
    // the tab shows its first panel's title (numbered when a split panel repeats it)
    const first = heading(units[0]);
    seen[first] = (seen[first] || 0) + 1;
    const tab = el("button", { type: "button", class: "tb-tab", "data-page": i, "aria-label": t("fit.page", { what }),
      "data-units": units.map((u) => u.dataset.unit).join(" ") }, seen[first] > 1 ? `${first} (${seen[first]})` : first);
    tab.addEventListener("click", () => {
      Object.assign(rotation, { pinnedUntil: Date.now() + PINNED_MS, pinnedUnit: units[0].dataset.unit });
      show(i);
    });
    return tab;
  }));
}

function layout(box, units, reserve) {
  const pagesBox = el("div", { class: "tb-pages", style: reserve ? `margin-top:${reserve}px` : null }, units);
  box.replaceChildren(pagesBox);
  const avail = pagesBox.clientHeight;
  const all = units.flatMap((u) => (u.dataset.unit === "feed" ? [u] : split(u, avail)));
  return { pagesBox, pages: pack(all, avail) };
}

// Lays out the panels `make()` draws in `box` (already in the document) as pages. When
// they need more than one, they are drawn again below a tab strip (its room measured).
export function paginate(box, make) {
  let { pagesBox, pages } = layout(box, make(), 0);
  if (pages.length > 1) {
    const strip = tabStrip(pages, () => {});
    box.prepend(strip);
    const reserve = strip.offsetHeight + GAP;
    ({ pagesBox, pages } = layout(box, make(), reserve));
    pagesBox.style.marginTop = "";
  }
  const show = (i) => {
    rotation.page = i;
    pages.forEach((units, n) => units.forEach((u) => { u.hidden = n !== i; }));
    box.querySelectorAll(".tb-tab").forEach((tab) => tab.setAttribute("aria-pressed", String(Number(tab.dataset.page) === i)));
  };
  if (pages.length > 1) box.prepend(tabStrip(pages, show));
  rotation.count = pages.length;
  rotation.show = show;
  // a page the host picked stays in front across updates, wherever its panel now is
  const pinned = Date.now() < rotation.pinnedUntil
    ? pages.findIndex((units) => units.some((u) => u.dataset.unit === rotation.pinnedUnit)) : -1;
  show(pinned >= 0 ? pinned : Math.min(rotation.page, pages.length - 1));
  startRotation();
}

function startRotation() {
  if (rotation.timer) return;
  rotation.timer = setInterval(() => {
    const busy = document.querySelector("dialog[open]") || document.activeElement?.closest?.(".tb-right");
    if (rotation.count < 2 || busy || Date.now() < rotation.pinnedUntil) return;
    rotation.show((rotation.page + 1) % rotation.count);
  }, TURN_MS);
}
