// brelan in a browser: the lobby, a screen for any table, tournaments, word tools.
//
// Plain modules, no build step. Every call goes through rpc.js to the same services
// the gRPC clients use. A view is the JSON object the game gives its seat (hidden
// cards already "??" or marked backs): the table screen draws it generically, seat
// by seat, and turns its cards into clickable cards.

import { call, stream, RpcError } from "./rpc.js";
import { cardElement, isHidden, kindOf } from "./cards.js";

const main = document.getElementById("main");
const SEATS_KEY = "brelan.seats"; // table id -> {seat, token}: a reload puts you back at your table
const NAME_KEY = "brelan.name";
// Keys of a view that are not drawn as state: the decision is shown by the action bar.
const NOT_STATE = new Set(["seat", "legal", "pending", "claimants", "passed", "time_up"]);
const ROWS = ["bottom", "middle", "top", "discard"]; // where a Chinese poker card goes (pineapple discards one)

// -- small helpers ----------------------------------------------------------------------
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer = 0;
function toast(text, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.className = ""), 6000);
}

function seats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  } catch {
    return {};
  }
}

function remember(tableId, seat, token) {
  const all = seats();
  all[tableId] = { seat, token };
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

function forget(tableId) {
  const all = seats();
  delete all[tableId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

const STATUS = { TABLE_STATUS_WAITING: "waiting", TABLE_STATUS_PLAYING: "playing", TABLE_STATUS_FINISHED: "finished" };
const status = (info) => STATUS[info.status] || "waiting";

let variants = null; // ListVariants, once
async function variantList() {
  variants = variants || (await call("TableService", "ListVariants")).variants;
  return variants;
}

async function guarded(work) {
  try {
    return await work();
  } catch (e) {
    toast(e instanceof RpcError ? e.message : String(e));
    return undefined;
  }
}

// -- routing --------------------------------------------------------------------------------
let leaving = () => {}; // stops the current screen's streams and timers

async function route() {
  leaving();
  leaving = () => {};
  const [, screen, id] = location.hash.split("/");
  document.querySelectorAll("header nav a").forEach((a) => a.classList.toggle("here", a.hash === `#/${screen || ""}`));
  main.replaceChildren();
  if (screen === "table" && id) await tableScreen(decodeURIComponent(id));
  else if (screen === "tournaments") await tournamentsScreen();
  else if (screen === "words") wordsScreen();
  else await lobby();
}

window.addEventListener("hashchange", route);
document.getElementById("player-name").value = localStorage.getItem(NAME_KEY) || "";
route();

// -- the lobby -----------------------------------------------------------------------------
async function lobby() {
  const list = h("tbody");
  const showAll = h("input", { type: "checkbox", id: "show-finished" });
  const refresh = async () => {
    // One page: the live tables first, the newest first (the CLI's `brelan table list --limit 0` lists all).
    const answer = await guarded(() => call("TableService", "ListTables", { includeFinished: showAll.checked, pageSize: 100 }));
    if (!answer) return;
    const tables = answer.tables || [];
    list.replaceChildren(...(tables.length ? tables.map(tableRow)
      : [h("tr", {}, h("td", { colspan: 5 }, "No table being played: make one below."))]),
      ...(answer.nextPageToken ? [h("tr", {}, h("td", { colspan: 5 }, "The 100 newest are shown."))] : []));
  };
  showAll.addEventListener("change", refresh);
  main.append(
    h("section", { id: "lobby" },
      h("h2", {}, "Tables"),
      h("label", { class: "inline" }, showAll, " show finished tables"),
      h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", {}, "table"), h("th", {}, "game"),
        h("th", {}, "seats"), h("th", {}, "status"), h("th", {}, ""))), list)),
    await createForm(),
  );
  await refresh();
  const timer = setInterval(refresh, 3000);
  leaving = () => clearInterval(timer);
}

