// brelan in a browser: the lobby, the table screen (table/screen.js), tournaments, word tools.
//
// Plain modules, no build step. Every call goes through rpc.js to the same services the gRPC clients
// use; a table is drawn from its typed view and legal space, in French or English (i18n.js).

import { call, RpcError } from "./rpc.js";
import { cardElement } from "./cards.js";
import { h, remember, seats, toast } from "./dom.js";
import { deckField } from "./deck.js";
import { duration, lang, setLang, t } from "./i18n.js";
import { applies, choiceLabel, durationChoices, gameTitle, optionHelp, optionLabel } from "./options.js";
import { givenName, seatNames, status, tableScreen, tableTitle, tournamentName } from "./table/screen.js";

const main = document.getElementById("main");
const NAME_KEY = "brelan.name";
// A real-time game's bots wait this long before they claim or lay (their reaction option): a person can race them.
const FIRST = ["players", "style", "mode"]; // the options a new table's form shows first
const PACES = [["calm", "8"], ["normal", "5"], ["quick", "3"], ["expert", "1"]];
// After each hand of a turn-based game, the seconds its end stays on the table before the next hand's decisions
// open (the bots wait, the clocks start after it); the first is "none".
const PAUSES = [0, 3, 5, 8];
const PAUSE = 5;

/** The pause after each hand, as a form asks it (a table's, a tournament's games'): its label, and seconds(). */
function pauseField() {
  const select = h("select", { name: "pause" }, ...PAUSES.map((n) =>
    h("option", { value: n, selected: n === PAUSE }, n ? duration(n) : t("form.duration.none"))));
  const node = h("label", {}, t("form.pause"), " ", select);
  return { node, seconds: () => (node.hidden ? 0 : Number(select.value)) };
}
const MAX_NAME = 64; // a player's name, at most (server/tables.py)
// Each format's count of players (server/games/tournament.py's TournamentOptions): checked before it is asked.
const FORMATS = {
  knockout: (n) => [4, 8, 16, 32, 64].includes(n),
  preliminary: (n) => n >= 4 && n % 2 === 0 && n <= 128,
  "round-robin": (n) => n >= 2 && n <= 128,
};


let variants = null; // ListVariants, once
async function variantList() {
  variants = variants || (await call("TableService", "ListVariants")).variants;
  return variants;
}

/** A game's VariantInfo, its options and facts (ListVariants, read once), or null when the server lists no such game
 *  (or its list cannot be read). */
async function variantOf(name) {
  return (await variantList().catch(() => [])).find((v) => v.name === name) || null;
}

let lexicons = null; // ListLexicons' names, once: the form offers them by name, not by key
async function lexiconNames() {
  lexicons = lexicons
    || (await call("LexiconService", "ListLexicons").catch(() => ({}))).lexicons?.map((l) => l.name) || [];
  return lexicons;
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
  if (screen === "table" && id) {
    await variantList().catch(() => []);
    leaving = await tableScreen(main, decodeURIComponent(id), { title, join, playAgain, variantOf });
  } else if (screen === "replay" && id) {
    await variantList().catch(() => []);
    leaving = await replay(decodeURIComponent(id));
  } else if (screen === "tournaments") await tournamentsScreen();
  else if (screen === "words") wordsScreen();
  else await lobby();
}

/** The header in the page's language, with the switch to the other one. */
function header() {
  const links = { "#/": "nav.tables", "#/tournaments": "nav.tournaments", "#/words": "nav.words" };
  document.querySelectorAll("header nav a").forEach((a) => (a.textContent = t(links[a.getAttribute("href")] || a.textContent)));
  document.querySelector("header .name span").textContent = t("you.are");
  const field = document.getElementById("player-name");
  field.placeholder = t("you.placeholder");
  const other = document.getElementById("lang");
  other.textContent = t("lang.other");
  other.onclick = () => {
    setLang(lang === "fr" ? "en" : "fr");
    header();
    route();
  };
}

window.addEventListener("hashchange", route);
document.getElementById("player-name").value = localStorage.getItem(NAME_KEY) || "";
header();
route();

