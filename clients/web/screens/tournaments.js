// The tournaments: each one's standings and matches (a live match's game: its deal and the two capitals), its bots'
// level, and the form that starts one (its players, people or bots, the bots' level, its format, and its games'
// clocks, deals and pause: AlphaPoker's options and levels as ListVariants gives them). The secrets of a tournament's
// people are kept in the organiser's browser, whose page shows each person's own link to send them
// (#/tournaments/<id>/<secret>/<name>, screens/friends.js): opened in the player's browser, it is kept there, and that
// page shows the one tournament (#/tournaments/<id>) with "play as <name>" at each of their games.

import { call } from "../rpc.js";
import { h, toast } from "../dom.js";
import { lang, listed, number, t } from "../i18n.js";
import { refill, seatNames, tournamentName } from "../table/screen.js";
import { status } from "../table/state.js";
import { botNames, levelNamed, STRINGS as LEVEL_WORDS } from "../levels.js";
import { clockField, levelSelect, MAX_NAME, optionField, optionValues, pauseField, refusal } from "./common.js";
import { copyField, keepTournamentSecrets, tournamentInLink, tournamentLink, tournamentOver, tournamentPlayers,
         tournamentSecrets } from "./friends.js";

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
    "tour.links": "liens des joueurs",
    "tour.links.help": "Envoyez à chacun son lien : ouvert dans son navigateur, il y joue ses parties, celle en cours "
      + "et les suivantes. Qui ouvre un lien joue pour ce joueur : ne le donnez qu'à lui.",
    "tour.link": "lien de {name}",
    "tour.you": "Vous jouez pour {name} : « jouer pour {name} » vous assoit à chacune de vos parties, "
      + "aussi listées dans « Mes tables ».",
    "tour.all": "tous les tournois", "tour.missing": "Ce tournoi n'existe pas (ou plus).",
    "tour.link.bad": "Ce lien de tournoi est incomplet : demandez-le à nouveau à l'organisateur.",
  },
  en: {
    "tour.games": "each game", "tour.live": "game {game} · deal {n} of {of}",
    "tour.live.tie": "game {game} · deal {n} (tie-break)", "tour.live.waiting": "game {game} · waiting for the players",
    "tour.capital": "{name}: {n} {n:chip|chips}",
    "tour.links": "players' links",
    "tour.links.help": "Send each player their own link: opened in their browser, it plays their games there, the "
      + "current one and the next ones. Whoever opens a link plays for that player: give it to them alone.",
    "tour.link": "{name}'s link",
    "tour.you": "You play for {name}: “play as {name}” seats you at each of your games, also listed under “My tables”.",
    "tour.all": "all tournaments", "tour.missing": "This tournament does not exist (any more).",
    "tour.link.bad": "This tournament link is cut short: ask the organiser for it again.",
  },
};
const say = (key, vars) => t(key, vars, STRINGS);

// Each format's count of players (server/games/tournament.py's TournamentOptions): checked before it is asked.
const FORMATS = {
  knockout: (n) => [4, 8, 16, 32, 64].includes(n),
  preliminary: (n) => n >= 4 && n % 2 === 0 && n <= 128,
  "round-robin": (n) => n >= 2 && n <= 128,
};
// Each tournament's players' links, drawn once and moved into its card at each refresh: a link being copied keeps its
// field's selection and its button's "copied!" (tournament id -> the links' node).
const drawnLinks = new Map();

/** The tournaments in ``main``: each one's standings and matches (read again every few seconds), and the form that
 *  starts one; with ``app.id`` (#/tournaments/<id>) that tournament alone, and with a player's link
 *  (#/tournaments/<id>/<secret>/<name>) their secret kept in this browser first. ``app``: the page's (app.js)
 *  join(tableId, seat, secret), and the signal of the page leaving this screen. Returns what stops it. */