function tableRow(info) {
  const mine = seats()[info.tableId];
  const free = (info.seats || []).filter((s) => !s.taken && !s.reserved).length;
  const names = (info.seats || []).map((s, i) => (s.bot ? "bot" : s.player || (s.taken ? `p${i}` : "·"))).join(", ");
  const actions = h("td", { class: "actions" },
    h("a", { href: `#/table/${info.tableId}`, class: "button" }, mine ? "back to my seat" : "watch"));
  if (!mine && free && status(info) !== "finished") {
    actions.append(h("button", { onclick: () => join(info.tableId) }, "join"));
  }
  return h("tr", { "data-table": info.tableId },
    h("td", {}, info.name || info.tableId, h("small", {}, ` ${info.tableId}`)),
    h("td", {}, info.variant), h("td", {}, names), h("td", {}, status(info)), actions);
}

/** The name you play under: the header's field, kept for the next visit. */
function playerName() {
  const field = document.getElementById("player-name");
  localStorage.setItem(NAME_KEY, field.value.trim());
  return field.value.trim() || "player";
}

async function join(tableId, seat = undefined) {
  const request = { tableId, player: playerName() };
  if (seat !== undefined) request.seat = seat;
  const joined = await guarded(() => call("TableService", "JoinTable", request));
  if (!joined) return;
  remember(tableId, joined.seat || 0, joined.token);
  location.hash = `#/table/${tableId}`;
}

function seatCount(variant, values) {
  return Number(values.players || variant.seats || 2);
}

async function createForm() {
  const all = await variantList();
  const select = h("select", { name: "variant", id: "variant" },
    ...all.map((v) => h("option", { value: v.name }, v.title || v.name)));
  const fields = h("div", { class: "options" });
  const botsBox = h("div", { class: "bots" });
  const draw = () => {
    const variant = all.find((v) => v.name === select.value);
    fields.replaceChildren(...(variant.options || []).map(optionField));
    drawBots();
  };
  const drawBots = () => {
    const variant = all.find((v) => v.name === select.value);
    const players = fields.querySelector('[name="players"]');
    const count = seatCount(variant, { players: players?.value });
    botsBox.replaceChildren(h("span", {}, "bots at seats: "),
      ...Array.from({ length: count }, (_, i) => h("label", { class: "inline" },
        h("input", { type: "checkbox", name: "bot", value: i, checked: i > 0 }), ` ${i}`)));
  };
  select.addEventListener("change", draw);
  fields.addEventListener("change", (e) => e.target.name === "players" && drawBots());
  const sit = h("input", { type: "checkbox", name: "sit", checked: true });
  // A practice table names the best words (the solver's set) among its moves; otherwise finding them is the game.
  const hints = h("input", { type: "checkbox", name: "hints" });
  // A person's time for each decision: the server's default (60 s) unless chosen; "none" only when asked.
  const clock = h("select", { name: "decision" },
    ...[["0", "60 s (default)"], ["20", "20 s"], ["30", "30 s"], ["120", "2 min"], ["300", "5 min"], ["untimed", "no limit"]]
      .map(([value, label]) => h("option", { value }, label)));
  const form = h("form", { id: "create" },
    h("h2", {}, "New table"),
    h("label", {}, "game ", select),
    fields, botsBox,
    h("label", {}, "time per decision ", clock),
    h("label", { class: "inline" }, hints, " practice: show the best words and hands"),
    h("label", { class: "inline" }, sit, " take seat 0 myself"),
    h("button", { type: "submit" }, "create"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const options = {};
    const variant = all.find((v) => v.name === select.value);
    for (const o of variant.options || []) {
      const input = fields.querySelector(`[name="${o.name}"]`);
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      if (value !== (o.defaultValue || "")) options[o.name] = value;
    }
    const botSeats = [...botsBox.querySelectorAll("input:checked")].map((c) => Number(c.value));
    const timing = clock.value === "untimed" ? { untimed: true } : { decisionSeconds: Number(clock.value) };
    const created = await guarded(() => call("TableService", "CreateTable", { variant: variant.name, options, botSeats, hints: hints.checked, ...timing }));
    if (!created) return;
    if (sit.checked && !botSeats.includes(0)) await join(created.table.tableId, 0);
    else location.hash = `#/table/${created.table.tableId}`;
  });
  draw();
  return form;
}