/** A game's name in the page's language (ListVariants' titles are English: a game options.js lacks keeps its). */
function title(variant) {
  return gameTitle(variant, (variants || []).find((v) => v.name === variant)?.title);
}

/** A finished game played again move by move (table/replay.js): loaded on its route alone, so that a missing or
 *  broken module only costs this screen. */
async function replay(tableId) {
  try {
    const { replayScreen } = await import("./table/replay.js");
    return (await replayScreen(main, tableId, { title })) || (() => {});
  } catch (e) {
    console.error("the replay", e);
    toast(t("replay.missing"));
    return () => {};
  }
}

// -- the lobby -----------------------------------------------------------------------------
async function lobby() {
  const list = h("tbody");
  const showAll = h("input", { type: "checkbox", id: "show-finished" });
  await variantList().catch(() => []);
  const refresh = async () => {
    // One page: the live tables first, the newest first (the CLI's `brelan table list --limit 0` lists all).
    const answer = await guarded(() => call("TableService", "ListTables", { includeFinished: showAll.checked, pageSize: 100 }));
    if (!answer) return;
    const tables = answer.tables || [];
    list.replaceChildren(...(tables.length ? tables.map(tableRow) : [h("tr", {}, h("td", { colspan: 5 }, t("lobby.none")))]),
      ...(answer.nextPageToken ? [h("tr", {}, h("td", { colspan: 5 }, t("lobby.newest", { n: 100 })))] : []));
  };
  showAll.addEventListener("change", refresh);
  main.append(
    h("section", { id: "lobby" },
      h("h2", {}, t("lobby.title")),
      h("label", { class: "inline" }, showAll, " ", t("lobby.finished")),
      h("div", { class: "scroll" }, h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", {}, t("col.table")),
        h("th", {}, t("col.game")), h("th", {}, t("col.seats")), h("th", {}, t("col.status")), h("th", {}, ""))), list))),
    await createForm(),
  );
  await refresh();
  const timer = setInterval(refresh, 3000);
  leaving = () => clearInterval(timer);
}

function tableRow(info) {
  const mine = seats()[info.tableId];
  const free = (info.seats || []).filter((s) => !s.taken && !s.reserved).length;
  const names = seatNames(info).map((name, i) => (info.seats[i].taken || info.seats[i].bot ? name : "·")).join(", ");
  const actions = h("td", { class: "actions" },
    h("a", { href: `#/table/${info.tableId}`, class: "button" }, mine ? t("play") : t("watch")));
  if (!mine && free && status(info) !== "finished") {
    actions.append(" ", h("button", { onclick: () => join(info.tableId) }, t("join")));
  }
  return h("tr", { "data-table": info.tableId },
    h("td", { class: "title", title: info.tableId }, tableTitle(info, title),
      info.hints ? h("small", {}, ` ${t("practice")}`) : null),
    h("td", {}, title(info.variant)), h("td", {}, names), h("td", {}, t(`status.${status(info)}`)), actions);
}

/** The name you play under: the header's field, kept for the next visit. */
function playerName() {
  const field = document.getElementById("player-name");
  localStorage.setItem(NAME_KEY, field.value.trim());
  return field.value.trim() || (lang === "fr" ? "joueur" : "player");
}

/** Sit at a table (a given seat, or a reserved one with its secret), then open it. */
async function join(tableId, seat = undefined, secret = "") {
  const request = { tableId, player: playerName(), ...(secret ? { secret } : {}) };
  if (seat !== undefined) request.seat = seat;
  const joined = await guarded(() => call("TableService", "JoinTable", request));
  if (!joined) return;
  remember(tableId, joined.seat || 0, joined.token);
  if (location.hash === `#/table/${tableId}`) route();
  else location.hash = `#/table/${tableId}`;
}

/** The same game again: a new table with the same rules, bots and time, you at your seat; the same name when it
 *  was given one (not the old table's id, which would title the new one; not a tournament's game, which it is not). */
