// The table's chat (issue 39, item 3): a panel for its players and spectators, fed by the table screen's own
// WatchTable stream (asked with_chat: table/screen.js hands each ChatLine to heard()), and GetChat every few seconds
// once the game is over (the stream ends with it; its end screen is where "gg" is said). Lines are text and only
// text: each is put in the page with textContent (dom.js's h makes text nodes), never as markup.
//
// A player writes as their seat (the server names them); a spectator gives a name, kept in the browser's storage.
// Quick phrases in the page's language; a sender muted (a seat at this table, a spectator by name) is kept muted
// in the browser's storage. The server's refusals (one line a second in bursts of 5, 200 characters...) are said in
// the page's language. On a wide screen the panel is a column beside the table, in sight as the page scrolls (its
// lines came unseen below the fold); narrower (a phone's, a tablet's width) it folds into a band at the screen's
// bottom with the count of lines unread and the last of them, opening over the board rather than under it: a line
// never pushes the board, and the page keeps the band's room (chat.css), so the band covers no control.
//
// create(node, ctx) -> {update(ctx), heard(line), last(), destroy()}, as a board is made (table/board.js): ctx is
// {tableId, token, seat, info, t}. replayChat(node, ...) is a finished table's beside its replay, read-only, the
// lines said up to the step shown. The pure parts (merged, muteKey, isMuted, toggledMute, unreadLines, refusal,
// quickPhrases, saidBy) run under `node --test tests/web/chat.test.mjs`.

import { call } from "../rpc.js";
import { h } from "../dom.js";

export const MAX_LINE = 200; // a line's characters at most (server/tables.py's MAX_CHAT)
export const MAX_NAME = 64; // a spectator's name
export const KEPT = 300; // the lines the panel keeps (a table keeps 5,000)
export const MAX_MUTED = 200; // the senders kept muted, the latest
export const MUTED_KEY = "brelan.chat.muted";
export const NAME_KEY = "brelan.chat.name";
const PLAYER_NAME_KEY = "brelan.name"; // the header's name (app.js): a spectator's first name here
const POLL_MS = 3000; // GetChat once the game is over
// Narrower than chat.css's side column (a phone's, a tablet's width): the panel folds into the band at the screen's
// bottom, and opens over the board.
const FOLDED = "(max-width: 59.99rem)";

// -- the pure parts --------------------------------------------------------------------------------

/** ``lines`` with ``line`` in its place (by ChatLine.n): once each, in order, the last KEPT. */
export function merged(lines, line) {
  const n = Number(line?.n || 0);
  if (!n || lines.some((l) => Number(l.n) === n)) return lines;
  const all = [...lines, line];
  if (lines.length && n < Number(lines.at(-1).n)) all.sort((a, b) => Number(a.n) - Number(b.n));
  return all.slice(-KEPT);
}

/** Whether a line was said from a seat (ChatLine.seat is unset for a spectator; seat 0 is a seat). */
export const fromSeat = (line) => line?.seat !== undefined && line?.seat !== null;

/** What mutes a line's sender: its seat at this table ("seat:t-1:2"), a spectator by name ("name:eve", any case). */
export function muteKey(tableId, line) {
  return fromSeat(line) ? `seat:${tableId}:${Number(line.seat)}` : `name:${String(line?.name || "").trim().toLowerCase()}`;
}

/** Whether ``line``'s sender is among ``muted`` (the keys muteKey makes). */
export function isMuted(muted, tableId, line) {
  return muted.includes(muteKey(tableId, line));
}

/** ``muted`` with ``key`` muted, or unmuted if it was; the latest MAX_MUTED kept. */
export function toggledMute(muted, key) {
  return muted.includes(key) ? muted.filter((k) => k !== key) : [...muted, key].slice(-MAX_MUTED);
}