function optionField(o) {
  const name = o.name.replaceAll("_", " ");
  const value = o.defaultValue || "";
  let input;
  if (o.kind === "OPTION_KIND_BOOLEAN") {
    input = h("input", { type: "checkbox", name: o.name, checked: value === "true" });
  } else if (o.kind === "OPTION_KIND_CHOICE") {
    input = h("select", { name: o.name }, ...(o.choices || []).map((c) => h("option", { value: c, selected: c === value }, c)));
  } else if (o.kind === "OPTION_KIND_INTEGER" || o.kind === "OPTION_KIND_NUMBER") {
    input = h("input", { type: "number", name: o.name, value, min: o.least, max: o.most,
                         step: o.kind === "OPTION_KIND_INTEGER" ? 1 : "any" });
  } else {
    input = h("input", { type: "text", name: o.name, value });
  }
  const range = o.least || o.most ? ` (${o.least || 0} to ${o.most})` : "";
  return h("label", { title: `${o.name}${range}` }, `${name} `, input);
}

// -- a table ---------------------------------------------------------------------------------
async function tableScreen(tableId) {
  const mine = seats()[tableId];
  const token = mine?.token || "";
  const mySeat = mine ? mine.seat : null;
  const state = { info: null, view: null, legal: [], seq: 0, deadline: 0, at: 0 };
  const head = h("div", { class: "table-head" });
  const board = h("div", { class: "board", id: "board" });
  const bar = h("div", { class: "action-bar", id: "actions" });
  const feed = h("ol", { class: "feed", id: "feed" });
  const result = h("div", { class: "result", id: "result" });
  main.append(h("section", { id: "table", "data-table": tableId }, head, result, board, bar,
    h("details", { open: true }, h("summary", {}, "what happened"), feed)));
  const abort = new AbortController();
  let refreshing = null;
  let again = false;

  const refresh = async () => {
    if (refreshing) {
      again = true; // one more after the one in flight: the view is read at the latest seq
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        const info = await guarded(() => call("TableService", "GetTable", { tableId }));
        if (!info) return;
        state.info = info.table;
        const view = await call("TableService", "GetView", { tableId }, token).catch((e) => {
          if (e.code === "unauthenticated" && token) { // the seat's token is gone (the game ended, or revoked)
            forget(tableId);
          }
          return null;
        });
        if (view) {
          state.view = view.view ? JSON.parse(view.view) : {};
          state.legal = view.legal || [];
          state.seq = Number(view.seq || 0);
          state.deadline = view.deadlineSeconds || 0;
          state.at = performance.now();
        }
        draw();
      } while (again);
    })();
    await refreshing;
    refreshing = null;
  };

  const draw = () => {
    const info = state.info;
    head.replaceChildren(
      h("h2", {}, info.name || tableId),
      h("p", {}, h("span", { class: "pill" }, info.variant), " ", h("span", { class: `pill ${status(info)}` }, status(info)),
        info.hand ? ` hand ${info.hand}` : "", mySeat !== null ? h("span", { class: "pill you" }, `you: seat ${mySeat}`) : " watching",
        status(info) === "waiting" && mySeat === null && (info.seats || []).some((s) => !s.taken && !s.reserved)
          ? h("button", { onclick: () => join(tableId) }, "take a seat") : null,
        mySeat !== null && status(info) !== "finished"
          ? h("button", { class: "quiet", onclick: () => leave() }, "leave") : null));
    drawBoard(board, info, state.view || {}, mySeat, (text) => addToComposer(text));
    drawActions();
    drawResult(result, info);
    markPicked();
  };

  // The action bar: the legal actions as buttons, and a composer for the rest (cards clicked into it).
  const input = h("input", { type: "text", id: "composer", placeholder: "an action, or click cards", autocomplete: "off",
                             list: "legal-list" });
  const datalist = h("datalist", { id: "legal-list" });
  const clock = h("span", { class: "clock", id: "clock" });
  const send = async (text) => {
    if (!text.trim() || mySeat === null) return;
    const acted = await call("TableService", "Act", { tableId, seat: mySeat, action: text.trim(),
                                                      expectedSeq: String(state.seq), actionId: crypto.randomUUID() }, token)
      .catch((e) => {
        toast(e.code === "aborted" ? "the table moved on before your move: look again" : e.message);
        return null;
      });
    if (acted) {
      input.value = "";
      placing = null;
    }
    highlight();
    refresh();
  };
  input.addEventListener("keydown", (e) => e.key === "Enter" && send(input.value));
  input.addEventListener("input", () => highlight());
  // Chinese poker: click a card, then its row; the place action is written from the rows.
  let placing = null; // {rows: {bottom: [cards], ...}, picked: a card} while a placement is put together
  const freshRows = () => Object.fromEntries(ROWS.map((r) => [r, []]));
  const placeText = () => ["place", ...ROWS.flatMap((r) => (placing.rows[r].length ? [r, ...placing.rows[r]] : []))].join(" ");
  const markPicked = () => {
    const placed = placing ? ROWS.flatMap((r) => placing.rows[r]) : [];
    board.querySelectorAll(".seat.mine .card").forEach((c) => {
      c.classList.toggle("picked", c.dataset.card === placing?.picked);
      c.classList.toggle("used", placed.includes(c.dataset.card));
    });
  };
  const addToComposer = (text) => {
    if (mySeat === null) return;
    if (placing) {
      if (!ROWS.includes(text)) {
        placing.picked = text;
      } else if (placing.picked) {
        for (const row of ROWS) placing.rows[row] = placing.rows[row].filter((c) => c !== placing.picked);
        placing.rows[text].push(placing.picked);
        placing.picked = null;
        input.value = placeText();
      } else {
        toast("click a card first, then its row", "info");
      }
      markPicked();
      highlight();
      return;
    }
    // A joker stands for the letter you type right after it: ?r=E.
    const card = kindOf(text)?.[0] === "joker" && !text.includes("=") ? `${text}=` : text;
    input.value = (input.value.trim() ? input.value.trim() + " " : "") + card;
    if (card.endsWith("=")) toast("type the letter this joker stands for", "info");
    highlight();
    input.focus();
  };
  const highlight = () => { // the composed action: legal as listed, or to be judged by the server
    const text = input.value.trim();
    input.classList.toggle("legal", state.legal.includes(text));
    const word = (text.match(/^claim \d+ ([A-Za-z]+)$/) || [])[1];
    const wanted = word ? [...word.toUpperCase()] : [];
    board.querySelectorAll(".shared .card").forEach((c) => { // the letters of a claimed word, on the table
      const [kind, m] = kindOf(c.dataset.card) || [];
      const letter = kind === "letter" ? m[1] : undefined;
      const at = wanted.indexOf(letter);
      c.classList.toggle("hl", at >= 0);
      if (at >= 0) wanted.splice(at, 1);
    });
  };
  const drawActions = () => {
    const view = state.view || {};
    const over = status(state.info) === "finished" || view.over;
    bar.replaceChildren();
    if (mySeat === null || over) {
      bar.append(h("p", { class: "quiet" }, over ? "The game is over." : "Watching: you see what any spectator sees."));
      return;
    }
    const pending = (view.pending || []).includes(mySeat);
    bar.append(h("p", { class: "turn" }, pending ? "Your decision" : state.legal.length ? "You may act" : "Waiting for the others", " ", clock));
    // Few choices: a button each; many (exchanges, placements): the ones without cards. And for an action
    // with cards, a button that starts it for you to click its cards into (your own word at the reveal).
    const shown = state.legal.length <= 12 ? state.legal : state.legal.filter((a) => !prefixOf(a)).slice(0, 12);
    const prefixes = [...new Set(state.legal.map(prefixOf).filter(Boolean))]; // your own word, exchange, placement
    bar.append(h("div", { class: "legal" },
      ...shown.map((a) => h("button", { class: "act", "data-action": a, onclick: () => send(a) }, a)),
      ...prefixes.map((p) => h("button", { class: "compose", "data-prefix": p, onclick: () => {
        placing = p === "place" ? { rows: freshRows(), picked: null } : null;
        input.value = p + " ";
        markPicked();
        highlight();
        input.focus();
      } }, `${p} …`)),
      ...ROWS.filter((row) => state.legal.some((a) => a.startsWith("place ") && a.includes(` ${row} `)))
        .map((row) => h("button", { class: "compose row", "data-row": row, onclick: () => addToComposer(row) }, row))));
    datalist.replaceChildren(...state.legal.map((a) => h("option", { value: a })));
    bar.append(h("div", { class: "composer" }, input, datalist,
      h("button", { class: "send", onclick: () => send(input.value) }, "play"),
      h("button", { class: "quiet", onclick: () => {
        placing = placing && { rows: freshRows(), picked: null };
        input.value = placing ? "place " : "";
        markPicked();
        highlight();
      } }, "clear")));
    highlight();
  };
  const tick = setInterval(() => {
    const clockNode = document.getElementById("clock");
    if (!clockNode) return;
    const left = state.deadline - (performance.now() - state.at) / 1000;
    clockNode.textContent = state.deadline > 0 ? `${Math.max(0, Math.ceil(left))} s` : "";
  }, 250);
  const leave = async () => {
    const left = await guarded(() => call("TableService", "LeaveTable", { tableId }, token));
    if (left === undefined) return;
    forget(tableId);
    if (left.rejoinSecret) toast(`Your seat is kept for you: rejoin with the secret ${left.rejoinSecret}`, "info");
    location.hash = "#/";
  };

  // The table's events, live: each one refreshes the view (the game's own words in the feed).
  const watch = async () => {
    let after = 0;
    while (!abort.signal.aborted) {
      try {
        for await (const message of stream("TableService", "WatchTable", { tableId, afterSeq: String(after) }, token, abort.signal)) {
          const event = message.event;
          after = Number(event.seq);
          feed.append(h("li", { "data-seq": event.seq }, eventLine(event, state.info, mySeat)));
          feed.scrollTop = feed.scrollHeight;
          refresh();
        }
        refresh();
        return; // the game is over
      } catch (e) {
        if (abort.signal.aborted) return;
        if (e instanceof RpcError && e.code !== "unavailable") {
          toast(e.message);
          return;
        }
        await new Promise((r) => setTimeout(r, 1000)); // the server went away: again, after the last event seen
      }
    }
  };
  leaving = () => {
    abort.abort();
    clearInterval(tick);
  };
  await refresh();
  if (state.info) watch();
}