async function playAgain(info, seat) {
  const request = { variant: info.variant, options: info.options || {}, name: info.tournament ? "" : givenName(info),
                    botSeats: (info.seats || []).flatMap((s, i) => (s.bot ? [i] : [])), hints: Boolean(info.hints),
                    pauseSeconds: info.pauseSeconds || 0,
                    ...(info.decisionSeconds ? { decisionSeconds: info.decisionSeconds } : { untimed: true }) };
  const created = await guarded(() => call("TableService", "CreateTable", request));
  if (created) await join(created.table.tableId, seat);
}

function seatCount(variant, values) {
  return Number(values.players || variant.seats || 2);
}

async function createForm() {
  const all = await variantList();
  const named = await lexiconNames();
  const select = h("select", { name: "variant", id: "variant" },
    ...all.map((v) => h("option", { value: v.name }, title(v.name))));
  const fields = h("div", { class: "options" });
  const first = h("div", { class: "options" });
  const botsBox = h("div", { class: "bots" });
  const draw = () => {
    const variant = all.find((v) => v.name === select.value);
    // The choices that make the game (how many play, which style or mode) in sight; the other rules folded.
    const shown = (variant.options || []).filter((o) => o.name !== "reaction");
    const field = (o) => optionField(o, variant.name, named);
    first.replaceChildren(...shown.filter((o) => FIRST.includes(o.name)).map(field));
    fields.replaceChildren(...shown.filter((o) => !FIRST.includes(o.name)).map(field));
    drawBots();
    fit();
  };
  // An option that does not apply with the others' values is hidden, and not sent (a chipless round's blinds).
  const fit = () => {
    const values = Object.fromEntries([...form.querySelectorAll("[data-option] [name]")]
      .map((f) => [f.name, f.type === "checkbox" ? String(f.checked) : f.value]));
    form.querySelectorAll("[data-option]").forEach((o) => (o.hidden = !applies(select.value, o.dataset.option, values)));
  };
  const drawBots = () => {
    const variant = all.find((v) => v.name === select.value);
    const players = first.querySelector('[name="players"]');
    const count = seatCount(variant, { players: players?.value });
    botsBox.replaceChildren(h("span", {}, t("form.bots"), " "),
      ...Array.from({ length: count }, (_, i) => h("label", { class: "inline" },
        h("input", { type: "checkbox", name: "bot", value: i, checked: i > 0 }), ` ${i + 1}`)));
    pace.hidden = !(variant.options || []).some((o) => o.name === "reaction");
    pause.node.hidden = Boolean(variant.realtime); // in real time nobody takes turns: no pause, nobody waits
  };
  select.addEventListener("change", draw);
  first.addEventListener("change", (e) => e.target.name === "players" && drawBots());
  first.addEventListener("change", fit);
  fields.addEventListener("change", fit);
  const sit = h("input", { type: "checkbox", name: "sit", checked: true });
  const paced = h("select", { name: "pace" }, ...PACES.map(([name, seconds]) =>
    h("option", { value: seconds, selected: name === "normal" }, t(`pace.${name}`))));
  const pace = h("label", {}, t("form.pace"), " ", paced);
  const pause = pauseField();
  // A practice table names the best words (the solver's set) among its moves; otherwise finding them is the game.
  const hints = h("input", { type: "checkbox", name: "hints" });
  // A person's time for each decision: the server's default (60 s) unless chosen; "none" only when asked.
  const clock = h("select", { name: "decision" },
    ...[["0", t("form.time.default")], ...[20, 30, 120, 300].map((n) => [String(n), duration(n)]),
      ["untimed", t("form.time.none")]]
      .map(([value, label]) => h("option", { value }, label)));
  const form = h("form", { id: "create" },
    h("h2", {}, t("form.title")),
    h("label", {}, t("form.game"), " ", select), first,
    botsBox, pace,
    h("label", {}, t("form.time"), " ", clock), pause.node,
    h("label", { class: "inline" }, hints, " ", t("form.practice")),
    h("label", { class: "inline" }, sit, " ", t("form.sit")),
    h("details", { class: "rules" }, h("summary", {}, t("form.options")), fields),
    h("button", { type: "submit" }, t("form.create")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const options = {};
    const variant = all.find((v) => v.name === select.value);
    for (const o of variant.options || []) {
      const input = form.querySelector(`[data-option="${o.name}"] [name="${o.name}"]`);
      if (!input || input.closest("[data-option]").hidden) continue;
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      if (value !== (o.defaultValue || "")) options[o.name] = value;
    }
    if (!pace.hidden) options.reaction = paced.value;
    const botSeats = [...botsBox.querySelectorAll("input:checked")].map((c) => Number(c.value));
    const timing = clock.value === "untimed" ? { untimed: true } : { decisionSeconds: Number(clock.value) };
    const created = await guarded(() => call("TableService", "CreateTable",
      { variant: variant.name, options, botSeats, hints: hints.checked, pauseSeconds: pause.seconds(), ...timing }));
    if (!created) return;
    if (sit.checked && !botSeats.includes(0)) await join(created.table.tableId, 0);
    else location.hash = `#/table/${created.table.tableId}`;
  });
  draw();
  return form;
}