/** The muted list as ``storage`` keeps it (a broken value: none). */
export function readMuted(storage) {
  try {
    const list = JSON.parse(storage?.getItem(MUTED_KEY) || "[]");
    return Array.isArray(list) ? list.filter((k) => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** The lines after ``seen`` (a ChatLine.n) a reader has not read: neither muted nor their own (``mine(line)``). */
export function unreadLines(lines, seen, { muted = [], tableId = "", mine = () => false } = {}) {
  return lines.filter((l) => Number(l.n) > seen && !isMuted(muted, tableId, l) && !mine(l));
}

/** The lines said by a replay's step ``seq`` (an event's): each line is said at the table's seq of its time
 *  (ChatLine.seq: the last event then; 0 before the first), so it shows from that event on. */
export function saidBy(lines, seq) {
  return lines.filter((l) => Number(l.seq || 0) <= seq);
}

/** A refused Say in the page's words: the key of its text (the RpcError's code and reason; an invalid line's field
 *  and why, which only the server's message says). */
export function refusal(error) {
  const { code = "", reason = "", message = "" } = error || {};
  if (reason === "RATE_LIMITED") return "chat.error.rate";
  if (reason === "CHAT_FULL") return "chat.error.full";
  if (code === "invalid_argument") {
    if (/^name\b/.test(message)) return "chat.error.name";
    return /at most/.test(message) ? "chat.error.long" : /empty/.test(message) ? "chat.error.empty" : "chat.error.text";
  }
  if (code === "resource_exhausted") return "chat.error.rate";
  if (code === "not_found") return "chat.error.table";
  if (code === "unauthenticated" || code === "permission_denied") return "chat.error.seat";
  return "chat.error.other";
}

/** The quick phrases of the page's language (t("chat.quick"): "|" between them). */
export function quickPhrases(t) {
  return t("chat.quick").split("|").map((p) => p.trim()).filter(Boolean);
}

// -- the panel --------------------------------------------------------------------------------------

const store = () => (typeof localStorage === "undefined" ? null : localStorage);

/** A line as the log shows it: its sender and its text (as text), its time in its title; ``own``: this page's;
 *  ``extra``: what follows it (a mute button). */
function lineItem(line, t, own = false, extra = null) {
  const at = Number(line.at || 0);
  return h("li", { class: `chat-line${own ? " mine" : ""}${fromSeat(line) ? "" : " spectator"}`, "data-n": line.n,
                   title: at ? new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : null },
    h("b", { class: "who" }, line.name || t("chat.spectator")), " ", h("span", { class: "said" }, line.text), extra);
}

/** The chat panel in ``node`` (an <aside>), for the table and seat of ``ctx``. */
export function create(node, first) {
  let ctx = { ...first };
  let lines = [];
  let muted = readMuted(store());
  let seen = 0; // the last line read (the panel open, or said before the page was)
  const opened = Date.now();
  const sent = new Set(); // the lines this page said (a spectator's own have no seat)
  let poll = 0;
  let sending = false;
  const t = (key, vars) => ctx.t(key, vars);
  const mine = (line) => sent.has(Number(line.n)) || (ctx.seat !== null && ctx.seat !== undefined && fromSeat(line)
    && Number(line.seat) === ctx.seat);
  const media = typeof matchMedia === "function" ? matchMedia(FOLDED) : null;
  let folded = Boolean(media?.matches);
  let open = !folded; // a folded panel opens on a tap, over the board
  const refold = () => {
    folded = Boolean(media?.matches);
    setOpen(!folded); // a window made wider shows the side column, narrower folds it
  };
  media?.addEventListener("change", refold);

  const log = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite" });
  const badge = h("span", { class: "chat-unread", id: "chat-unread", hidden: true });
  const toggleLabel = h("span", { class: "chat-label" });
  const peek = h("span", { class: "chat-peek", id: "chat-peek" }); // folded: the last line unread, in the band
  const toggle = h("button", { type: "button", class: "chat-toggle", id: "chat-toggle", "aria-controls": "chat-body",
                               onclick: () => setOpen(!open) }, toggleLabel, badge, peek);
  const close = h("button", { type: "button", class: "chat-close quiet", id: "chat-close", onclick: () => setOpen(false) });
  const heading = h("b", { class: "chat-heading" });
  const apart = h("p", { class: "chat-apart", hidden: true });
  const empty = h("p", { class: "chat-empty" });
  const mutedNote = h("p", { class: "chat-muted", id: "chat-muted", hidden: true });
  const quick = h("div", { class: "chat-quick", id: "chat-quick" });
  const savedName = store()?.getItem(NAME_KEY) || store()?.getItem(PLAYER_NAME_KEY) || "";
  const name = h("input", { type: "text", class: "chat-name", id: "chat-name", maxlength: MAX_NAME, size: 10,
                            autocomplete: "nickname", value: savedName });
  name.addEventListener("change", () => store()?.setItem(NAME_KEY, name.value.trim()));
  const input = h("input", { type: "text", class: "chat-input", id: "chat-input", maxlength: MAX_LINE,
                             autocomplete: "off", enterkeyhint: "send" });
  input.addEventListener("input", () => (error.textContent = "")); // a refusal said until the next line is typed
  const send = h("button", { type: "submit", class: "chat-send", id: "chat-send" });
  const form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    say(input.value);
  } }, name, input, send);
  const error = h("p", { class: "chat-error", id: "chat-error", role: "status" });
  const body = h("div", { class: "chat-body", id: "chat-body" },
    h("div", { class: "chat-head" }, heading, close), apart, h("div", { class: "chat-window" }, log, empty), mutedNote,
    quick, form, error);
  node.classList.add("chat");
  node.replaceChildren(toggle, body);

  function setOpen(value) {
    open = value;
    if (open) seen = Number(lines.at(-1)?.n || seen);
    drawState();
    if (open) {
      log.scrollTop = log.scrollHeight;
      if (folded) input.focus();
    }
  }

  /** Say ``text`` (a quick phrase, or what was typed): the box emptied once the line is kept; a refusal said. */
  async function say(text) {
    text = String(text || "").trim();
    if (!text || sending) return;
    sending = true;
    send.disabled = true;
    const spectator = ctx.seat === null || ctx.seat === undefined;
    const who = spectator ? name.value.trim() || t("chat.spectator") : "";
    if (spectator) store()?.setItem(NAME_KEY, name.value.trim());
    try {
      const answer = await call("TableService", "Say", { tableId: ctx.tableId, text, ...(who ? { name: who } : {}) },
                                spectator ? "" : ctx.token);
      error.textContent = "";
      if (input.value.trim() === text) input.value = "";
      if (answer?.line) {
        sent.add(Number(answer.line.n));
        const before = lines;
        heard(answer.line); // at once, whatever the stream's pace
        if (lines === before) drawLines(); // the stream brought it first: drawn again as this page's own
      }
    } catch (e) {
      error.textContent = t(refusal(e), { n: MAX_LINE });
    } finally {
      sending = false;
      send.disabled = false;
    }
  }

  /** A line heard (the stream's, GetChat's, or Say's answer). */
  function heard(line) {
    const before = lines;
    lines = merged(lines, line);
    if (lines === before) return;
    // what was said before the page was opened is not news (ChatLine.at: the server's clock, in seconds)
    if (open || Number(line.at || 0) * 1000 <= opened) seen = Math.max(seen, open ? Number(lines.at(-1).n) : Number(line.n));
    drawLines();
  }

  function muteButton(line) {
    const who = line.name || t("chat.spectator");
    const key = muteKey(ctx.tableId, line);
    return h("button", { type: "button", class: "chat-mute quiet", "data-mute": key, title: t("chat.mute", { name: who }),
                         "aria-label": t("chat.mute", { name: who }), onclick: () => setMuted(key) }, "\u2298");
  }

  function setMuted(key) {
    muted = toggledMute(muted, key);
    store()?.setItem(MUTED_KEY, JSON.stringify(muted));
    drawLines();
  }

  function drawLines() {
    const atEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    const shown = lines.filter((l) => !isMuted(muted, ctx.tableId, l));
    log.replaceChildren(...shown.map((line) => lineItem(line, t, mine(line), mine(line) ? null : muteButton(line))));
    // the senders muted at this table (its seats) or anywhere (spectators' names) who said a line here
    const silenced = new Map();
    for (const line of lines) {
      if (isMuted(muted, ctx.tableId, line)) silenced.set(muteKey(ctx.tableId, line), line.name || t("chat.spectator"));
    }
    mutedNote.hidden = !silenced.size;
    mutedNote.replaceChildren(t("chat.muted"), " ", ...[...silenced].map(([key, who]) =>
      h("button", { type: "button", class: "chat-unmute quiet", "data-unmute": key, title: t("chat.unmute", { name: who }),
                    onclick: () => setMuted(key) }, who)));
    empty.hidden = shown.length > 0;
    if (atEnd || open) log.scrollTop = log.scrollHeight;
    drawState();
  }

  function drawState() {
    const news = open ? [] : unreadLines(lines, seen, { muted, tableId: ctx.tableId, mine });
    const unread = news.length;
    node.dataset.open = String(open);
    toggle.setAttribute("aria-expanded", String(open));
    badge.hidden = !unread;
    badge.textContent = unread ? String(unread) : "";
    const latest = news.at(-1);
    peek.replaceChildren(...(latest ? [h("b", {}, latest.name || t("chat.spectator")), " ", latest.text] : []));
    toggle.setAttribute("aria-label", unread ? `${t("chat.title")} · ${t("chat.unread", { n: unread })}` : t("chat.title"));
  }

  /** The words of the page's language, and what depends on the table and the seat. */
  function drawWords() {
    const spectator = ctx.seat === null || ctx.seat === undefined;
    toggleLabel.textContent = t("chat.title");
    heading.textContent = t("chat.title");
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", t("chat.close"));
    empty.textContent = t("chat.empty");
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", t("chat.placeholder"));
    send.textContent = t("chat.send");
    name.hidden = !spectator;
    name.placeholder = t("chat.name");
    name.setAttribute("aria-label", t("chat.name"));
    apart.hidden = !(spectator && ctx.info?.chatApart);
    apart.textContent = t("chat.apart");
    quick.replaceChildren(...quickPhrases(t).map((phrase) =>
      h("button", { type: "button", class: "quiet chat-phrase", onclick: () => say(phrase) }, phrase)));
  }

  let worded = "";
  function update(next) {
    ctx = { ...ctx, ...next };
    const words = JSON.stringify([ctx.t("chat.title"), ctx.seat, Boolean(ctx.info?.chatApart)]);
    if (words !== worded) {
      worded = words;
      drawWords();
      drawLines();
    }
    // The stream ends with the game: its chat is read every few seconds from then on.
    const over = ctx.info?.status === "TABLE_STATUS_FINISHED";
    if (over && !poll) {
      poll = setInterval(() => call("TableService", "GetChat", { tableId: ctx.tableId, after: String(last()) },
                                    ctx.token || "")
        .then((answer) => (answer.lines || []).forEach(heard)).catch(() => null), POLL_MS);
    }
  }

  const last = () => Number(lines.at(-1)?.n || 0);
  update(first);
  return {
    update,
    heard,
    last,
    destroy() {
      clearInterval(poll);
      media?.removeEventListener("change", refold);
      node.replaceChildren();
    },
  };
}

