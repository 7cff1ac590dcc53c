// The box: the cards or tiles (faces the table reads) the tables of this device have seen,
// kept in localStorage like "your tables". The deck on the table does not change between
// games of an evening: a new table or a rematch created here starts with these as
// suggestions (the create option `box`, so every phone sees the same ones). Only a host's
// device keeps them, only faces (never who held one), at most what the game's box holds.
const KEY = (game) => `tc:box:${game}`;
// what one physical box holds at most is the game's to say (its page module passes it to
// remember; the server refuses more): a box is stored already bounded by it, and read
// back under a ceiling no game's box reaches
const CEILING = 500;

const faceKey = (card) => (card.kind === "objective" ? `objective:${[...(card.terrains || [])].sort().join(",")}` : card.needs
  ? `${card.symbol}:${[...card.needs].sort().join(",")}`
  : `${card.homunculus}.${card.part}:${[...(card.ingredients || [])].sort().join(",")}`);

export function load(game) {
  try {
    const list = JSON.parse(localStorage.getItem(KEY(game)) || "[]");
    return Array.isArray(list) ? list.filter((c) => c && typeof c === "object").slice(0, CEILING) : [];
  } catch { return []; }
}

// At most ``most`` faces, or ``most[kind]`` of each kind (a box of city cards and objectives).
function bounded(cards, most) {
  if (typeof most === "number") return cards.slice(0, most);
  const count = {};
  return cards.filter((c) => { const k = c.kind || ""; count[k] = (count[k] || 0) + 1; return count[k] <= (most[k] || 0); });
}

// The newest first: when the box is full the oldest name (maybe a mistyped one) goes.
function save(game, cards, most) {
  const seen = new Set(); const out = [];
  for (const card of cards) {
    const k = faceKey(card);
    if (!seen.has(k)) { seen.add(k); out.push(card); }
  }
  try { localStorage.setItem(KEY(game), JSON.stringify(bounded(out, most))); } catch { /* storage full: the box stays as it was */ }
}

// Called whenever a table's state is shown: on the host's device, what the table has
// seen joins the box, which keeps at most ``most`` faces (what the game's box holds; a
// number, or one per kind of face).
export function remember(state, most) {
  if (!state || !most || !Array.isArray(state.known) || !state.known.length) return;
  if (!state.id || !localStorage.getItem(`tc:host:${state.id}`)) return;
  const before = load(state.game);
  const known = state.known.map(faceKey);
  if (known.every((k) => before.some((c) => faceKey(c) === k))) return;
  save(state.game, [...state.known, ...before], most);
}

// The create option for a new table of ``game`` from this device ({} when empty).
export function option(game) {
  const list = load(game);
  return list.length ? { box: list } : {};
}

export const sameFace = (a, b) => faceKey(a) === faceKey(b);