/** One option of the form: its label and help in the page's language (options.js), its key only as the field's
 *  name, each choice by its label; a duration as a few in words ("aucune", "10 min"); DAKER's deck as cards to count
 *  (deck.js), the lexicon chosen by its name among the server's (``lexicons``), no list or key to type. */
function optionField(o, variant, lexicons = []) {
  const value = o.defaultValue || "";
  const durations = durationChoices(o);
  const range = (o.least || o.most) && !durations ? `(${o.least || 0} – ${o.most})` : "";
  const help = [optionHelp(o.name, variant), range].filter(Boolean).join(" ");
  if (o.name === "deck" && o.kind === "OPTION_KIND_LIST") return deckField(o, optionLabel(o.name, variant), help);
  let input;
  if (durations) {
    input = h("select", { name: o.name }, ...durations.map(([v, words]) => h("option", { value: v, selected: v === value }, words)));
  } else if (o.name === "lexicon" && lexicons.includes(value)) {
    input = h("select", { name: o.name }, ...lexicons.map((name) =>
      h("option", { value: name, selected: name === value }, choiceLabel(o.name, name))));
  } else if (o.kind === "OPTION_KIND_BOOLEAN") {
    input = h("input", { type: "checkbox", name: o.name, checked: value === "true" });
  } else if (o.kind === "OPTION_KIND_CHOICE") {
    input = h("select", { name: o.name }, ...(o.choices || []).map((c) =>
      h("option", { value: c, selected: c === value }, choiceLabel(o.name, c))));
  } else if (o.kind === "OPTION_KIND_INTEGER" || o.kind === "OPTION_KIND_NUMBER") {
    input = h("input", { type: "number", name: o.name, value, min: o.least, max: o.most,
                         step: o.kind === "OPTION_KIND_INTEGER" ? 1 : "any" });
  } else {
    input = h("input", { type: "text", name: o.name, value });
  }
  return h("label", { title: help || null, "data-option": o.name }, `${optionLabel(o.name, variant)} `, input);
}

// -- tournaments ------------------------------------------------------------------------------------
const SECRETS_KEY = "brelan.secrets"; // tournament id -> {player: his join secret}, for the players of this browser

function secrets() {
  try {
    return JSON.parse(localStorage.getItem(SECRETS_KEY) || "{}");
  } catch {
    return {};
  }
}

