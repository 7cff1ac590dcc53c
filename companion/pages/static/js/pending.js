// One pending action at a time: what a tap asked the server to change, sent until the
// server answers it. The Idempotency-Key is made once, at the tap, and every resend
// carries the same key, so a request that reached the server but whose answer was
// lost is answered again (`Idempotent-Replayed: true`) instead of applied twice.
// With a `store` key the action lives in sessionStorage too, and a reload resends it.
//
//   const p = pending({ store, send, settled, changed });
//   p.start({ kind, method, path, body, who })  -> Promise<{ok, status, data}> once settled
//   p.busy()       an action waits for its answer: move controls wait too
//   p.resume(who)  after a reload: resend the stored action of `who` (a seat), if any
//   p.nudge()      the network looks back (online event, live stream reconnected)
//   p.node         the status line's words: sending, no network, done or refused
// send(action) makes the request (api() with action.key); settled(action, answer) runs
// once per action with its final answer (2xx: done, replays included; 4xx: refused).
import { backoff, el, randomKey, t } from "./common.js";

// No answer, or one that says "try again": the server never decided on the request.
export function unanswered(r) {
  return r.status === 0 || r.status >= 500 || r.status === 429
    || (r.status === 409 && r.data && r.data.key === "session.idempotency_pending");
}

export function pending({ store = null, send, settled = () => {}, changed = () => {} }) {
  const node = el("p", { id: "pending-action", role: "status", class: "hint", hidden: true });
  const wait = backoff(1000, 15000);
  let action = null; let waiting = null; let timer = null; let inFlight = false;

  const say = (text, kind = "") => {
    node.textContent = text; node.hidden = !text;
    node.dataset.state = kind;
  };
  const keep = () => {
    if (!store) return;
    if (action) sessionStorage.setItem(store, JSON.stringify(action));
    else sessionStorage.removeItem(store);
  };
  const finish = (r) => {
    const done = action; const resolve = waiting;
    action = null; waiting = null; keep(); clearTimeout(timer); timer = null; wait.reset();
    if (r.ok) say(t("pend.done"), "done");
    else say(t("pend.refused", { why: (r.data && (r.data.detail || r.data.title)) || r.status }), "refused");
    changed();
    settled(done, r);
    if (resolve) resolve(r);
  };
  const attempt = async () => {
    clearTimeout(timer); timer = null;
    if (!action || inFlight) return;
    inFlight = true;
    const sent = action;
    let r;
    try { r = await send(sent); } finally { inFlight = false; }
    if (action !== sent) return;
    if (!unanswered(r)) return finish(r);
    say(t(navigator.onLine === false || r.status === 0 ? "pend.offline" : "pend.retry"), "offline");
    changed();
    timer = setTimeout(attempt, wait.next());
  };
  const begin = (stored) => {
    action = stored; keep();
    say(t("pend.sending"), "sending"); changed();
    const answer = new Promise((resolve) => { waiting = resolve; });
    attempt();
    return answer;
  };

  window.addEventListener("online", () => { if (action) attempt(); });
  return {
    node,
    busy: () => action !== null,
    // a second tap while one waits is no queue of guesses: it is refused here
    start: (intent) => (action ? Promise.resolve({ ok: false, status: -1, data: {} })
      : begin({ ...intent, key: randomKey() })),
    resume(who) {
      if (action || !store) return false;
      let stored = null;
      try { stored = JSON.parse(sessionStorage.getItem(store) || "null"); } catch { stored = null; }
      if (!stored || !stored.key || stored.who !== who) return false;
      begin(stored);
      return true;
    },
    nudge: () => { if (action && !inFlight) attempt(); },
    quiet: () => { if (!action) say(""); },
  };
}
