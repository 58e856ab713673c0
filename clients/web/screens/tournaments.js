// The tournaments: each one's standings and matches (a live match's game: its deal and the two capitals), its bots'
// level, and the form that starts one (its players, people or bots, the bots' level, its format, and its games'
// clocks, deals and pause: AlphaPoker's options and levels as ListVariants gives them). The secrets of a tournament's
// people are kept in this browser, which takes their seats.

import { call } from "../rpc.js";
import { h } from "../dom.js";
import { lang, number, t } from "../i18n.js";
import { seatNames, tournamentName } from "../table/screen.js";
import { status } from "../table/state.js";
import { levelNamed, STRINGS as LEVEL_WORDS } from "../levels.js";
import { clockField, guarded, levelSelect, MAX_NAME, optionField, optionValues, pauseField } from "./common.js";

const GAME = "alphapoker"; // every tournament game's
// The game's options its form offers, from the game's VariantInfo (their ranges, defaults and words are its): the
// exchange's and the bet's clocks, the deals a game plays.
const GAME_OPTIONS = ["exchange_seconds", "bet_seconds", "rounds"];
const LIVE_READS = 16; // live matches whose game is read at each refresh (a table and its spectator's view each)

const STRINGS = {
  fr: {
    "tour.games": "chaque partie", "tour.live": "partie {game} · donne {n} sur {of}",
    "tour.live.tie": "partie {game} · donne {n} (départage)", "tour.live.waiting": "partie {game} · en attente des joueurs",
    "tour.capital": "{name} : {n} PM",
  },
  en: {
    "tour.games": "each game", "tour.live": "game {game} · deal {n} of {of}",
    "tour.live.tie": "game {game} · deal {n} (tie-break)", "tour.live.waiting": "game {game} · waiting for the players",
    "tour.capital": "{name}: {n} PM",
  },
};
const say = (key, vars) => t(key, vars, STRINGS);

// Each format's count of players (server/games/tournament.py's TournamentOptions): checked before it is asked.
const FORMATS = {
  knockout: (n) => [4, 8, 16, 32, 64].includes(n),
  preliminary: (n) => n >= 4 && n % 2 === 0 && n <= 128,
  "round-robin": (n) => n >= 2 && n <= 128,
};
const SECRETS_KEY = "brelan.secrets"; // tournament id -> {player: his join secret}, for the players of this browser

function secrets() {
  try {
    return JSON.parse(localStorage.getItem(SECRETS_KEY) || "{}");
  } catch {
    return {};
  }
}

/** The tournaments in ``main``: each one's standings and matches (read again every few seconds), and the form that
 *  starts one. ``app``: the page's (app.js) join(tableId, seat, secret), and the signal of the page leaving this
 *  screen. Returns what stops it. */
export async function tournamentsScreen(main, { join, signal, variantOf }) {
  const box = h("div", {});
  const all = h("input", { type: "checkbox" });
  // The game's VariantInfo: its options' ranges and words, its bots' levels (null when the server does not list it)
  const game = await variantOf?.(GAME).catch(() => null) ?? null;
  const refresh = async () => {
    const list = (await guarded(() => call("TournamentService", "ListTournaments", { includeFinished: all.checked })))?.tournaments;
    if (!list) return;
    const live = await liveGames(list);
    if (signal?.aborted) return;
    box.replaceChildren(...(list.length ? list.map((tour) => tournamentCard(tour, join, live, game))
      : [h("p", {}, t("tour.none"))]));
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
  const clock = clockField();
  // The game's clocks and deals, as its VariantInfo offers them (none shown when the server does not list it)
  const offered = (game?.options || []).filter((o) => GAME_OPTIONS.includes(o.name))
    .sort((a, b) => GAME_OPTIONS.indexOf(a.name) - GAME_OPTIONS.indexOf(b.name));
  // The level every bot plays at, the game's default unless chosen (none offered when the game lists no level)
  const level = levelSelect(game, { name: "level" });
  const form = h("form", { id: "create-tournament", novalidate: true }, h("h2", {}, t("tour.new")),
    h("p", { class: "quiet" }, t("tour.game")),
    h("label", {}, t("tour.name"), " ", name),
    h("fieldset", { class: "tour-players" }, h("legend", {}, t("tour.players")), players.node),
    h("label", { hidden: !level.options.length }, t("form.level"), " ", level),
    h("label", {}, t("tour.format"), " ", format),
    h("fieldset", { class: "tour-games" }, h("legend", {}, say("tour.games")), clock.node,
      ...offered.map((o) => optionField(o, GAME)), pause.node),
    error, h("button", { type: "submit" }, t("tour.start")));
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
                      bots: entries.flatMap((p, i) => (p.bot ? [i] : [])), botLevel: level.value, pauseSeconds: pause.seconds(),
                      options: optionValues(form, offered), ...clock.timing() };
    const created = await call("TournamentService", "CreateTournament", request).catch((e) => {
      [error.hidden, error.textContent] = [false, e.message]; // the server's reason, beside the form
      return null;
    });
    if (!created) return;
    // Each person's secret is kept here: his game's seat is taken from the tournament's card, in this browser.
    localStorage.setItem(SECRETS_KEY, JSON.stringify({ ...secrets(), [created.tournament.tournamentId]: created.joinSecrets || {} }));
    refresh();
  });
  if (signal?.aborted) return () => {}; // left before it was drawn
  main.append(h("section", { id: "tournaments" }, h("h2", {}, t("tournaments.title")),
    h("label", { class: "inline" }, all, " ", t("lobby.finished")), box), form);
  await refresh();
  const timer = setInterval(refresh, 3000);
  return () => clearInterval(timer);
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

