// brelan in a browser: the routes to its screens, and what they share (the games' list and names, sitting at a
// table). The lobby, the tournaments and the word tools are screens/*.js, the table table/screen.js (its state
// table/state.js), the replay table/replay.js: each loaded on its route.
//
// Plain modules, no build step. Every call goes through rpc.js to the same services the gRPC clients
// use; a table is drawn from its typed view and legal space, in French or English (i18n.js).

import { call } from "./rpc.js";
import { remember, toast } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { gameTitle } from "./options.js";
import { guarded } from "./screens/common.js";
import { givenName, tableScreen } from "./table/screen.js";

const main = document.getElementById("main");
const NAME_KEY = "brelan.name";

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

// -- routing --------------------------------------------------------------------------------
let leaving = () => {}; // stops the current screen's streams and timers

// Each screen's module, loaded on its route: a missing or broken one costs only its screen.
const SCREENS = { tournaments: ["./screens/tournaments.js", "tournamentsScreen"], words: ["./screens/words.js", "wordsScreen"],
                  "": ["./screens/lobby.js", "lobbyScreen"] };

async function route() {
  leaving();
  const left = new AbortController(); // this screen's: a screen left while it is read is not put in the page
  leaving = () => left.abort();
  const [, screen, id] = location.hash.split("/");
  document.querySelectorAll("header nav a").forEach((a) => a.classList.toggle("here", a.hash === `#/${screen || ""}`));
  main.replaceChildren();
  const app = { title, join, playAgain, variantList, variantOf, lexiconNames, signal: left.signal };
  let stop = () => {};
  if (screen === "table" && id) {
    await variantList().catch(() => []);
    if (left.signal.aborted) return;
    stop = await tableScreen(main, decodeURIComponent(id), app);
  } else if (screen === "replay" && id) {
    await variantList().catch(() => []);
    if (left.signal.aborted) return;
    stop = await replay(decodeURIComponent(id));
  } else {
    const [path, name] = SCREENS[screen] || SCREENS[""];
    try {
      const module = await import(path);
      if (left.signal.aborted) return;
      stop = (await module[name](main, app)) || stop;
    } catch (e) {
      console.error("the screen", e);
      toast(String(e));
    }
  }
  if (left.signal.aborted) stop(); // left meanwhile
  else leaving = () => {
    left.abort();
    stop();
  };
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

// -- sitting at a table --------------------------------------------------------------------------

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