/** The part of an action before its cards: what a composer button starts ("exchange", "lay", "claim 3"). */
function prefixOf(action) {
  const words = action.split(" ");
  const at = words.findIndex((w, i) => i > 0 && (kindOf(w) || w === "-" || ROWS.includes(w)));
  return at > 0 ? words.slice(0, at).join(" ") : null;
}

function eventLine(event, info, mySeat) {
  const line = h("span", {});
  for (const word of event.text.split(" ")) {
    const seat = (word.match(/^p(\d+)$/) || [])[1];
    if (seat !== undefined) {
      const s = info?.seats?.[Number(seat)];
      line.append(h("b", { class: Number(seat) === mySeat ? "me" : "" }, s?.player || (s?.bot ? `bot ${seat}` : word)), " ");
    } else if (kindOf(word)) {
      line.append(cardElement(word), " ");
    } else {
      line.append(word + " ");
    }
  }
  return line;
}

function drawResult(node, info) {
  node.replaceChildren();
  if (!info.result) return;
  const result = JSON.parse(info.result);
  const name = (s) => info.seats?.[s]?.player || `seat ${s}`;
  const champions = (result.champions || []).map(name).join(", ");
  node.append(h("h3", {}, champions ? `Won by ${champions}` : "The game is over"));
  if (result.forfeited?.length) node.append(h("p", {}, `Forfeited (absent): ${result.forfeited.map(name).join(", ")}`));
  const rest = Object.entries(result).filter(([k]) => !["champions", "forfeited"].includes(k));
  if (rest.length) node.append(h("dl", {}, ...rest.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, JSON.stringify(v))])));
}

