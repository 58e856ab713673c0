// brelan in a browser: the routes to its screens, and what they share (the games' list and names, sitting at a
// table). The lobby, the tournaments and the word tools are screens/*.js, the table table/screen.js (its state
// table/state.js), the replay table/replay.js: each loaded on its route.
//
// Plain modules, no build step. Every call goes through rpc.js to the same services the gRPC clients
// use; a table is drawn from its typed view and legal space, in French or English (i18n.js).

import { call } from "./rpc.js";
import { remember, seats, toast } from "./dom.js";
import { lang, setLang, t } from "./i18n.js";
import { playerKey, storedKey } from "./key.js";
import { knowVariants } from "./levels.js";
import { gameTitle } from "./options.js";
import { guarded, refusalText } from "./screens/common.js";
import { againRequest } from "./table/again.js";
import { status, tableScreen } from "./table/screen.js";

const main = document.getElementById("main");
const NAME_KEY = "brelan.name";

let variants = null; // ListVariants, once
async function variantList() {
  if (!variants) {
    variants = (await call("TableService", "ListVariants")).variants;
    knowVariants(variants); // a table's bots named by their levels, in the game's words
  }
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

// Each screen's module, loaded on its route: a missing or broken one costs only its screen. #/join/<table> is an
// invitation opened (screens/friends.js).
const SCREENS = { tournaments: ["./screens/tournaments.js", "tournamentsScreen"], words: ["./screens/words.js", "wordsScreen"],
                  join: ["./screens/friends.js", "joinScreen"], "": ["./screens/lobby.js", "lobbyScreen"] };

async function route() {
  leaving();
  const left = new AbortController(); // this screen's: a screen left while it is read is not put in the page
  leaving = () => left.abort();
  if (location.hash.startsWith("#key=")) { // a player key brought from another device: offered, then the lobby
    await keyOffered();
    if (left.signal.aborted) return;
  }
  const [, screen, id, secret] = location.hash.split("/"); // #/join/<table>/<secret>: a seat kept for a guest
  document.querySelectorAll("header nav a").forEach((a) => a.classList.toggle("here", a.hash === `#/${screen || ""}`));
  main.replaceChildren();
  const app = { title, join, playAgain, variantList, variantOf, lexiconNames, signal: left.signal,
                id: id ? decodeURIComponent(id) : "", secret: secret ? decodeURIComponent(secret) : "" };
  let stop = () => {};
  if (screen === "table" && id) {
    await variantList().catch(() => []);
    if (left.signal.aborted) return;
    // While the table waits for people: whom, and its link to send (screens/friends.js), above the table's screen.
    const invited = await invitation(decodeURIComponent(id), left.signal);
    if (left.signal.aborted) return invited();
    const screenStop = await tableScreen(main, decodeURIComponent(id), app);
    stop = () => {
      invited();
      screenStop();
    };
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

/** A table's invitation (screens/friends.js's): loaded on a table's route; a missing or broken module costs only it.
 *  Returns what stops it. */
async function invitation(tableId, signal) {
  try {
    const { invitation: invite } = await import("./screens/friends.js");
    return await invite(main, tableId, signal);
  } catch (e) {
    console.error("the invitation", e);
    return () => {};
  }
}

/** The page opened with #key=...: the key offered (screens/friends.js's dialog), then out of the address. */
async function keyOffered() {
  try {
    const { offerKey } = await import("./screens/friends.js");
    await offerKey();
  } catch (e) {
    console.error("the key offered", e);
    history.replaceState(null, "", `${location.pathname}${location.search}#/`);
  }
}

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

/** Sit at a table, with this browser's player key (key.js): the first free seat, a given one, or a reserved one with
 *  its secret; without a seat nor a secret, the seat the key holds or has kept there, if any (a seat taken back);
 *  then open it. A secret given empty (the table's "take my seat back" box left blank) asks for the key's own seat
 *  alone, never a free one. A refusal is said in the page's language. */
async function join(tableId, seat = undefined, secret = undefined) {
  if (secret === "" && !(await keyHolds(tableId))) {
    toast(refusalText("key.none"));
    return;
  }
  const request = { tableId, player: playerName(), playerKey: playerKey(), ...(secret ? { secret } : {}) };
  if (seat !== undefined) request.seat = seat;
  const joined = await guarded(() => call("TableService", "JoinTable", request));
  if (!joined) return;
  remember(tableId, joined.seat || 0, joined.token);
  if (location.hash === `#/table/${tableId}`) route();
  else location.hash = `#/table/${tableId}`;
}

/** Whether this browser's key holds a seat at ``tableId``, or has one kept there (ListMyTables). */
async function keyHolds(tableId) {
  if (!storedKey()) return false;
  const mine = await call("TableService", "ListMyTables", { playerKey: storedKey() }).catch(() => ({}));
  return (mine.seats || []).some((s) => s.table?.tableId === tableId);
}

/** The same game again: a new table with the same rules, bots and time, you at your seat (table/again.js). Made as
 *  the old table's rematch (rematch_of), so its other players are invited to it; the rematch another player of the
 *  table made already (TableInfo.rematch) is joined instead, while it has a seat for you. A tournament's game leads
 *  to its tournament instead, where the player's next game is. */
async function playAgain(info, seat) {
  if (info.tournament) { // the tournament's page: the player's next game is there, as it is made
    location.hash = `#/tournaments/${encodeURIComponent(info.tournament.tournamentId)}`;
    return;
  }
  if (await rematchJoined(info)) return;
  const token = seats()[info.tableId]?.token || ""; // a rematch is made by one of its players
  const created = await guarded(() => call("TableService", "CreateTable", againRequest(info, token), token));
  if (created) await join(created.table.tableId, seat);
}

/** The table's rematch, made already by another of its players: opened when this browser sits there, joined when
 *  it has a free seat (or one this browser's key holds); true when it was. */
async function rematchJoined(info) {
  const now = (await call("TableService", "GetTable", { tableId: info.tableId }).catch(() => ({}))).table || info;
  if (!now.rematch) return false;
  if (seats()[now.rematch]) {
    location.hash = `#/table/${now.rematch}`;
    return true;
  }
  const next = (await call("TableService", "GetTable", { tableId: now.rematch }).catch(() => ({}))).table;
  const open = next && status(next) !== "finished" && (next.seats || []).some((s) => !s.taken && !s.reserved);
  if (!open && !(await keyHolds(now.rematch))) return false; // full: a table of your own
  await join(now.rematch);
  return true;
}