/** The chat of a finished table beside its replay (table/replay.js), read-only: the lines said up to the step shown
 *  (saidBy), read once with GetChat (``token``: as the seat that saw them; the muted senders left out, as at the
 *  table). In ``node`` (an <aside>); at(seq) shows the lines of step ``seq``. */
export function replayChat(node, { tableId, token = "", t }) {
  const log = h("ol", { class: "chat-log", id: "chat-log" });
  const empty = h("p", { class: "chat-empty" }, t("chat.replay.empty"));
  node.classList.add("chat", "chat-replay");
  node.replaceChildren(h("div", { class: "chat-body", id: "chat-body" },
    h("b", { class: "chat-heading" }, t("chat.title")), h("small", { class: "chat-apart" }, t("chat.replay")),
    h("div", { class: "chat-window" }, log, empty)));
  const muted = readMuted(store());
  let lines = [];
  let step = 0;
  const at = (seq) => {
    step = seq;
    const shown = saidBy(lines, seq).filter((l) => !isMuted(muted, tableId, l));
    if (log.childElementCount !== shown.length) {
      log.replaceChildren(...shown.map((line) => lineItem(line, t)));
      log.scrollTop = log.scrollHeight; // the step's last line in sight
    }
    empty.hidden = shown.length > 0;
  };
  call("TableService", "GetChat", { tableId }, token)
    .catch(() => (token ? call("TableService", "GetChat", { tableId }) : { lines: [] })) // a token the server forgot
    .catch(() => ({ lines: [] }))
    .then((answer) => {
      lines = answer.lines || [];
      at(step);
    });
  return { at, destroy: () => node.replaceChildren() };
}