// -- a view, drawn generically: each seat's part, then what all share -----------------------------
function isCardList(value) {
  return Array.isArray(value) && value.length > 0 && value.every((v) => kindOf(v));
}

function drawValue(value, clickable, onCard) {
  if (isCardList(value) || (Array.isArray(value) && value.length === 0)) {
    const row = h("span", { class: "cards" });
    for (const text of value) {
      const card = cardElement(text);
      if (clickable && !isHidden(text)) {
        card.classList.add("clickable");
        card.addEventListener("click", () => onCard(text));
      }
      row.append(card);
    }
    return row;
  }
  if (Array.isArray(value) && value.every((v) => Array.isArray(v))) {
    return h("span", { class: "rows" }, ...value.map((v) => drawValue(v, clickable, onCard)));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return h("span", { class: "named" }, ...Object.entries(value).map(([k, v]) =>
      h("span", { class: "named-row" }, h("small", {}, k), drawValue(v, clickable, onCard))));
  }
  if (Array.isArray(value)) return h("span", {}, value.join(" "));
  return h("span", { class: "scalar" }, value === true ? "yes" : value === false ? "no" : value === null ? "–" : String(value));
}

function drawBoard(node, info, view, mySeat, onCard) {
  const count = (info.seats || []).length;
  const perSeat = Object.entries(view).filter(([k, v]) => !NOT_STATE.has(k) && Array.isArray(v) && v.length === count &&
                                                        !isCardList(v));
  const shared = Object.entries(view).filter(([k, v]) => !NOT_STATE.has(k) && !perSeat.some(([p]) => p === k));
  const pending = new Set(view.pending || []);
  const seatsBox = h("div", { class: "seats" });
  for (let s = 0; s < count; s++) {
    const seat = info.seats[s] || {};
    const label = seat.player || (seat.bot ? `bot ${s}` : seat.taken ? `p${s}` : "empty seat");
    seatsBox.append(h("div", { class: `seat${s === mySeat ? " mine" : ""}${pending.has(s) ? " pending" : ""}`, "data-seat": s },
      h("div", { class: "who" }, h("b", {}, label), h("small", {}, ` seat ${s}`), pending.has(s) ? h("span", { class: "dot" }, " ●") : ""),
      ...perSeat.map(([k, v]) => h("div", { class: `field${typeof v[s] === "object" && v[s] !== null ? " wide" : ""}`, "data-key": k },
        h("small", {}, k.replaceAll("_", " ")),
        drawValue(v[s], s === mySeat, onCard)))));
  }
  const sharedBox = h("div", { class: "shared" },
    ...shared.map(([k, v]) => h("div", { class: `field${isCardList(v) ? " wide" : ""}`, "data-key": k },
      h("small", {}, k.replaceAll("_", " ")), drawValue(v, false, onCard))));
  node.replaceChildren(sharedBox, seatsBox);
}