/** The game each live match plays now (its last table, not finished), read for at most LIVE_READS of them: table id
 *  -> {info, view} (GetTable, and GetView as a spectator: the capitals every spectator sees). */
async function liveGames(tournaments) {
  const tables = tournaments.flatMap((tour) => (tour.finished ? [] : tour.matches || []))
    .filter((m) => !m.winner && (m.tableIds || []).length).map((m) => m.tableIds[m.tableIds.length - 1]).slice(0, LIVE_READS);
  const read = await Promise.all(tables.map(async (tableId) => {
    const [table, view] = await Promise.all([call("TableService", "GetTable", { tableId }).catch(() => null),
      call("TableService", "GetView", { tableId }).catch(() => null)]);
    return [tableId, { info: table?.table || null, view: view?.alphapoker || null }];
  }));
  return new Map(read.filter(([, game]) => game.info));
}

/** A live match's game in words: its number in the match, the deal being played of the game's deals (the table's
 *  hand and its rounds option; past them, a tie-break), and each player's capital (the PM in front of them). */
function liveGame(match, game) {
  const { info, view } = game;
  const n = (match.tableIds || []).length;
  if (status(info) === "waiting" || !info.hand) return h("span", { class: "live" }, say("tour.live.waiting", { game: n }));
  const hand = Number(info.hand);
  const of = Number(info.options?.rounds || view?.rounds || 0);
  const names = seatNames(info);
  const capitals = (view?.seats || []).map((s, i) => say("tour.capital", { name: names[i] ?? "", n: number(s.stack || 0) }));
  return h("span", { class: "live" }, of && hand > of ? say("tour.live.tie", { game: n, n: hand })
    : say("tour.live", { game: n, n: hand, of: of || "?" }), ...(capitals.length ? [" · ", capitals.join(" · ")] : []));
}

/** A tournament: where it stands and its bots' level (``game``: the game's VariantInfo, which words it), its
 *  standings, its matches (each one's last game to watch, with the game being played: ``live``, liveGames'; or a seat
 *  to take with this browser's secret). */
function tournamentCard(tour, join, live = new Map(), game = null) {
  const held = secrets()[tour.tournamentId] || {};
  const standings = h("table", { class: "list" }, h("tr", {}, ...["#", "player", "points", "tiebreak", "played", "won", "lost",
    "forfeited"].map((c) => h("th", {}, t(`tour.col.${c}`)))), ...(tour.standings || []).map((s) => h("tr", {},
    h("td", {}, s.place), h("td", {}, s.player), h("td", {}, s.matchPoints || 0), h("td", {}, s.tiebreak || 0),
    h("td", {}, s.played || 0), h("td", {}, s.won || 0), h("td", {}, s.lost || 0), h("td", {}, s.forfeited || 0))));
  const matches = h("ul", {}, ...(tour.matches || []).map((m) => {
    const table = (m.tableIds || [])[(m.tableIds || []).length - 1];
    const mine = [m.playerA, m.playerB].filter((p) => held[p] && !m.winner);
    const game = !m.winner && table ? live.get(table) : null;
    return h("li", { "data-table": table || null }, `${m.playerA} ${m.winsA || 0}–${m.winsB || 0} ${m.playerB} `,
      game ? [liveGame(m, game), " "] : null,
      m.winner ? h("b", {}, t("tour.won", { name: m.winner })) : table ? h("a", { href: `#/table/${table}` }, t("watch")) : "",
      ...(table ? mine.map((p) => h("button", { class: "act", onclick: () => {
        document.getElementById("player-name").value = p;
        join(table, undefined, held[p]);
      } }, t("tour.sit", { name: p }))) : []));
  }));
  return h("article", { class: "tournament" }, h("h3", { title: tour.tournamentId }, tournamentName(tour.name)),
    h("p", {}, tour.finished ? t("tour.won", { name: tour.champion }) : t("tour.round", { n: tour.round || 1 }),
      tour.botLevel ? [" · ", t("level.bots", { levels: levelNamed(game, tour.botLevel, lang) }, LEVEL_WORDS)] : null),
    standings, matches);
}