async function tournamentsScreen() {
  const box = h("div", {});
  const all = h("input", { type: "checkbox" });
  const refresh = async () => {
    const list = (await guarded(() => call("TournamentService", "ListTournaments", { includeFinished: all.checked })))?.tournaments;
    if (!list) return;
    box.replaceChildren(...(list.length ? list.map(tournamentCard) : [h("p", {}, t("tour.none"))]));
  };
  all.addEventListener("change", refresh);
  // You (the name at the top of the page) against three bots, unless changed.
  const you = document.getElementById("player-name")?.value.trim() || "ann";
  const players = playerRows([[you, false], ...[1, 2, 3].map((n) => [t("bot", { n: n + 1 }), true])]);
  const format = h("select", { name: "format" }, ...Object.keys(FORMATS).map((f) =>
    h("option", { value: f }, t(`tour.format.${f}`))));
  const today = new Intl.DateTimeFormat(lang, { day: "numeric", month: "long" }).format(new Date());
  const name = h("input", { type: "text", name: "name", maxlength: MAX_NAME, size: 24,
                            value: t("tour.name.default", { date: today }) });
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  const pause = pauseField();
  const form = h("form", { id: "create-tournament", novalidate: true }, h("h2", {}, t("tour.new")),
    h("p", { class: "quiet" }, t("tour.game")),
    h("label", {}, t("tour.name"), " ", name),
    h("fieldset", { class: "tour-players" }, h("legend", {}, t("tour.players")), players.node),
    h("label", {}, t("tour.format"), " ", format), pause.node, error, h("button", { type: "submit" }, t("tour.start")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const entries = players.read();
    const wrong = entryError(entries, format.value);
    error.hidden = !wrong;
    error.textContent = wrong ? wrong.text : "";
    entries.forEach((p) => p.field.toggleAttribute("aria-invalid", wrong?.field === p.field));
    if (wrong) {
      wrong.field?.focus();
      return;
    }
    const request = { name: name.value.trim(), players: entries.map((p) => p.name), format: format.value,
                      bots: entries.flatMap((p, i) => (p.bot ? [i] : [])), pauseSeconds: pause.seconds() };
    const created = await call("TournamentService", "CreateTournament", request).catch((e) => {
      [error.hidden, error.textContent] = [false, e.message]; // the server's reason, beside the form
      return null;
    });
    if (!created) return;
    // Each person's secret is kept here: his game's seat is taken from the tournament's card, in this browser.
    localStorage.setItem(SECRETS_KEY, JSON.stringify({ ...secrets(), [created.tournament.tournamentId]: created.joinSecrets || {} }));
    refresh();
  });
  main.append(h("section", { id: "tournaments" }, h("h2", {}, t("tournaments.title")),
    h("label", { class: "inline" }, all, " ", t("lobby.finished")), box), form);
  await refresh();
  const timer = setInterval(refresh, 3000);
  leaving = () => clearInterval(timer);
}

/** The new tournament's players: a row each (his name, a bot or not, a way to remove him), and one more on a click.
 *  ``initial``: [name, bot] rows. read(): [{name, bot, field}] in order. */
function playerRows(initial) {
  const list = h("ol", { class: "tour-player-list" });
  const number = () => list.querySelectorAll("li").forEach((li, i) =>
    li.querySelector("input[type=text]").setAttribute("aria-label", t("tour.player.name", { n: i + 1 })));
  const add = (name = "", bot = false) => {
    const row = h("li", {}, h("input", { type: "text", name: "player", value: name, maxlength: MAX_NAME, size: 14 }), " ",
      h("label", { class: "inline" }, h("input", { type: "checkbox", name: "bot", checked: bot }), " ", t("tour.player.bot")),
      h("button", { type: "button", class: "quiet small remove", title: t("tour.player.remove"),
                    "aria-label": t("tour.player.remove"), onclick: () => { row.remove(); number(); } }, "✕"));
    list.append(row);
    number();
    return row;
  };
  initial.forEach(([name, bot]) => add(name, bot));
  const more = h("button", { type: "button", class: "quiet small add",
                             onclick: () => add().querySelector("input").focus() }, `+ ${t("tour.player.add")}`);
  const read = () => [...list.querySelectorAll("li")].map((li) => {
    const field = li.querySelector("input[type=text]");
    return { name: field.value.trim(), bot: li.querySelector("input[type=checkbox]").checked, field };
  });
  return { node: h("div", {}, list, more), read };
}

/** What is wrong with the players for ``format``, as {text, field} (the field to fix, if one), or null; a name's
 *  length is held by its field (maxlength). */
function entryError(entries, format) {
  const empty = entries.findIndex((p) => !p.name);
  if (empty >= 0) return { text: t("tour.error.empty", { n: empty + 1 }), field: entries[empty].field };
  const twice = entries.findIndex((p, i) => entries.findIndex((q) => q.name === p.name) < i);
  if (twice >= 0) return { text: t("tour.error.twice", { name: entries[twice].name }), field: entries[twice].field };
  if (entries.length < 2) return { text: t("tour.error.few", { n: 2 }), field: null };
  if (!FORMATS[format](entries.length)) return { text: t(`tour.error.${format}`, { n: entries.length }), field: null };
  return null;
}