// -- tournaments ------------------------------------------------------------------------------------
async function tournamentsScreen() {
  const box = h("div", {});
  const all = h("input", { type: "checkbox" });
  const refresh = async () => {
    const list = (await guarded(() => call("TournamentService", "ListTournaments", { includeFinished: all.checked })))?.tournaments;
    if (!list) return;
    box.replaceChildren(...(list.length ? list.map(tournamentCard) : [h("p", {}, "No tournament being played.")]));
  };
  all.addEventListener("change", refresh);
  const players = h("input", { type: "text", name: "players", value: "ann, bob, cy, dee", size: 40 });
  const bots = h("input", { type: "text", name: "bots", value: "1, 2, 3", size: 12 });
  const format = h("select", { name: "format" }, ...["knockout", "preliminary", "round-robin"].map((f) => h("option", { value: f }, f)));
  const form = h("form", { id: "create-tournament" }, h("h2", {}, "New tournament"),
    h("label", {}, "players ", players), h("label", {}, "bots (indexes) ", bots), h("label", {}, "format ", format),
    h("button", { type: "submit" }, "start"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const request = { players: players.value.split(",").map((p) => p.trim()).filter(Boolean), format: format.value,
                      bots: bots.value.split(",").map((b) => b.trim()).filter(Boolean).map(Number) };
    const created = await guarded(() => call("TournamentService", "CreateTournament", request));
    if (!created) return;
    const secrets = Object.entries(created.joinSecrets || {});
    if (secrets.length) toast(`Join secrets (hand them out): ${secrets.map(([p, s]) => `${p} ${s}`).join(", ")}`, "info");
    refresh();
  });
  main.append(h("section", { id: "tournaments" }, h("h2", {}, "Tournaments"),
    h("label", { class: "inline" }, all, " show finished ones"), box), form);
  await refresh();
  const timer = setInterval(refresh, 3000);
  leaving = () => clearInterval(timer);
}