export async function tournamentsScreen(main, { join, signal, variantOf, id = "" }) {
  const link = tournamentInLink(location.hash);
  if (link) { // a player's own link: their secret kept here, then out of the address (a reload, a bookmark: the page)
    keepTournamentSecrets(link.tournamentId, { [link.player]: link.secret }, [link.player]);
    const header = document.getElementById("player-name");
    if (header && !header.value.trim()) header.value = link.player; // the name this browser plays under, unless given
    history.replaceState(null, "", `${location.pathname}${location.search}#/tournaments/${encodeURIComponent(link.tournamentId)}`);
  } else if (id && location.hash.split("/").length > 3) { // a link cut short: its secret out of the address all the same
    toast(say("tour.link.bad"));
    history.replaceState(null, "", `${location.pathname}${location.search}#/tournaments/${encodeURIComponent(id)}`);
  }
  const box = h("div", {});
  const all = h("input", { type: "checkbox" });
  // The game's VariantInfo: its options' ranges and words, its bots' levels (null when the server does not list it)
  const game = await variantOf?.(GAME).catch(() => null) ?? null;
  const read = () => (id
    ? call("TournamentService", "GetTournament", { tournamentId: id }).then((a) => [a.tournament])
    : call("TournamentService", "ListTournaments", { includeFinished: all.checked }).then((a) => a.tournaments || []));
  const refresh = async () => {
    const list = await read().catch((e) => {
      if (id) box.replaceChildren(h("p", {}, e.code === "not_found" ? say("tour.missing") : refusal(e)));
      else toast(refusal(e));
      return null;
    });
    if (!list) return;
    const live = await liveGames(list);
    if (signal?.aborted) return;
    list.filter((tour) => tour.finished).forEach((tour) => tournamentOver(tour.tournamentId));
    // drawn again only when what the cards show changed: a button is not replaced under the pointer every few seconds
    const shown = [list, [...live].map(([tableId, g]) => [tableId, g.info.status, g.info.hand, g.info.options?.rounds,
      (g.view?.seats || []).map((seat) => seat.stack)]), tournamentSecrets(), tournamentPlayers(), lang];
    refill(box, JSON.stringify(shown), () => (list.length ? list.map((tour) => tournamentCard(tour, join, live, game))
      : h("p", {}, t("tour.none"))));
  };
  all.addEventListener("change", refresh);
  // You (the name at the top of the page, asked for when none is given) against three bots, unless changed; the
  // bots named by the level they play at, as a table names its bots (levels.js's botNames), until renamed.
  const header = document.getElementById("player-name");
  const level = levelSelect(game, { name: "level" }); // the level every bot plays at, the game's default unless chosen
  const botsNamed = () => botNames({ variant: GAME, seats: [1, 2, 3].map(() => ({ bot: true, botLevel: level.value })) },
    t, lang);
  let named = botsNamed();
  const players = playerRows([[header?.value.trim() || "", false], ...named.map((n) => [n, true])]);
  const you = players.read()[0].field;
  you.placeholder = t("you.placeholder");
  level.addEventListener("change", () => { // a bot's name the organiser kept follows the level
    const now = botsNamed();
    players.read().forEach(({ field }) => {
      const k = named.indexOf(field.value);
      if (k >= 0 && field !== you) field.value = now[k];
    });
    named = now;
  });
  // the name typed at the top of the page fills yours while you typed none here
  let typed = you.value;
  const follow = () => {
    if (you.value === typed && header) you.value = typed = header.value.trim();
  };
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
      [error.hidden, error.textContent] = [false, refusal(e)]; // in the page's words, beside the form
      return null;
    });
    if (!created) return;
    // Each person's secret is kept here: their link is shown on the tournament's card, to send them; this browser
    // plays for you (the name at the top of the page, else the one you gave in your row: now the page's) when you
    // are one of them.
    const joins = created.joinSecrets || {};
    const mine = entries.find((p) => p.field === you && !p.bot)?.name || "";
    if (header && !header.value.trim() && mine) header.value = mine;
    const me = header?.value.trim();
    keepTournamentSecrets(created.tournament.tournamentId, joins, me && joins[me] ? [me] : []);
    refresh();
  });
  if (signal?.aborted) return () => {}; // left before it was drawn
  header?.addEventListener("input", follow);
  main.append(h("section", { id: "tournaments" }, h("h2", {}, t("tournaments.title")),
    id ? h("a", { href: "#/tournaments", class: "all" }, say("tour.all"))
      : h("label", { class: "inline" }, all, " ", t("tour.finished")), box), ...(id ? [] : [form]));
  await refresh();
  const timer = setInterval(refresh, 3000);
  return () => {
    clearInterval(timer);
    header?.removeEventListener("input", follow);
  };
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
  const held = tournamentSecrets()[tour.tournamentId] || {};
  // in a box of its own that scrolls sideways on a phone, never the page; there, the matches played (won + lost) and
  // the forfeits while nobody has any are left out (style.css), so that it fits
  const rows = tour.standings || [];
  const forfeits = rows.some((s) => Number(s.forfeited || 0)) ? "forfeited" : "forfeited none";
  const standings = h("div", { class: "scroll" }, h("table", { class: "list standings" }, h("tr", {}, ...["#", "player",
    "points", "tiebreak", "played", "won", "lost", "forfeited"].map((c) => h("th", { class: c === "forfeited" ? forfeits : c },
    t(`tour.col.${c}`)))), ...rows.map((s) => h("tr", {},
    h("td", {}, s.place), h("td", {}, s.player), h("td", {}, s.matchPoints || 0), h("td", {}, number(s.tiebreak || 0)),
    h("td", { class: "played" }, s.played || 0), h("td", {}, s.won || 0), h("td", {}, s.lost || 0),
    h("td", { class: forfeits }, s.forfeited || 0)))));
  // whom this browser plays for (a player's own link opened, the organiser's own name), and the others it holds the
  // links of (the organiser's: to send them)
  const playing = tournamentPlayers().filter((p) => p.tournamentId === tour.tournamentId).map((p) => p.player);
  const others = (tour.players || []).filter((p) => held[p] && !playing.includes(p));
  const matches = h("ul", { class: "matches" }, ...(tour.matches || []).map((m) => {
    const table = (m.tableIds || [])[(m.tableIds || []).length - 1];
    // a seat offered only to whom this browser plays for: the organiser holds every player's secret, to send their
    // links, and one click there would take a friend's seat from under them. A browser that plays for nobody yet (its
    // organiser named none of the players at the top of the page) is offered each, and plays for the one it takes.
    const mine = [m.playerA, m.playerB].filter((p) => held[p] && (!playing.length || playing.includes(p)) && !m.winner);
    const game = !m.winner && table ? live.get(table) : null;
    return h("li", { "data-table": table || null }, `${m.playerA} ${m.winsA || 0}–${m.winsB || 0} ${m.playerB} `,
      game ? [liveGame(m, game), " "] : null,
      m.winner ? h("b", {}, t("tour.won", { name: m.winner })) : table ? h("span", { class: "match-actions" },
        h("a", { href: `#/table/${table}` }, t("watch")),
        mine.map((p) => h("button", { class: "act", "data-player": p, onclick: () => {
          keepTournamentSecrets(tour.tournamentId, {}, [p]);
          document.getElementById("player-name").value = p;
          join(table, undefined, held[p]);
        } }, t("tour.sit", { name: p })))) : "");
  }));
  const you = playing.length && !tour.finished ? h("p", { class: "you-play" }, say("tour.you", { name: listed(playing) })) : null;
  return h("article", { class: "tournament", "data-tournament": tour.tournamentId },
    h("h3", { title: tour.tournamentId }, tournamentName(tour.name)),
    h("p", {}, tour.finished ? t("tour.won", { name: tour.champion }) : t("tour.round", { n: tour.round || 1 }),
      tour.botLevel ? [" · ", t("level.bots", { levels: levelNamed(game, tour.botLevel, lang) }, LEVEL_WORDS)] : null),
    you, standings, matches, others.length && !tour.finished ? playerLinks(tour, others, held) : null);
}

/** The links of a tournament's ``people`` whose secrets (``held``) this browser holds (the organiser's): each one's to
 *  copy and send, open while no game has ended (the moment to send them), folded after. Drawn once a tournament,
 *  language and people, then kept (drawnLinks). */
function playerLinks(tour, people, held) {
  const key = JSON.stringify([tour.tournamentId, lang, people]);
  if (!drawnLinks.has(key)) {
    const fresh = !(tour.standings || []).some((s) => Number(s.played || 0) > 0);
    drawnLinks.set(key, h("details", { class: "player-links", open: fresh }, h("summary", {}, say("tour.links")),
      h("p", { class: "quiet" }, h("small", {}, say("tour.links.help"))),
      ...people.map((p) => h("div", { class: "player-link", "data-player": p },
        h("span", { class: "who" }, p), copyField(tournamentLink(tour.tournamentId, p, held[p]), say("tour.link", { name: p }))))));
  }
  return drawnLinks.get(key);
}