function tournamentCard(tour) {
  const held = secrets()[tour.tournamentId] || {};
  const standings = h("table", { class: "list" }, h("tr", {}, ...["#", "player", "points", "tiebreak", "played", "won", "lost",
    "forfeited"].map((c) => h("th", {}, t(`tour.col.${c}`)))), ...(tour.standings || []).map((s) => h("tr", {},
    h("td", {}, s.place), h("td", {}, s.player), h("td", {}, s.matchPoints || 0), h("td", {}, s.tiebreak || 0),
    h("td", {}, s.played || 0), h("td", {}, s.won || 0), h("td", {}, s.lost || 0), h("td", {}, s.forfeited || 0))));
  const matches = h("ul", {}, ...(tour.matches || []).map((m) => {
    const table = (m.tableIds || [])[(m.tableIds || []).length - 1];
    const mine = [m.playerA, m.playerB].filter((p) => held[p] && !m.winner);
    return h("li", {}, `${m.playerA} ${m.winsA || 0}–${m.winsB || 0} ${m.playerB} `,
      m.winner ? h("b", {}, t("tour.won", { name: m.winner })) : table ? h("a", { href: `#/table/${table}` }, t("watch")) : "",
      ...(table ? mine.map((p) => h("button", { class: "act", onclick: () => {
        document.getElementById("player-name").value = p;
        join(table, undefined, held[p]);
      } }, t("tour.sit", { name: p }))) : []));
  }));
  return h("article", { class: "tournament" }, h("h3", { title: tour.tournamentId }, tournamentName(tour.name)),
    h("p", {}, tour.finished ? t("tour.won", { name: tour.champion }) : t("tour.round", { n: tour.round || 1 })), standings, matches);
}

// -- word tools --------------------------------------------------------------------------------------
function wordsScreen() {
  const out = h("div", { class: "answer", id: "word-answer" });
  const tool = (id, label, placeholder, run) => {
    const input = h("input", { type: "text", name: id, placeholder });
    const form = h("form", { id: `word-${id}` }, h("label", {}, t(`words.${id}`), " ", input),
      h("button", { type: "submit" }, t(`words.${id}`)));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const answer = await guarded(() => run(input.value.trim()));
      if (answer) out.replaceChildren(answer);
    });
    return form;
  };
  const words = (list) => h("p", { class: "words" }, list.length ? list.join(" ") : t("words.none"));
  main.append(h("section", { id: "words" }, h("h2", {}, t("words.title")),
    tool("check", "check", "porte mangeons", async (text) => {
      const r = await call("LexiconService", "CheckWords", { words: text.split(/\s+/) });
      return h("ul", {}, ...r.verdicts.map((v) => h("li", { class: v.admissible ? "yes" : "no" },
        h("b", {}, v.word), ` ${t(v.admissible ? "words.admitted" : "words.refused")} `, v.reason || "")));
    }),
    tool("explain", "explain", "porte", async (text) => {
      const r = await call("LexiconService", "ExplainWord", { word: text });
      return h("ul", {}, h("li", {}, h("b", {}, r.verdict.key || text), ` ${t(r.verdict.admissible ? "words.admitted" : "words.refused")}`),
        ...(r.readings || []).map((x) => h("li", { class: x.admitted ? "yes" : "no" }, x.description || x.form)));
    }),
    tool("score", "score", "Pr Or Rb Tb Er", async (text) => {
      const r = await call("LexiconService", "ScoreWord", { cards: text.split(/\s+/) });
      return h("p", {}, h("span", { class: "cards" }, ...(r.cards || []).map(cardElement)),
        ` ${r.word || ""}: ${t("words.points", { n: r.score || 0 })}`, r.admissible ? ` (${t("words.breakdown",
          { length: r.lengthPoints || 0, letters: r.letterPoints || 0 })}${r.doubled ? `, ${t("words.doubled")}` : ""})` : ` — ${r.reason}`);
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