function tournamentCard(t) {
  const standings = h("table", { class: "list" }, h("tr", {}, ...["#", "player", "points", "tie-break", "played", "won", "lost", "forfeited"]
    .map((c) => h("th", {}, c))), ...(t.standings || []).map((s) => h("tr", {}, h("td", {}, s.place), h("td", {}, s.player),
    h("td", {}, s.matchPoints || 0), h("td", {}, s.tiebreak || 0), h("td", {}, s.played || 0), h("td", {}, s.won || 0),
    h("td", {}, s.lost || 0), h("td", {}, s.forfeited || 0))));
  const matches = h("ul", {}, ...(t.matches || []).map((m) => h("li", {},
    `${m.stage} ${m.round}.${m.number}: ${m.playerA} ${m.winsA || 0}–${m.winsB || 0} ${m.playerB} `,
    m.winner ? h("b", {}, `won by ${m.winner}`) : (m.tableIds || []).length
      ? h("a", { href: `#/table/${m.tableIds[m.tableIds.length - 1]}` }, "its game") : "")));
  return h("article", { class: "tournament" }, h("h3", {}, `${t.name} `, h("small", {}, t.tournamentId)),
    h("p", {}, t.finished ? `won by ${t.champion}` : `playing ${t.stage} round ${t.round}`), standings, matches);
}

// -- word tools --------------------------------------------------------------------------------------
function wordsScreen() {
  const out = h("div", { class: "answer", id: "word-answer" });
  const tool = (id, label, placeholder, run) => {
    const input = h("input", { type: "text", name: id, placeholder });
    const form = h("form", { id: `word-${id}` }, h("label", {}, label, " ", input), h("button", { type: "submit" }, label));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const answer = await guarded(() => run(input.value.trim()));
      if (answer) out.replaceChildren(answer);
    });
    return form;
  };
  const words = (list) => h("p", { class: "words" }, list.length ? list.join(" ") : "none");
  main.append(h("section", { id: "words" }, h("h2", {}, "Words"),
    tool("check", "check", "porte mangeons", async (text) => {
      const r = await call("LexiconService", "CheckWords", { words: text.split(/\s+/) });
      return h("ul", {}, ...r.verdicts.map((v) => h("li", { class: v.admissible ? "yes" : "no" },
        h("b", {}, v.word), v.admissible ? " admitted: " : " refused: ", v.reason || "")));
    }),
    tool("explain", "explain", "porte", async (text) => {
      const r = await call("LexiconService", "ExplainWord", { word: text });
      return h("ul", {}, h("li", {}, h("b", {}, r.verdict.key || text), ` ${r.verdict.admissible ? "admitted" : "refused"}`),
        ...(r.readings || []).map((x) => h("li", { class: x.admitted ? "yes" : "no" }, x.description || x.form)));
    }),
    tool("score", "score", "Pr Or Rb Tb Er", async (text) => {
      const r = await call("LexiconService", "ScoreWord", { cards: text.split(/\s+/) });
      return h("p", {}, h("span", { class: "cards" }, ...(r.cards || []).map(cardElement)),
        ` ${r.word || ""}: ${r.score || 0} points`, r.admissible ? ` (length ${r.lengthPoints || 0} + letters ${r.letterPoints || 0}${r.doubled ? ", doubled: one colour" : ""})` : ` — ${r.reason}`);
    }),
    tool("best", "best words", "Er Tb Ar Nb Sr ?r Ob", async (text) => {
      const r = await call("LexiconService", "BestWords", { hand: text.split(/\s+/), topK: 10 });
      return h("ol", {}, ...(r.words || []).map((w) => h("li", {}, h("span", { class: "cards" }, ...w.cards.map(cardElement)),
        ` ${w.word} ${w.score}`)));
    }),
    tool("anagrams", "anagrams", "ETANRS?", async (text) => words((await call("LexiconService", "Anagrams", { letters: text, pageSize: 200 })).words || [])),
    tool("pattern", "pattern", "P?RT*", async (text) => words((await call("LexiconService", "MatchPattern", { pattern: text, pageSize: 200 })).words || [])),
    out));
}
